// Every answer's caching rule (docs/decisions/050): an answer made for a session says
// `Cache-Control: private, no-store` and `Vary: Cookie`, so that a shared cache in front never
// replays a member's or a moderator's view to someone else; a visitor's keeps its route's own.
// Walks every route of the app (the permission matrix's, and every GET, found as the matrix
// finds them) as a visitor, a member, a moderator and an admin; then the server-rendered pages.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/server/app";
import { builtClient } from "@/server/test/built-client";
import { insertDiscussionRow } from "@/server/test/discussions";
import { insertReplyRow } from "@/server/test/replies";
import { createTestApp, type TestApp, type TestClient } from "@/server/test/test-app";
import {
  type Caller,
  MUTATING_METHODS,
  PERMISSION_MATRIX,
  PUBLIC_DOCUMENTS,
  rowKey,
} from "./permission-matrix";
import { type Callers, clientFor, createCallers } from "./test-support";

const SHELL =
  '<!doctype html><html lang="en"><head><title>Rant Community</title>' +
  '<meta name="description" content="x"></head><body><div id="root"></div></body></html>';

const VIEWERS = ["anonymous", "user", "moderator", "admin"] as const satisfies Caller[];
const NIL_ID = "00000000-0000-4000-8000-000000000000";

let t: TestApp;
let app: ReturnType<typeof createApp>;
let callers: Callers;
let discussionId: string;
let replyId: string;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "1000" } });
  app = createApp(t.deps, { staticFiles: builtClient(SHELL) });
  callers = await createCallers(t);
  // A thread with a hidden reply (a moderator reads its words) by a member the user blocked.
  discussionId = await insertDiscussionRow(t.db, { authorId: callers.other.id });
  replyId = await insertReplyRow(t.db, discussionId, {
    authorId: callers.other.id,
    content: "Hidden words",
  });
  await t.db.execute(sql`update discussion_replies set hidden_at = now() where id = ${replyId}`);
  await callers.members.user.client.put(`/api/blocks/${callers.other.id}`);
});
afterAll(async () => {
  await t.close();
});

/** A route's path with real records for a read, and ids that match nothing for a write. */
function example(method: string, path: string): string {
  const write = MUTATING_METHODS.includes(method);
  const idFor = (name: string) => {
    if (write) return NIL_ID;
    if (path.startsWith("/api/replies")) return replyId;
    if (/^\/api\/(profiles|blocks|users|members|moderation\/members)/.test(path)) {
      return name === "kind" ? "discussion" : callers.other.id;
    }
    if (name === "kind") return "discussion";
    if (name === "file") return "discussions-1.xml";
    // A category by its slug (issue 41): its page, feed and API answer.
    if (name === "slug") return "rants-and-vents";
    return discussionId;
  };
  return path.replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) => idFor(name)).replace(/\*$/, "x");
}

/** Every route of the app under /api and outside it, but the page handler (tested below). */
function routes(): { method: string; path: string }[] {
  const seen = new Set<string>();
  const found = [
    ...app.routes.filter(
      (route) =>
        (route.method === "GET" || MUTATING_METHODS.includes(route.method)) &&
        route.path !== "*" &&
        route.path !== "/*",
    ),
    ...PERMISSION_MATRIX,
  ];
  return found.filter((route) => {
    const key = rowKey(route);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

async function send(
  client: TestClient,
  method: string,
  url: string,
  keepBody = false,
): Promise<Response> {
  const response =
    method === "GET"
      ? await client.get(url)
      : method === "DELETE"
        ? await client.delete(url)
        : await client[method.toLowerCase() as "post" | "put" | "patch"](url, {});
  // Live streams stay open: the headers are all this test reads of them.
  if (!keepBody || response.headers.get("content-type")?.startsWith("text/event-stream")) {
    await response.body?.cancel();
  }
  return response;
}

const varies = (response: Response, token: string) =>
  (response.headers.get("vary") ?? "")
    .split(",")
    .some((listed) => listed.trim().toLowerCase() === token.toLowerCase());

const publicDocuments = new Set(PUBLIC_DOCUMENTS.map((doc) => doc.path));

describe("every route", () => {
  it("walks the permission matrix's routes and the app's reads", () => {
    const keys = routes().map(rowKey);
    expect(keys).toContain("GET /api/discussions/:id/replies");
    expect(keys).toContain("GET /api/moderation/queue");
    expect(keys.length).toBeGreaterThan(PERMISSION_MATRIX.length);
  });

  it.each(VIEWERS.filter((viewer) => viewer !== "anonymous"))(
    "as %s: private, no-store and Vary: Cookie on every answer but those made for nobody",
    async (viewer) => {
      const wrong: string[] = [];
      for (const { method, path } of routes()) {
        const url = example(method, path);
        const response = await send(clientFor(app, callers, viewer), method, url, true);
        const cacheControl = response.headers.get("cache-control");
        if (publicDocuments.has(path) && method === "GET" && !cacheControl?.startsWith("public")) {
          wrong.push(`${method} ${path}: ${cacheControl}`);
        }
        if (cacheControl?.startsWith("public")) {
          // Public only when it is the visitor's answer, byte for byte: made for nobody.
          const visitors = await send(clientFor(app, callers, "anonymous"), method, url, true);
          if ((await response.text()) !== (await visitors.text())) {
            wrong.push(`${method} ${path}: public, and not the visitor's answer`);
          }
          continue;
        }
        if (cacheControl !== "private, no-store" || !varies(response, "Cookie")) {
          wrong.push(
            `${method} ${path} ${response.status}: ${cacheControl} / vary ${response.headers.get("vary")}`,
          );
        }
      }
      expect(wrong).toEqual([]);
    },
  );

  it("as a visitor: each route's own caching, nothing added for a session", async () => {
    const wrong: string[] = [];
    for (const { method, path } of routes()) {
      const client = clientFor(app, callers, "anonymous");
      const response = await send(client, method, example(method, path));
      if (varies(response, "Cookie")) wrong.push(`${method} ${path}: vary Cookie`);
    }
    expect(wrong).toEqual([]);
    const visitor = clientFor(app, callers, "anonymous");
    // Visitors' public reads say nothing: the same for every visitor (decision 059).
    expect(
      (await visitor.get(`/api/discussions/${discussionId}`)).headers.get("cache-control"),
    ).toBeNull();
    expect((await visitor.get("/api/discussions")).headers.get("cache-control")).toBeNull();
    for (const doc of PUBLIC_DOCUMENTS) {
      expect((await visitor.get(doc.example)).headers.get("cache-control")).toMatch(/^public/);
    }
  });

  it("a moderator's view of a thread with hidden words and a member's block marks are private", async () => {
    const moderator = clientFor(app, callers, "moderator");
    const thread = await moderator.get(`/api/discussions/${discussionId}/replies`);
    expect(await thread.text()).toContain("Hidden words");
    expect(thread.headers.get("cache-control")).toBe("private, no-store");
    expect(varies(thread, "Cookie")).toBe(true);
    const member = clientFor(app, callers, "user");
    const marked = await member.get(`/api/discussions/${discussionId}/replies`);
    expect(await marked.text()).toContain('"authorBlocked":true');
    expect(marked.headers.get("cache-control")).toBe("private, no-store");
    expect(varies(marked, "Cookie")).toBe(true);
  });
});

describe("server-rendered pages", () => {
  const pages = () => ["/", `/discussion/${discussionId}`, "/members", "/settings", "/nowhere"];

  // That the anonymous cache never stores them: lib/anonymous-cache.test.ts.
  it("signed in: private, no-store with Vary: Cookie", async () => {
    for (const viewer of VIEWERS.filter((v) => v !== "anonymous")) {
      for (const page of pages()) {
        const response = await clientFor(app, callers, viewer).get(page);
        expect(response.headers.get("content-type"), page).toMatch(/^text\/html/);
        expect(response.headers.get("cache-control"), `${viewer} ${page}`).toBe(
          "private, no-store",
        );
        expect(varies(response, "Cookie"), `${viewer} ${page}`).toBe(true);
      }
    }
  });

  it("a visitor: no-cache with Vary: Cookie; a member's page stays private", async () => {
    const visitor = await clientFor(app, callers, "anonymous").get("/");
    expect(visitor.headers.get("cache-control")).toBe("no-cache");
    expect(varies(visitor, "Cookie")).toBe(true);
    const member = await clientFor(app, callers, "user").get("/");
    expect(member.headers.get("cache-control")).toBe("private, no-store");
  });

  it("a visitor's page with a form's token (the home page's newsletter) is shared like any other", async () => {
    // The token names no one: visitors within the anonymous cache's few seconds share one
    // (docs/decisions/061).
    const visitor = await clientFor(app, callers, "anonymous").get("/");
    expect(await visitor.text()).toMatch(/name="formToken" value="[^"]+"/);
    expect(visitor.headers.get("cache-control")).toBe("no-cache");
    expect(varies(visitor, "Cookie")).toBe(true);
  });
});
