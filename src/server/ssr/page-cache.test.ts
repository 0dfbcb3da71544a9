// Anonymous pages kept for a moment (lib/page-cache.ts): a visitor without a session gets the
// kept page, a member never does, a mailed link's page is never kept, and a change to a
// discussion (its live event, as from another instance) clears them at once.
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/server/app";
import { DISCUSSIONS_CHANNEL, publishDiscussionChange } from "@/server/lib/live-discussions";
import { clearOnChanges, createPageCache, type PageCache } from "@/server/lib/page-cache";
import { builtClient } from "@/server/test/built-client";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createMember } from "@/server/test/factories";
import { createTestApp, type TestApp } from "@/server/test/test-app";

const SHELL =
  '<!doctype html><html lang="en"><head><title>Rant Community</title>' +
  '<meta name="description" content="x"></head><body><div id="root"></div>' +
  '<script type="module" src="/assets/main.js"></script></body></html>';

let t: TestApp;
let member: Awaited<ReturnType<typeof createMember>>;
const files = builtClient(SHELL);

beforeAll(async () => {
  t = await createTestApp();
  member = await createMember(t, { name: "Cached Reader" });
});
afterAll(async () => {
  await t.close();
});

function appWith(cache: PageCache) {
  return createApp(t.deps, { staticFiles: files, pageCache: cache });
}

const cookieOf = (client: { cookies: Map<string, string> }) =>
  [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");

describe("anonymous page cache", () => {
  it("keeps a page for visitors without a session, never for a member", async () => {
    const cache = createPageCache({ ttlMs: 60_000, maxEntries: 100 });
    const app = appWith(cache);
    const first = await app.request("/discussion");
    expect(first.status).toBe(200);
    expect(cache.get("/discussion")).not.toBeNull();
    // Written without a live event: the kept page does not know it yet.
    await insertDiscussionRow(t.db, { title: "Quietly inserted" });
    const kept = await app.request("/discussion");
    expect(kept.headers.get("cache-control")).toBe("no-cache");
    expect(await kept.text()).not.toContain("Quietly inserted");
    // A member's page is rendered for them, and not kept.
    const own = await app.request("/discussion", { headers: { cookie: cookieOf(member.client) } });
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    expect(await own.text()).toContain("Quietly inserted");
    expect(cache.get("/discussion")?.body).not.toContain("Quietly inserted");
  });

  it("clears at once on a discussion's live event", async () => {
    const cache = createPageCache({ ttlMs: 60_000, maxEntries: 100 });
    clearOnChanges(cache, t.deps.live, DISCUSSIONS_CHANNEL, t.logger);
    const app = appWith(cache);
    await app.request("/discussion");
    const id = await insertDiscussionRow(t.db, { title: "Announced change" });
    expect(await (await app.request("/discussion")).text()).not.toContain("Announced change");
    await publishDiscussionChange(t.db, { type: "created", id }, t.logger);
    await expect
      .poll(async () => (await app.request("/discussion")).text(), { timeout: 10_000 })
      .toContain("Announced change");
  });

  it("clears on a write this instance answers (a post, a profile, ...)", async () => {
    const cache = createPageCache({ ttlMs: 60_000, maxEntries: 100 });
    const app = appWith(cache);
    await app.request("/members");
    expect(cache.get("/members")).not.toBeNull();
    const refused = await app.request("/api/discussions", { method: "POST" });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(cache.get("/members")).not.toBeNull();
    const written = await app.request("/api/discussions", {
      method: "POST",
      headers: {
        cookie: cookieOf(member.client),
        origin: t.env.siteUrl,
        "content-type": "application/json",
      },
      body: JSON.stringify({ title: "Written here", content: "A write this instance took" }),
    });
    expect(written.status).toBe(201);
    expect(cache.get("/members")).toBeNull();
  });

  it("lets an entry go after its time", async () => {
    const cache = createPageCache({ ttlMs: 200, maxEntries: 100 });
    const app = appWith(cache);
    await app.request("/discussion");
    await insertDiscussionRow(t.db, { title: "Seen after expiry" });
    await expect
      .poll(async () => (await app.request("/discussion")).text(), { timeout: 10_000 })
      .toContain("Seen after expiry");
  });

  it("keeps a 404 as a 404, and never a mailed link's page", async () => {
    const cache = createPageCache({ ttlMs: 60_000, maxEntries: 100 });
    const app = appWith(cache);
    const path = "/discussion/00000000-0000-4000-8000-000000000000";
    expect((await app.request(path)).status).toBe(404);
    expect((await app.request(path)).status).toBe(404);
    expect(cache.get(path)?.status).toBe(404);
    await app.request("/newsletter/unsubscribe?token=abc");
    expect(cache.get("/newsletter/unsubscribe?token=abc")).toBeNull();
  });

  it("sends a kept page gzipped, in each visitor's theme", async () => {
    const cache = createPageCache({ ttlMs: 60_000, maxEntries: 100 });
    const app = appWith(cache);
    const ask = (cookie?: string) =>
      app.request("/discussion", {
        headers: { "accept-encoding": "gzip", ...(cookie ? { cookie } : {}) },
      });
    const plainText = await (await app.request("/discussion")).text();
    for (const [cookie, theme] of [
      [undefined, null],
      ["theme=dark", "dark"],
      ["theme=light", "light"],
      ["theme=dark", "dark"],
    ] as const) {
      const answer = await ask(cookie);
      expect(answer.headers.get("content-encoding")).toBe("gzip");
      expect(answer.headers.get("vary")).toMatch(/accept-encoding/i);
      const html = gunzipSync(Buffer.from(await answer.arrayBuffer())).toString("utf8");
      expect(html).toBe(
        theme ? plainText.replace("<html ", `<html data-theme="${theme}" `) : plainText,
      );
    }
  });

  it("holds at most its number of entries", async () => {
    const cache = createPageCache({ ttlMs: 60_000, maxEntries: 2 });
    const app = appWith(cache);
    for (const q of ["a", "b", "c"]) await app.request(`/discussion?q=${q}`);
    expect(cache.get("/discussion?q=a")).toBeNull();
    expect(cache.get("/discussion?q=c")).not.toBeNull();
  });
});
