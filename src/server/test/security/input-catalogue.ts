// Every API endpoint that takes input, with a valid request to start from: the hostile-input
// tests replace field values, query values and path ids with naughty strings and random JSON.
// Also: what "stored safely" means (no < or >, so no tag or attribute; links only http(s)),
// checked by reading back every user-writable column.
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { type Db, queryRows } from "../../db/client";
import { unsubscribeToken } from "../../features/newsletter/unsubscribe-token";
import { insertDiscussionRow } from "../discussions";
import { uniqueEmail } from "../factories";
import { insertDataRequest, insertWord } from "../staff-area";
import type { TestApp, TestClient } from "../test-app";
import type { Caller } from "./permission-matrix";
import { type Callers, insertBlogPost } from "./test-support";

export type BodyEndpoint = {
  name: string;
  method: "POST" | "PUT" | "PATCH";
  caller: Caller;
  path: string;
  /** A valid body; each call gives fresh values (unique emails). */
  valid: () => Record<string, unknown>;
  /** Extra headers (the control token). */
  headers?: Record<string, string>;
  /** Hashes a password on every call (tens of milliseconds): the long runs sample it. */
  slow?: boolean;
};

export type QueryEndpoint = {
  path: string;
  caller: Caller;
  params: readonly string[];
  /** The parameters a valid request needs, when it needs any. */
  valid?: Record<string, string>;
};

export type IdRoute = { method: "GET" | "PUT" | "PATCH" | "DELETE"; caller: Caller; path: string };

export type Catalogue = {
  bodies: BodyEndpoint[];
  queries: QueryEndpoint[];
  /** `:id` stands for the hostile value. */
  ids: IdRoute[];
};

export async function buildCatalogue(
  t: TestApp,
  callers: Callers,
  controlToken: string,
): Promise<Catalogue> {
  const discussionId = await insertDiscussionRow(t.db, { authorId: callers.other.id });
  const postId = await insertBlogPost(t.db, callers.members.author.id);
  const wordId = await insertWord(t.db);
  const requestId = await insertDataRequest(t.db);
  const { secret } = await t.auth.$context;
  const email = () => uniqueEmail("hostile");
  const post = () => ({
    title: "Title",
    excerpt: "Excerpt",
    content: "Content",
    category: "Rants & Vents",
    status: "draft",
    featured: false,
  });
  const bodies: BodyEndpoint[] = [
    {
      name: "sign-up",
      method: "POST",
      caller: "anonymous",
      path: "/api/auth/sign-up/email",
      slow: true,
      valid: () => ({ name: "Nora New", email: email(), password: "a long password" }),
    },
    {
      name: "sign-in",
      method: "POST",
      caller: "anonymous",
      path: "/api/auth/sign-in/email",
      slow: true,
      valid: () => ({ email: callers.other.email, password: "a wrong password" }),
    },
    {
      name: "resend confirmation",
      method: "POST",
      caller: "anonymous",
      path: "/api/auth/resend-confirmation",
      valid: () => ({ email: email() }),
    },
    {
      name: "confirm email",
      method: "POST",
      caller: "anonymous",
      path: "/api/auth/confirm-email",
      slow: true,
      valid: () => ({ token: "a-link-token", name: "Nora New", password: "a long password" }),
    },
    {
      name: "request password reset",
      method: "POST",
      caller: "anonymous",
      path: "/api/auth/request-password-reset",
      valid: () => ({ email: email() }),
    },
    {
      name: "reset password",
      method: "POST",
      caller: "anonymous",
      path: "/api/auth/reset-password",
      slow: true,
      valid: () => ({ token: "a-link-token", newPassword: "a long password" }),
    },
    {
      // A wrong current password: a right one would end the shared callers' other sessions.
      name: "change password",
      method: "POST",
      caller: "user",
      path: "/api/auth/change-password",
      slow: true,
      valid: () => ({ currentPassword: "not the password", newPassword: "a long password" }),
    },
    {
      name: "change email",
      method: "POST",
      caller: "user",
      path: "/api/account/email",
      valid: () => ({ email: email() }),
    },
    {
      name: "confirm email change",
      method: "POST",
      caller: "anonymous",
      path: "/api/account/email/confirm",
      valid: () => ({ token: "a-link-token" }),
    },
    {
      name: "discussion create",
      method: "POST",
      caller: "user",
      path: "/api/discussions",
      valid: () => ({ title: "Title", content: "Content" }),
    },
    {
      name: "discussion pin",
      method: "PUT",
      caller: "moderator",
      path: `/api/discussions/${discussionId}/pin`,
      valid: () => ({ pinned: true }),
    },
    {
      name: "discussion lock",
      method: "PUT",
      caller: "moderator",
      path: `/api/discussions/${discussionId}/lock`,
      valid: () => ({ locked: false }),
    },
    {
      name: "profile save",
      method: "PATCH",
      caller: "user",
      path: "/api/profiles/me",
      valid: () => ({
        fullName: "Uma User",
        bio: "Bio",
        location: "Leeds",
        website: "https://example.com/",
        dateOfBirth: "1990-01-01",
        isPublic: true,
        socialTwitter: "uma",
        socialLinkedin: "https://www.linkedin.com/in/uma",
      }),
    },
    {
      name: "newsletter",
      method: "POST",
      caller: "anonymous",
      path: "/api/newsletter",
      valid: () => ({ email: email() }),
    },
    {
      name: "newsletter unsubscribe",
      method: "POST",
      caller: "anonymous",
      path: "/api/newsletter/unsubscribe",
      valid: () => {
        const address = email();
        return { email: address, token: unsubscribeToken(secret, address) };
      },
    },
    {
      name: "contact",
      method: "POST",
      caller: "anonymous",
      path: "/api/contact",
      valid: () => ({ name: "Sam", email: email(), subject: "Hi", message: "Hello" }),
    },
    {
      name: "data request",
      method: "POST",
      caller: "user",
      path: "/api/data-requests",
      valid: () => ({
        requestType: "access",
        email: email(),
        fullName: "Dana",
        details: "Details",
      }),
    },
    {
      name: "CMS blog post create",
      method: "POST",
      caller: "author",
      path: "/api/cms/blog-posts",
      valid: post,
    },
    {
      name: "CMS blog post edit",
      method: "PUT",
      caller: "admin",
      path: `/api/cms/blog-posts/${postId}`,
      valid: post,
    },
    {
      name: "CMS discussion create",
      method: "POST",
      caller: "moderator",
      path: "/api/cms/discussions",
      valid: () => ({ title: "Title", content: "Content" }),
    },
    {
      name: "CMS discussion edit",
      method: "PATCH",
      caller: "admin",
      path: `/api/cms/discussions/${discussionId}`,
      valid: () => ({ title: "Title", content: "Content" }),
    },
    {
      name: "hero word add",
      method: "POST",
      caller: "author",
      path: "/api/cms/hero-words",
      valid: () => ({ word: "grumble" }),
    },
    {
      name: "hero word switch",
      method: "PATCH",
      caller: "moderator",
      path: `/api/cms/hero-words/${wordId}`,
      valid: () => ({ isActive: true }),
    },
    {
      name: "role change",
      method: "PUT",
      caller: "admin",
      path: `/api/users/${callers.other.id}/role`,
      valid: () => ({ role: "user", reason: "Because" }),
    },
    {
      name: "data request status",
      method: "PATCH",
      caller: "admin",
      path: `/api/inbox/data-requests/${requestId}`,
      valid: () => ({ status: "pending" }),
    },
    {
      name: "control role",
      method: "POST",
      caller: "anonymous",
      path: "/api/control/role",
      valid: () => ({ email: callers.other.email, role: "user" }),
      headers: { authorization: `Bearer ${controlToken}` },
    },
  ];
  const page = ["cursor", "limit"] as const;
  const queries: QueryEndpoint[] = [
    {
      path: "/api/discussions",
      caller: "anonymous",
      params: ["q", "author", "range", "pinned", "locked", ...page],
    },
    { path: "/api/members", caller: "admin", params: ["search", "role", "sort", ...page] },
    { path: "/api/members", caller: "user", params: ["search", "role", "sort", ...page] },
    { path: "/api/users", caller: "admin", params: ["search", ...page] },
    { path: "/api/blog-posts", caller: "anonymous", params: page },
    { path: "/api/cms/blog-posts", caller: "admin", params: page },
    {
      path: "/api/cms/discussions",
      caller: "admin",
      params: ["q", "author", "range", "pinned", "locked", ...page],
    },
    { path: "/api/inbox/messages", caller: "admin", params: page },
    { path: "/api/inbox/data-requests", caller: "admin", params: page },
    {
      path: "/api/auth/confirm-email",
      caller: "anonymous",
      params: ["token"],
      valid: { token: "a-link-token" },
    },
  ];
  const ids: IdRoute[] = [
    { method: "GET", caller: "anonymous", path: "/api/discussions/:id" },
    { method: "PUT", caller: "moderator", path: "/api/discussions/:id/pin" },
    { method: "DELETE", caller: "moderator", path: "/api/discussions/:id" },
    { method: "GET", caller: "user", path: "/api/profiles/:id" },
    { method: "PATCH", caller: "user", path: "/api/profiles/:id" },
    { method: "GET", caller: "anonymous", path: "/api/blog-posts/:id" },
    { method: "GET", caller: "admin", path: "/api/cms/blog-posts/:id" },
    { method: "PUT", caller: "admin", path: "/api/cms/blog-posts/:id" },
    { method: "DELETE", caller: "admin", path: "/api/cms/blog-posts/:id" },
    { method: "PATCH", caller: "admin", path: "/api/cms/discussions/:id" },
    { method: "PATCH", caller: "admin", path: "/api/cms/hero-words/:id" },
    { method: "DELETE", caller: "admin", path: "/api/cms/hero-words/:id" },
    { method: "PUT", caller: "admin", path: "/api/users/:id/role" },
    { method: "PATCH", caller: "admin", path: "/api/inbox/data-requests/:id" },
    { method: "DELETE", caller: "user", path: "/api/account/sessions/:id" },
  ];
  return { bodies, queries, ids };
}

/** Bodies for the id routes that take one, so that the id is what gets tested. */
export const ID_ROUTE_BODIES: Record<string, unknown> = {
  "PUT /api/discussions/:id/pin": { pinned: true },
  "PATCH /api/profiles/:id": { fullName: "Valid Name" },
  "PUT /api/cms/blog-posts/:id": { title: "T", excerpt: "E", content: "C" },
  "PATCH /api/cms/discussions/:id": { title: "T", content: "C" },
  "PATCH /api/cms/hero-words/:id": { isActive: true },
  "PUT /api/users/:id/role": { role: "user" },
  "PATCH /api/inbox/data-requests/:id": { status: "in_progress" },
};

export function send(
  client: TestClient,
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<Response> {
  switch (method) {
    case "GET":
      return client.get(path, headers);
    case "DELETE":
      return client.delete(path, headers);
    case "POST":
      return client.post(path, body, headers);
    case "PUT":
      return client.put(path, body, headers);
    default:
      return client.patch(path, body, headers);
  }
}

/** DESIGN's error body, and nothing else in it. */
export async function expectErrorShape(response: Response, context: string): Promise<void> {
  expect(response.headers.get("content-type"), context).toMatch(/application\/json/);
  const body = (await response.json()) as Record<string, unknown>;
  expect(Object.keys(body), context).toEqual(["error"]);
  const error = body.error as Record<string, unknown>;
  expect(typeof error.code, context).toBe("string");
  expect(typeof error.message, context).toBe("string");
  expect((error.message as string).length, context).toBeGreaterThan(0);
  for (const key of Object.keys(error))
    expect(["code", "message", "fields"], context).toContain(key);
  if (error.fields !== undefined) {
    for (const value of Object.values(error.fields as Record<string, unknown>)) {
      expect(typeof value, context).toBe("string");
    }
  }
}

/** Never a 5xx; a 4xx always in DESIGN's error shape. */
export async function expectHandled(response: Response, context: string): Promise<void> {
  expect(response.status, `${context}: ${await response.clone().text()}`).toBeLessThan(500);
  if (response.status >= 400) await expectErrorShape(response, context);
}

/**
 * A write's answer echoes what was stored (the profile, the post, the discussion): it must
 * hold no `<` or `>`. This catches what a later write would overwrite before a table scan.
 */
export async function expectSafeEcho(response: Response, context: string): Promise<void> {
  if (!response.ok || response.status === 204) return;
  const text = await response.clone().text();
  expect(text, context).not.toMatch(/[<>]/);
}

/** Every column a member or staff can write text into (SPEC §5 cleans them all). */
const TEXT_COLUMNS: Record<string, readonly string[]> = {
  discussions: ["title", "content"],
  profiles: ["full_name", "bio", "location", "website", "social_twitter", "social_linkedin"],
  blog_posts: ["title", "excerpt", "content"],
  hero_words: ["word"],
  contact_messages: ["name", "email", "subject", "message"],
  data_requests: ["full_name", "email", "details"],
  newsletter_subscribers: ["email"],
  user: ["name", "email"],
  role_changes: ["reason"],
};

/**
 * Rows holding a `<` or `>` (the only way to a tag or an attribute), a link that is not
 * http(s), or an avatar URL that is not ours. Empty when everything stored is safe.
 */
export async function unsafeStoredValues(db: Db): Promise<string[]> {
  const problems: string[] = [];
  for (const [table, columns] of Object.entries(TEXT_COLUMNS)) {
    for (const column of columns) {
      const rows = await queryRows<{ value: string }>(
        db,
        sql`select ${sql.identifier(column)} as value from ${sql.identifier(table)}
            where ${sql.identifier(column)} ~ '[<>]'`,
      );
      for (const row of rows) problems.push(`${table}.${column}: ${JSON.stringify(row.value)}`);
    }
  }
  const links = await queryRows<{ value: string }>(
    db,
    sql`select website as value from profiles where website !~ '^https?://'
        union all select social_linkedin from profiles where social_linkedin !~ '^https?://'
        union all select avatar_url from profiles where avatar_url !~ '^/uploads/'`,
  );
  for (const row of links) problems.push(`link: ${JSON.stringify(row.value)}`);
  return problems;
}
