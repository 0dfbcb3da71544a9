// docs/product.md §6 on the server: every staff endpoint, for each of anonymous, user, author, moderator
// and admin. Signed out is 401; a role without the capability is 403; the others succeed.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertDiscussionRow } from "@/server/test/discussions";
import {
  CALLERS,
  createStaffClients,
  insertDataRequest,
  insertPost,
  insertWord,
  type StaffClients,
} from "@/server/test/staff-area";
import { termsText } from "@/server/test/terms";
import { createTestApp, type TestApp, type TestClient } from "@/server/test/test-app";
import { type Capability, can } from "@/shared/permissions";

let t: TestApp;
let clients: StaffClients;
beforeAll(async () => {
  t = await createTestApp();
  clients = await createStaffClients(t);
});
afterAll(async () => {
  await t.close();
});

type Endpoint = {
  capability: Capability;
  method: "get" | "post" | "put" | "patch" | "delete";
  /** Builds the path, creating the row the request acts on when there is one. */
  path: () => Promise<string> | string;
  /** The body, or a function giving a fresh one per call (a hero word the list lacks). */
  body?: unknown;
  success: 200 | 201 | 204;
};

const post = { title: "A title", excerpt: "An excerpt", content: "Content" };
const discussion = { category: "rants-and-vents", title: "Staff title", content: "Staff content" };

const ENDPOINTS: Record<string, Endpoint> = {
  "GET /api/cms/overview": {
    capability: "cmsAccess",
    method: "get",
    path: () => "/api/cms/overview",
    success: 200,
  },

  "GET /api/cms/blog-posts": {
    capability: "cmsBlog",
    method: "get",
    path: () => "/api/cms/blog-posts",
    success: 200,
  },
  "POST /api/cms/blog-posts": {
    capability: "cmsBlog",
    method: "post",
    path: () => "/api/cms/blog-posts",
    body: post,
    success: 201,
  },
  "GET /api/cms/blog-posts/:id": {
    capability: "cmsBlog",
    method: "get",
    path: async () => `/api/cms/blog-posts/${await insertPost(t.db)}`,
    success: 200,
  },
  "PUT /api/cms/blog-posts/:id": {
    capability: "cmsBlog",
    method: "put",
    path: async () => `/api/cms/blog-posts/${await insertPost(t.db)}`,
    body: { ...post, status: "published" },
    success: 200,
  },
  "DELETE /api/cms/blog-posts/:id": {
    capability: "cmsBlog",
    method: "delete",
    path: async () => `/api/cms/blog-posts/${await insertPost(t.db)}`,
    success: 204,
  },

  "GET /api/cms/discussions": {
    capability: "moderateDiscussions",
    method: "get",
    path: () => "/api/cms/discussions",
    success: 200,
  },
  "POST /api/cms/discussions": {
    capability: "moderateDiscussions",
    method: "post",
    path: () => "/api/cms/discussions",
    body: discussion,
    success: 201,
  },
  "PATCH /api/cms/discussions/:id": {
    capability: "moderateDiscussions",
    method: "patch",
    path: async () => `/api/cms/discussions/${await insertDiscussionRow(t.db)}`,
    // Someone else's discussion: a moderator's edit gives a reason (docs/decisions/048).
    body: { ...discussion, reason: "Tidying the title" },
    success: 200,
  },
  // The forum's moderation endpoints, which the CMS Discussions tab uses.
  "PUT /api/discussions/:id/pin": {
    capability: "moderateDiscussions",
    method: "put",
    path: async () => `/api/discussions/${await insertDiscussionRow(t.db)}/pin`,
    body: { pinned: true },
    success: 200,
  },
  "PUT /api/discussions/:id/lock": {
    capability: "moderateDiscussions",
    method: "put",
    path: async () => `/api/discussions/${await insertDiscussionRow(t.db)}/lock`,
    body: { locked: true },
    success: 200,
  },
  "DELETE /api/discussions/:id": {
    capability: "moderateDiscussions",
    method: "delete",
    path: async () => `/api/discussions/${await insertDiscussionRow(t.db)}`,
    success: 204,
  },

  "GET /api/cms/site-pages/:slug": {
    capability: "sitePages",
    method: "get",
    path: () => "/api/cms/site-pages/terms",
    success: 200,
  },
  "PUT /api/cms/site-pages/:slug": {
    capability: "sitePages",
    method: "put",
    path: () => "/api/cms/site-pages/terms",
    body: { content: termsText("## Terms\nBe kind.") },
    success: 200,
  },

  "GET /api/cms/hero-words": {
    capability: "heroWords",
    method: "get",
    path: () => "/api/cms/hero-words",
    success: 200,
  },
  "POST /api/cms/hero-words": {
    capability: "heroWords",
    method: "post",
    path: () => "/api/cms/hero-words",
    body: () => ({ word: `grumble ${Math.random().toString(36).slice(2, 10)}` }),
    success: 201,
  },
  "PATCH /api/cms/hero-words/:id": {
    capability: "heroWords",
    method: "patch",
    path: async () => `/api/cms/hero-words/${await insertWord(t.db)}`,
    body: { isActive: false },
    success: 200,
  },
  "DELETE /api/cms/hero-words/:id": {
    capability: "heroWords",
    method: "delete",
    path: async () => `/api/cms/hero-words/${await insertWord(t.db)}`,
    success: 204,
  },

  "GET /api/users": {
    capability: "manageUsers",
    method: "get",
    path: () => "/api/users",
    success: 200,
  },
  "PUT /api/users/:id/role": {
    capability: "manageUsers",
    method: "put",
    path: () => `/api/users/${clients.ids.user}/role`,
    body: { role: "user" },
    success: 200,
  },

  "GET /api/inbox/messages": {
    capability: "inbox",
    method: "get",
    path: () => "/api/inbox/messages",
    success: 200,
  },
  "GET /api/inbox/data-requests": {
    capability: "inbox",
    method: "get",
    path: () => "/api/inbox/data-requests",
    success: 200,
  },
  "PATCH /api/inbox/data-requests/:id": {
    capability: "inbox",
    method: "patch",
    path: async () => `/api/inbox/data-requests/${await insertDataRequest(t.db)}`,
    body: { status: "in_progress" },
    success: 200,
  },
};

function send(client: TestClient, endpoint: Endpoint, path: string) {
  if (endpoint.method === "get") return client.get(path);
  if (endpoint.method === "delete") return client.delete(path);
  const body = typeof endpoint.body === "function" ? endpoint.body() : endpoint.body;
  return client[endpoint.method](path, body ?? {});
}

describe.each(Object.entries(ENDPOINTS))("%s", (_name, endpoint) => {
  it.each(CALLERS)("as %s", async (caller) => {
    const expected =
      caller === "anonymous" ? 401 : can(caller, endpoint.capability) ? endpoint.success : 403;
    const response = await send(clients[caller], endpoint, await endpoint.path());
    expect(response.status).toBe(expected);
  });
});

it("the table covers the capabilities as docs/product.md §6 gives them", () => {
  // Guards the table above against a permissions.ts edit that would quietly widen a tab.
  const allowed = (capability: Capability) =>
    CALLERS.filter((caller) => caller !== "anonymous" && can(caller, capability));
  expect(allowed("cmsAccess")).toEqual(["author", "moderator", "admin"]);
  expect(allowed("cmsBlog")).toEqual(["author", "admin"]);
  expect(allowed("moderateDiscussions")).toEqual(["moderator", "admin"]);
  expect(allowed("manageUsers")).toEqual(["admin"]);
  expect(allowed("heroWords")).toEqual(["author", "moderator", "admin"]);
  expect(allowed("inbox")).toEqual(["admin"]);
});
