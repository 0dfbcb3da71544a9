// Issue 32's findings about hidden words, each as a test that failed before decision 046: the
// forum search answered by a hidden discussion's words (JSON, the server-rendered page) and the
// sitemap kept its URL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/server/app";
import { builtClient } from "@/server/test/built-client";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createMember } from "@/server/test/factories";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import type { DiscussionPage } from "@/shared/api-types";

const SHELL =
  '<!doctype html><html lang="en"><head><title>Rant Community</title></head><body>' +
  '<div id="root"></div><script type="module" src="/assets/main.js"></script></body></html>';

const NUMBER = "07700900123";

let t: TestApp;
let app: ReturnType<typeof createApp>;
let author: Awaited<ReturnType<typeof createMember>>;
let member: Awaited<ReturnType<typeof createMember>>;
let moderator: Awaited<ReturnType<typeof createMember>>;
let hiddenId: string;

beforeAll(async () => {
  t = await createTestApp();
  app = createApp(t.deps, { staticFiles: builtClient(SHELL) });
  author = await createMember(t, { name: "Noisy Neighbour" });
  member = await createMember(t, { name: "Plain Member" });
  moderator = await createMember(t, { role: "moderator", name: "Mo Derator" });
  hiddenId = await insertDiscussionRow(t.db, {
    title: "About my neighbour",
    content: `My neighbour at flat 12b phone ${NUMBER} is awful`,
    authorId: author.id,
  });
  const hide = await moderator.client.post(`/api/moderation/items/discussion/${hiddenId}/actions`, {
    action: "hide",
    reason: "Personal data",
  });
  expect(hide.status).toBe(200);
});
afterAll(async () => {
  await t.close();
});

const ids = (page: DiscussionPage) => page.items.map((item) => item.id);

async function searchAs(client: ReturnType<typeof createClient>, q: string) {
  const response = await client.get(`/api/discussions?q=${encodeURIComponent(q)}`);
  expect(response.status).toBe(200);
  return ids((await response.json()) as DiscussionPage);
}

describe("the forum search is no oracle for hidden words", () => {
  it("a visitor's and a member's search for the hidden number finds nothing", async () => {
    for (const q of [NUMBER, "phone 0770", "12b phone"]) {
      expect(await searchAs(createClient(t.app), q), q).toEqual([]);
      expect(await searchAs(member.client, q), q).toEqual([]);
    }
    // A number it does not hold answers the same: nothing to tell them apart.
    expect(await searchAs(createClient(t.app), "07700900999")).toEqual([]);
  });

  it("its author and moderators still find it by its words; anyone by its author's name", async () => {
    expect(await searchAs(author.client, NUMBER)).toEqual([hiddenId]);
    expect(await searchAs(moderator.client, NUMBER)).toEqual([hiddenId]);
    expect(await searchAs(createClient(t.app), "Noisy Neighbour")).toEqual([hiddenId]);
  });

  it("the server-rendered /discussion?q= page does not list it", async () => {
    const response = await app.request(`/discussion?q=${NUMBER}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    // The query itself is in the page (the search box); the discussion and its words are not.
    expect(html).not.toContain(hiddenId);
    expect(html).not.toContain("flat 12b");
  });
});

describe("the sitemap", () => {
  it("does not list a hidden discussion's URL", async () => {
    const visible = await insertDiscussionRow(t.db, { authorId: author.id });
    const response = await t.app.request("/sitemap/discussions-1.xml");
    expect(response.status).toBe(200);
    const xml = await response.text();
    expect(xml).toContain(`/discussion/${visible}`);
    expect(xml).not.toContain(hiddenId);
  });
});
