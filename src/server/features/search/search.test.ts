// Full-text search (issue 44, docs/decisions/074): ranking (title, then opening post, then a
// reply), the query language, highlights, what is never found or suggested (hidden, held,
// deleted, private, blocked), bad input and the visitors' limit. The route on every role:
// permission-matrix.test.ts; hidden text in every answer: the visibility matrix.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createMember } from "@/server/test/factories";
import { insertReplyRow } from "@/server/test/replies";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import type { ApiErrorBody } from "@/shared/api-types";
import { highlightPieces, MARK_END, MARK_START, type SearchResponse } from "@/shared/search";
import { SEARCH_EMPTY, SEARCH_TOO_LONG } from "@/shared/search-query";
import { backfillPlainText } from "./backfill";
import { rebuildSearchWords } from "./words";

type Member = Awaited<ReturnType<typeof createMember>>;
let t: TestApp;
let ana: Member;
let ben: Member;
let cy: Member;
let ip = 0;

beforeAll(async () => {
  t = await createTestApp();
  [ana, ben, cy] = await Promise.all([
    createMember(t, { name: "Ana Searcher" }),
    createMember(t, { name: "Ben Writer" }),
    createMember(t, { name: "Cy Other" }),
  ]);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.execute(sql`delete from discussions`);
  await t.db.execute(sql`delete from member_blocks`);
  await t.db.execute(sql`delete from search_words`);
});

/** A visitor from an address of their own: the visitors' limit never trips between tests. */
function visitor() {
  ip += 1;
  return createClient(t.app, `10.9.${Math.floor(ip / 250)}.${ip % 250}`, t.env.siteUrl);
}

async function search(q: string, client = visitor(), page?: number): Promise<SearchResponse> {
  const response = await client.get(
    `/api/search?q=${encodeURIComponent(q)}${page ? `&page=${page}` : ""}`,
  );
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as SearchResponse;
}

const plain = (text: string) =>
  highlightPieces(text)
    .map((piece) => piece.text)
    .join("");
const marked = (text: string) =>
  highlightPieces(text)
    .filter((piece) => piece.mark)
    .map((piece) => piece.text.toLowerCase());

describe("ranking", () => {
  it("puts a title match before an opening post match before a reply match", async () => {
    const inReply = await insertDiscussionRow(t.db, {
      title: "Bins on Tuesday",
      content: "Nothing to see.",
      authorId: ben.id,
    });
    const reply = await insertReplyRow(t.db, inReply, {
      authorId: cy.id,
      content: "The council's gazebo was the worst idea.",
    });
    const inBody = await insertDiscussionRow(t.db, {
      title: "Parks",
      content: "A gazebo in every park, they said.",
      authorId: ben.id,
    });
    const inTitle = await insertDiscussionRow(t.db, {
      title: "The gazebo question",
      content: "Is it worth it?",
      authorId: ben.id,
    });
    const found = await search("gazebo");
    expect(found.discussions.map((hit) => hit.id)).toEqual([inTitle, inBody, inReply]);
    const [title, body, byReply] = found.discussions;
    expect(marked(title?.title ?? "")).toEqual(["gazebo"]);
    expect(marked(body?.excerpt ?? "")).toEqual(["gazebo"]);
    expect(byReply?.reply).toMatchObject({ id: reply, author: "Cy Other" });
    expect(byReply?.path).toBe(`/discussion/${inReply}?reply=${reply}`);
    expect(plain(byReply?.excerpt ?? "")).toContain("worst idea");
    expect(title?.path).toBe(`/discussion/${inTitle}`);
  });

  it("finds other forms of a word, and a pinned discussion gains nothing", async () => {
    const pinned = await insertDiscussionRow(t.db, {
      title: "Read me first",
      content: "Ranting is welcome here.",
      isPinned: true,
    });
    const titled = await insertDiscussionRow(t.db, { title: "My rants about buses" });
    const found = await search("rant");
    expect(found.discussions.map((hit) => hit.id)).toEqual([titled, pinned]);
  });

  it("is one result per discussion, however many of its replies match", async () => {
    const id = await insertDiscussionRow(t.db, { title: "Trains", content: "Late again." });
    for (let i = 0; i < 3; i++) {
      await insertReplyRow(t.db, id, { authorId: ben.id, content: `Signal failure number ${i}` });
    }
    const found = await search("signal");
    expect(found.discussions.map((hit) => hit.id)).toEqual([id]);
  });
});

describe("the query language", () => {
  beforeEach(async () => {
    await insertDiscussionRow(t.db, {
      title: "Noisy neighbours",
      content: "The bass goes on all night.",
      authorId: ana.id,
    });
    await insertDiscussionRow(t.db, {
      title: "Night buses",
      content: "All night the bass of the engine.",
      authorId: ben.id,
      ageMinutes: 60 * 24 * 40,
    });
  });

  const titles = async (q: string) =>
    (await search(q)).discussions.map((hit) => plain(hit.title)).sort();

  it("matches every word, an exact phrase, and leaves out an excluded word", async () => {
    expect(await titles("bass night")).toEqual(["Night buses", "Noisy neighbours"]);
    expect(await titles('"all night"')).toEqual(["Night buses", "Noisy neighbours"]);
    expect(await titles('"bass goes"')).toEqual(["Noisy neighbours"]);
    expect(await titles("bass -buses")).toEqual(["Noisy neighbours"]);
    expect(await titles("bass or nothing")).toEqual(["Night buses", "Noisy neighbours"]);
  });

  it("reads author:, category:, tag:, before: and after:", async () => {
    expect(await titles("bass author:ben")).toEqual([]);
    expect(await titles('bass author:"Ben Writer"')).toEqual(["Night buses"]);
    expect(await titles("bass category:rants-and-vents")).toEqual([
      "Night buses",
      "Noisy neighbours",
    ]);
    expect(await titles("bass category:no-such-place")).toEqual([]);
    expect(await titles("bass tag:nothing-tagged")).toEqual([]);
    const lastWeek = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    expect(await titles(`bass before:${lastWeek}`)).toEqual(["Night buses"]);
    expect(await titles(`bass after:${lastWeek}`)).toEqual(["Noisy neighbours"]);
    // Operators alone: everything they leave, newest first.
    expect(await titles('author:"Ana Searcher"')).toEqual(["Noisy neighbours"]);
  });

  it("answers bad input with a message, and odd input with a best effort, never a 500", async () => {
    const client = visitor();
    const refused = async (q: string, message: string) => {
      const response = await client.get(`/api/search?q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBe(400);
      expect(((await response.json()) as ApiErrorBody).error.message).toBe(message);
    };
    await refused("x".repeat(201), SEARCH_TOO_LONG);
    await refused("", SEARCH_EMPTY);
    await refused("   ", SEARCH_EMPTY);
    await refused("-", SEARCH_EMPTY);
    await refused("before:yesterday", "Use a date like 2026-03-31");
    for (const odd of [
      '"bass',
      "bass & | ! :* ()",
      "'; drop table x; --",
      "a:b c:d",
      "-bass",
      "or",
    ]) {
      const response = await client.get(`/api/search?q=${encodeURIComponent(odd)}`);
      expect(response.status, odd).toBe(200);
    }
    expect((await client.get("/api/search?q=bass&page=0")).status).toBe(400);
    expect((await client.get("/api/search?q=bass&page=x")).status).toBe(400);
    expect((await client.get("/api/search?q=bass&page=999")).status).toBe(400);
  });
});

describe("highlights", () => {
  it("mark the words in text returned as text, and no marker of a writer survives", async () => {
    await insertDiscussionRow(t.db, {
      title: `Markers ${MARK_START}fake${MARK_END} here`,
      content: "<script>alert('kettle')</script> and <b>kettle</b> too",
      contentFormat: "plain",
    });
    const [hit] = (await search("kettle")).discussions;
    expect(hit).toBeDefined();
    // The writer's markers are gone: only the search's mark anything.
    expect(marked(hit?.title ?? "")).toEqual([]);
    expect(plain(hit?.title ?? "")).toBe("Markers fake here");
    expect(marked(hit?.excerpt ?? "")).toEqual(["kettle", "kettle"]);
    // The text is as written (the client shows it as text, never as HTML).
    expect(plain(hit?.excerpt ?? "")).toContain("alert('kettle')</script> and <b>kettle</b>");
  });

  it("index the plain text of markup: no mention token, no marker", async () => {
    const id = await insertDiscussionRow(t.db, { title: "Markup", content: "Plain words." });
    const content = `**Emphatic** words for @[Ben Writer](${ben.id}) about _the_ depot`;
    // Through the API, as members write: the plain text is stored with it.
    const response = await ana.client.post(`/api/discussions/${id}/replies`, { content });
    expect(response.status).toBe(201);
    const found = await search("emphatic");
    expect(found.discussions).toHaveLength(1);
    expect(plain(found.discussions[0]?.excerpt ?? "")).toBe(
      "Emphatic words for @Ben Writer about the depot",
    );
    expect((await search(ben.id.slice(0, 12))).discussions).toEqual([]);
  });
});

describe("what is never found", () => {
  it("leaves out hidden, held and deleted posts, a hidden discussion's replies, and private members", async () => {
    const shown = await insertDiscussionRow(t.db, { title: "Open", authorId: ben.id });
    await insertReplyRow(t.db, shown, { authorId: ben.id, content: "visible walrus" });
    const hiddenReply = await insertReplyRow(t.db, shown, {
      authorId: ben.id,
      content: "secret narwhal",
    });
    await t.db.execute(
      sql`update discussion_replies set hidden_at = now() where id = ${hiddenReply}::uuid`,
    );
    const heldReply = await insertReplyRow(t.db, shown, {
      authorId: ben.id,
      content: "held narwhal",
    });
    await t.db.execute(
      sql`update discussion_replies set held_at = now() where id = ${heldReply}::uuid`,
    );
    await insertReplyRow(t.db, shown, { authorId: ben.id, content: "gone narwhal", deleted: true });
    const hidden = await insertDiscussionRow(t.db, { title: "Narwhal plans", authorId: ben.id });
    await t.db.execute(sql`update discussions set hidden_at = now() where id = ${hidden}::uuid`);
    await insertReplyRow(t.db, hidden, {
      authorId: cy.id,
      content: "narwhal reply under a hidden one",
    });
    await insertDiscussionRow(t.db, { title: "Narwhal held", status: "held", authorId: ben.id });
    await insertDiscussionRow(t.db, {
      title: "Narwhal deleted",
      status: "deleted",
      authorId: ben.id,
    });
    await t.db.execute(
      sql`update profiles set bio = 'Narwhal keeper', is_public = false where id = ${cy.id}`,
    );

    // Not for a visitor, a member, the author, nor staff: search reads what a visitor reads.
    const moderator = await createMember(t, { role: "moderator" });
    for (const client of [visitor(), ana.client, ben.client, moderator.client]) {
      const found = await search("narwhal", client);
      expect(found.discussions).toEqual([]);
      expect(found.members).toEqual([]);
      expect(found.suggestion).toBeNull();
    }
    expect((await search("walrus")).discussions.map((hit) => hit.id)).toEqual([shown]);
    await t.db.execute(sql`update profiles set is_public = true where id = ${cy.id}`);
    const members = (await search("narwhal")).members;
    expect(members.map((member) => member.id)).toEqual([cy.id]);
    expect(members[0]?.path).toBe(`/profile/${cy.id}`);
    expect(marked(members[0]?.excerpt ?? "")).toEqual(["narwhal"]);
    await t.db.execute(sql`update profiles set bio = null where id = ${cy.id}`);
  });

  it("never finds a reply by the words it quotes, with or without its plain text", async () => {
    const id = await insertDiscussionRow(t.db, { title: "Quotes" });
    const quoted = await insertReplyRow(t.db, id, { authorId: ben.id, content: "hidden okapi" });
    await t.db.execute(
      sql`update discussion_replies set hidden_at = now() where id = ${quoted}::uuid`,
    );
    const quoting = `[quote=${quoted}]\nhidden okapi\n[/quote]\n\nAgreed, giraffe.`;
    const response = await cy.client.post(`/api/discussions/${id}/replies`, { content: quoting });
    expect(response.status).toBe(201);
    expect((await search("okapi")).discussions).toEqual([]);
    expect((await search("giraffe")).discussions).toHaveLength(1);
    // Its plain text gone (a rewrite by SQL): the content is read without its quotes.
    await t.db.execute(
      sql`update discussion_replies set content = content || ' ' where author_id = ${cy.id}`,
    );
    expect((await search("okapi")).discussions).toEqual([]);
    const [hit] = (await search("giraffe")).discussions;
    expect(plain(hit?.excerpt ?? "")).not.toContain("okapi");
  });

  it("leaves out a member's blocked authors for them, not for staff", async () => {
    const theirs = await insertDiscussionRow(t.db, { title: "Pelican news", authorId: cy.id });
    const other = await insertDiscussionRow(t.db, { title: "Pelicans", authorId: ben.id });
    await insertReplyRow(t.db, other, { authorId: cy.id, content: "pelican facts" });
    await t.db.execute(
      sql`insert into member_blocks (blocker_id, blocked_id) values (${ana.id}, ${cy.id})`,
    );
    const forAna = await search("pelican", ana.client);
    expect(forAna.discussions.map((hit) => hit.id)).toEqual([other]);
    expect(forAna.discussions[0]?.reply).toBeNull();
    expect((await search("pelican")).discussions.map((hit) => hit.id).sort()).toEqual(
      [theirs, other].sort(),
    );
  });
});

describe("did you mean", () => {
  async function posts(word: string, authors: Member[], count: number) {
    const id = await insertDiscussionRow(t.db, { title: "Office life", authorId: ben.id });
    for (let i = 0; i < count; i++) {
      const author = authors[i % authors.length] as Member;
      await insertReplyRow(t.db, id, { authorId: author.id, content: `The ${word} jammed ${i}` });
    }
    return id;
  }

  it("suggests a word at least 3 posts by at least 2 authors use", async () => {
    await posts("printer", [ben, cy], 3);
    await rebuildSearchWords(t.db);
    const found = await search("printr jammed");
    expect(found.suggestion).toBe("printer jammed");
    expect((await search("printer")).suggestion).toBeNull();
  });

  it("never suggests a word fewer posts or one author use", async () => {
    await posts("stapler", [ben], 5);
    await posts("scanner", [ben, cy], 2);
    await rebuildSearchWords(t.db);
    expect((await search("staplr")).suggestion).toBeNull();
    expect((await search("scannr")).suggestion).toBeNull();
  });

  it("never suggests a word only hidden posts use, even before the words are rebuilt", async () => {
    const id = await posts("photocopier", [ben, cy], 3);
    await rebuildSearchWords(t.db);
    expect((await search("photocopir")).suggestion).toBe("photocopier");
    await t.db.execute(sql`update discussions set hidden_at = now() where id = ${id}::uuid`);
    expect((await search("photocopir")).suggestion).toBeNull();
    await rebuildSearchWords(t.db);
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from search_words where word = 'photocopier'`,
    );
    expect(row?.n).toBe(0);
  });
});

describe("the index", () => {
  it("writes the plain text of replies written before it (the backfill job)", async () => {
    const id = await insertDiscussionRow(t.db, { title: "Old thread" });
    const reply = await insertReplyRow(t.db, id, {
      content: `**Bold** lemur for @[Ben Writer](${ben.id})`,
    });
    await t.db.execute(
      sql`update discussion_replies set plain_content = null where id = ${reply}::uuid`,
    );
    await t.db.execute(sql`insert into search_backfill (id) values (1) on conflict do nothing`);
    expect(await backfillPlainText(t.db, 1)).toBe("more");
    while ((await backfillPlainText(t.db, 1)) === "more");
    const [row] = await queryRows<{ plain_content: string }>(
      t.db,
      sql`select plain_content from discussion_replies where id = ${reply}::uuid`,
    );
    expect(row?.plain_content).toBe("Bold lemur for @Ben Writer");
    expect(await backfillPlainText(t.db)).toBe("idle");
    expect((await search(ben.id.slice(0, 8))).discussions).toEqual([]);
  });

  it("is written again in the new language when an admin changes it", async () => {
    await insertDiscussionRow(t.db, { title: "Running late" });
    expect((await search("run")).discussions).toHaveLength(1);
    const admin = await createMember(t, { role: "admin" });
    const response = await admin.client.put("/api/cms/settings", { searchLanguage: "simple" });
    expect(response.status).toBe(200);
    await t.runJobs();
    expect((await search("run")).discussions).toHaveLength(0);
    expect((await search("running")).discussions).toHaveLength(1);
    await admin.client.put("/api/cms/settings", { searchLanguage: "english" });
    await t.runJobs();
    expect((await search("run")).discussions).toHaveLength(1);
  });
});

describe("limits", () => {
  it("limits a visitor's searches per address", async () => {
    const client = visitor();
    for (let i = 0; i < 30; i++) {
      expect((await client.get(`/api/search?q=limit${i}`)).status).toBe(200);
    }
    const refused = await client.get("/api/search?q=limit");
    expect(refused.status).toBe(429);
    expect((await visitor().get("/api/search?q=limit")).status).toBe(200);
  });
});
