// One markup for what members write (docs/decisions/064): discussions are stored as sent and
// read back with their format; older plain ones stay plain until their text changes; mentions
// keep the member's id; link previews, the feed and JSON-LD read the plain text.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/server/app";
import { profiles } from "@/server/db/schema";
import { builtClient } from "@/server/test/built-client";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createMember } from "@/server/test/factories";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import { parseRss } from "@/server/test/xml";
import type { DiscussionItem, ReplyItem } from "@/shared/api-types";
import { DISCUSSION_EXCERPT_CHARS } from "@/shared/constants";
import { plainText } from "@/shared/markup/plain-text";

let t: TestApp;
let pages: ReturnType<typeof createApp>;
type Member = Awaited<ReturnType<typeof createMember>>;
let writer: Member;
let named: Member;
let hiddenName: Member;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "1000" } });
  const shell =
    '<!doctype html><html lang="en"><head><title>x</title></head><body><div id="root"></div>' +
    '<script type="module" src="/assets/main.js"></script></body></html>';
  pages = createApp(t.deps, { staticFiles: builtClient(shell) });
  writer = await createMember(t, { name: "Wanda Writer" });
  named = await createMember(t, { name: "Mem Ber" });
  hiddenName = await createMember(t, { name: "Pierre Private" });
  await t.db.update(profiles).set({ isPublic: false }).where(eq(profiles.id, hiddenName.id));
});
afterAll(async () => {
  await t.close();
});

const MARKUP = "**Every** day\n\n- ducking\n- diving\n\nhttps://example.com/a-long-address";

async function created(content: string, title = "Formatted"): Promise<DiscussionItem> {
  const response = await writer.client.post("/api/discussions", {
    category: "rants-and-vents",
    title,
    content,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as DiscussionItem;
}

async function read(id: string): Promise<DiscussionItem> {
  const response = await writer.client.get(`/api/discussions/${id}`);
  expect(response.status).toBe(200);
  return (await response.json()) as DiscussionItem;
}

function description(html: string): string {
  return html.match(/<meta name="description" content="([^"]*)">/)?.[1] ?? "";
}

describe("a discussion's markup", () => {
  it("is stored as written and read back as markup", async () => {
    const item = await created(MARKUP);
    expect(item).toMatchObject({ content: MARKUP, contentFormat: "markup" });
    expect(await read(item.id)).toMatchObject({ content: MARKUP, contentFormat: "markup" });
  });

  it("keeps an older discussion plain until its text changes", async () => {
    const id = await insertDiscussionRow(t.db, {
      authorId: writer.id,
      content: "Old *text*\nkept as written",
      contentFormat: "plain",
    });
    expect(await read(id)).toMatchObject({ contentFormat: "plain" });
    const retitled = await writer.client.patch(`/api/discussions/${id}`, {
      title: "A new title only",
      content: "Old *text*\nkept as written",
    });
    expect(retitled.status).toBe(200);
    expect(await read(id)).toMatchObject({ title: "A new title only", contentFormat: "plain" });
    const edited = await writer.client.patch(`/api/discussions/${id}`, {
      title: "A new title only",
      content: "New **text**",
    });
    expect(edited.status).toBe(200);
    expect(await read(id)).toMatchObject({ content: "New **text**", contentFormat: "markup" });
  });

  it("keeps a mention's member id, and turns a token naming a private member into text", async () => {
    const item = await created(
      `Hi @[Mem Ber](${named.id}) and @[Pierre Private](${hiddenName.id}) and @[Nobody](no-such-id)`,
    );
    expect(item.content).toBe(`Hi @[Mem Ber](${named.id}) and @Pierre Private and @Nobody`);
  });

  it("describes the page, feeds the feed and fills JSON-LD with plain text only", async () => {
    const item = await created(
      `**Plainly** said, @[Mem Ber](${named.id})\n\n- one ++item++`,
      "Plain everywhere",
    );
    const html = await (await pages.request(`/discussion/${item.id}`)).text();
    expect(description(html)).toBe("Plainly said, @Mem Ber - one item");
    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)]
      .map((script) => script[1])
      .join("\n");
    expect(ld).toContain("Plainly said, @Mem Ber");
    expect(ld).not.toMatch(/\*\*|\+\+|@\[/);

    const feed = parseRss(await (await t.app.request("/discussion/rss.xml")).text());
    const entry = (feed.item ?? []).find((i) => i.title === "Plain everywhere");
    expect(entry?.description).toBe("Plainly said, @Mem Ber - one item");
  });

  it("is searched by its plain text: words across markers, no mention token", async () => {
    const item = await created(`**Soggy** chips, said @[Mem Ber](${named.id})`, "Searched plainly");
    async function found(term: string): Promise<boolean> {
      const response = await writer.client.get(`/api/discussions?q=${encodeURIComponent(term)}`);
      const page = (await response.json()) as { items: DiscussionItem[] };
      return page.items.some((d) => d.id === item.id);
    }
    expect(await found("soggy chips")).toBe(true);
    expect(await found("said @mem ber")).toBe(true);
    expect(await found(named.id)).toBe(false);
    expect(await found("**soggy")).toBe(false);

    const edited = await writer.client.patch(`/api/discussions/${item.id}`, {
      title: "Searched plainly",
      content: "__Limp__ chips",
    });
    expect(edited.status).toBe(200);
    expect(await found("limp chips")).toBe(true);
    expect(await found("soggy")).toBe(false);
  });

  it("is searched by its new content after an edit that does not write the plain text", async () => {
    const item = await created("**Crisp** start", "Rewritten in SQL");
    await t.db.execute(
      sql`update discussions set content = 'Rewritten words' where id = ${item.id}`,
    );
    const response = await writer.client.get("/api/discussions?q=crisp");
    const page = (await response.json()) as { items: DiscussionItem[] };
    expect(page.items.map((d) => d.id)).not.toContain(item.id);
  });

  it("gives the list its excerpt: the plain text's first characters, the words masked where hidden", async () => {
    // Long enough to be cut, with a character outside the BMP where the cut falls: the
    // excerpt counts characters, as PostgreSQL's left() does, and never halves one.
    const content = `**Loud** words for @[Mem Ber](${named.id})\n\n- one\n- two\n\n${"ab ".repeat(87)}😀 tail`;
    const item = await created(content, "Excerpted");
    const expected = [...plainText(content, "markup")].slice(0, DISCUSSION_EXCERPT_CHARS).join("");
    expect(expected).toMatch(/^Loud words for @Mem Ber\n\n- one\n- two\n\nab ab/);
    expect(expected.endsWith("😀")).toBe(true);
    expect(item.excerpt).toBe(expected);
    const list = await writer.client.get("/api/discussions?q=excerpted");
    const listed = ((await list.json()) as { items: DiscussionItem[] }).items;
    expect(listed.find((d) => d.id === item.id)?.excerpt).toBe(expected);
    expect((await read(item.id)).excerpt).toBe(expected);

    // A link's address reads decoded in the plain text; no answer carries a < or > (§5).
    const link = await created("See https://example.com/%3Cb%3Ebold%3C/b%3E", "Excerpt link");
    expect(plainText(link.content, "markup")).toContain("<b>");
    expect(link.excerpt).toBe("See https://example.com/bbold/b");

    const plainId = await insertDiscussionRow(t.db, {
      content: "Old *text*",
      contentFormat: "plain",
    });
    expect((await read(plainId)).excerpt).toBe("Old *text*");

    await t.db.execute(sql`update discussions set hidden_at = now() where id = ${item.id}`);
    const hidden = await createClient(t.app).get(`/api/discussions/${item.id}`);
    expect(((await hidden.json()) as DiscussionItem).excerpt).toBe("");
  });

  it("shows an older plain discussion's words as written in its description", async () => {
    const id = await insertDiscussionRow(t.db, {
      content: "Stars *stay* here",
      contentFormat: "plain",
    });
    const html = await (await pages.request(`/discussion/${id}`)).text();
    expect(description(html)).toBe("Stars *stay* here");
  });
});

describe("a reply's markup", () => {
  it("is stored as written, with its mention's member id", async () => {
    const thread = await insertDiscussionRow(t.db);
    const content = `**Yes**, @[Mem Ber](${named.id})\n1. first\n2. second`;
    const response = await writer.client.post(`/api/discussions/${thread}/replies`, { content });
    expect(response.status).toBe(201);
    const reply = (await response.json()) as ReplyItem;
    expect(reply.content).toBe(content);
    expect(reply.mentions).toEqual([{ id: named.id, displayName: "Mem Ber" }]);
  });
});

describe("a quote of a reply", () => {
  async function reply(thread: string, content: string): Promise<ReplyItem> {
    const response = await writer.client.post(`/api/discussions/${thread}/replies`, { content });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as ReplyItem;
  }

  it("names the quoted reply's author, and takes its words out once the reader may not read it", async () => {
    const thread = await insertDiscussionRow(t.db);
    const quoted = await reply(thread, "Quotable words");
    const quoting = await reply(thread, `[quote=${quoted.id}]\nQuotable words\n[/quote]\n\nYes`);
    expect(quoting.quotes).toEqual([{ id: quoted.id, hidden: false, authorName: "Wanda Writer" }]);

    const deleted = await writer.client.delete(`/api/replies/${quoted.id}`);
    expect(deleted.status).toBe(204);
    for (const client of [named.client, createClient(t.app)]) {
      const response = await client.get(`/api/replies/${quoting.id}`);
      const read = (await response.json()) as ReplyItem;
      expect(read.quotes).toEqual([{ id: quoted.id, hidden: true }]);
      expect(read.content).toBe(`[quote=${quoted.id}]\n[/quote]\n\nYes`);
      const page = await client.get(`/api/discussions/${thread}/replies`);
      expect(await page.text()).not.toContain("Quotable words");
    }
  });

  it("names no reply of another discussion, and leaves that quote as written", async () => {
    const elsewhere = await reply(await insertDiscussionRow(t.db), "Over there");
    const here = await reply(
      await insertDiscussionRow(t.db),
      `[quote=${elsewhere.id}]\nOver there\n[/quote]`,
    );
    expect(here.quotes).toBeUndefined();
    expect(here.content).toBe(`[quote=${elsewhere.id}]\nOver there\n[/quote]`);
  });
});
