// Runs every cell of visibility-matrix.ts against the server: a discussion and a reply in each
// state, read by each reader on each surface, and the words found, masked or missing as the
// table says. Fails when the app has a read route, a job queue, a live-event kind, a feed, a
// sitemap kind, a notification kind or an export section the table does not list; and holds
// the rule's two spellings (domain/visibility/rule.ts) to the same table.
import { randomUUID } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/server/app";
import { queryRows } from "@/server/db/client";
import { eraseAccount } from "@/server/domain/member-data/erasure";
import { MEMBER_DATA_SECTIONS } from "@/server/domain/member-data/export";
import { type Reader, visibilityOf, wordsReadable } from "@/server/domain/visibility/rule";
import { digestContents } from "@/server/features/digest/content";
import { RECORD_KINDS } from "@/server/features/sitemap/queries";
import {
  DISCUSSION_CHANGE_KINDS,
  parseDiscussionChange,
  REPLY_CHANGE_KINDS,
} from "@/server/lib/live-discussions";
import { SITE_FEEDS } from "@/server/lib/site-feeds";
import { startSiteServer } from "@/server/site-server";
import { builtClient } from "@/server/test/built-client";
import { FIRST_CATEGORY_SLUG, insertDiscussionRow, sseReader } from "@/server/test/discussions";
import { createMember } from "@/server/test/factories";
import { insertReplyRow } from "@/server/test/replies";
import { createTestApp, type TestApp } from "@/server/test/test-app";
import { mentionToken } from "@/shared/mentions";
import { HIDDEN_BY_MODERATOR } from "@/shared/moderation-texts";
import { NOTIFICATION_KINDS } from "@/shared/notifications";
import type { Role } from "@/shared/permissions";
import type { WhoReacted } from "@/shared/reactions";
import {
  DIGEST,
  EXPORT_SECTIONS,
  FEEDS,
  JOB_KINDS,
  LIVE_EVENTS,
  NOTIFICATION_SURFACES,
  READ_ROUTES,
  type Shown,
  SITEMAP_KINDS,
  STATES,
  type State,
  SURFACES,
  type Surface,
  type SurfaceName,
  THE_RULE,
  VIEWERS,
  type Viewer,
} from "./visibility-matrix";

const SHELL =
  '<!doctype html><html lang="en"><head><title>Rant Community</title></head><body>' +
  '<div id="root"></div><script type="module" src="/assets/main.js"></script></body></html>';

type Member = Awaited<ReturnType<typeof createMember>>;

/**
 * One state's posts: a discussion in it, a reply in it under an active discussion, and another
 * reply in it that a reply of its own discussion quotes (decision 064).
 */
type Fixture = {
  author: Member | null;
  discussionId: string;
  replyId: string;
  quotedId: string;
  quotingId: string;
  /** Images (decision 065) in the discussion and in the reply: ids that answer 404 when none. */
  images: { discussion: string; reply: string };
  words: { discussion: string; reply: string };
  /**
   * "Who reacted" (REACTORS): the posts whose list is read and the member who reacted to both
   * with "agree", its only reaction there.
   */
  reaction: { discussionId: string; replyId: string; reactor: { id: string; name: string } };
};

let t: TestApp;
let app: ReturnType<typeof createApp>;
let readers: Record<"member" | "blogAuthor" | "moderator" | "admin", Member>;
/** A plain member who reads a page just before the reader (decision 095). */
let bystander: Member;
let hostId: string;
const fixtures = {} as Record<State, Fixture>;

const SIGNED_IN_READERS = ["member", "blogAuthor", "moderator", "admin"] as const;

async function setUp(state: State): Promise<Fixture> {
  const author =
    state === "erasedMember" ? null : await createMember(t, { name: `Writer ${state.length}` });
  const authorId = author?.id ?? null;
  // Words nobody else's text holds, found by the search as one word.
  const words = { discussion: `vm${state}dword`.toLowerCase(), reply: `vm${state}rword` };
  const discussionId = await insertDiscussionRow(t.db, {
    title: `Title ${words.discussion}`,
    content: `Content with ${words.discussion} inside`,
    authorId,
    status: state === "deleted" ? "deleted" : state === "held" ? "held" : "active",
  });
  // Its tag is its word, curated so that the filter answers for every reader (issue 41).
  await t.db.execute(sql`insert into tags (name, curated) values (${words.discussion}, true)`);
  await t.db.execute(
    sql`insert into discussion_tags (discussion_id, tag_id)
        select ${discussionId}::uuid, id from tags where name = ${words.discussion}`,
  );
  const replyId = await insertReplyRow(t.db, hostId, {
    authorId,
    content: `Reply with ${words.reply} inside`,
    deleted: state === "deleted",
  });
  // The quoted reply has a thread of its own, so that the other surfaces' threads hold no quote.
  const quoteThread = await insertDiscussionRow(t.db, { title: "A thread with a quote" });
  const quotedId = await insertReplyRow(t.db, quoteThread, {
    authorId,
    content: `Quoted ${words.reply} here`,
    deleted: state === "deleted",
  });
  const quotingId = await insertReplyRow(t.db, quoteThread, {
    content: `[quote=${quotedId}]\nQuoted ${words.reply} here\n[/quote]\n\nAgreed.`,
  });
  const replies = sql`(${replyId}::uuid, ${quotedId}::uuid)`;
  if (state === "hidden") {
    await t.db.execute(sql`update discussions set hidden_at = now() where id = ${discussionId}`);
    await t.db.execute(sql`update discussion_replies set hidden_at = now() where id in ${replies}`);
  }
  if (state === "held") {
    await t.db.execute(sql`update discussion_replies set held_at = now() where id in ${replies}`);
  }
  if (state === "privateAuthor" && author) {
    await t.db.execute(sql`update profiles set is_public = false where id = ${author.id}`);
  }
  if (state === "blockedAuthor" && author) {
    for (const name of SIGNED_IN_READERS) {
      const reader = readers[name];
      await t.db.execute(
        sql`insert into member_blocks (blocker_id, blocked_id) values (${reader.id}, ${author.id})`,
      );
    }
  }
  // Every signed-in reader (and the author) bookmarked the discussion and the reply (issue 42).
  const bookmarkers = [
    ...SIGNED_IN_READERS.map((name) => readers[name].id),
    ...(author ? [author.id] : []),
  ];
  for (const userId of bookmarkers) {
    await t.db.execute(
      sql`insert into bookmarks (user_id, discussion_id, reply_id)
          values (${userId}, ${discussionId}::uuid, null), (${userId}, ${hostId}::uuid, ${replyId}::uuid)`,
    );
  }
  const images = {
    discussion: await insertImage(authorId, sql`discussion_id`, discussionId),
    reply: await insertImage(authorId, sql`reply_id`, replyId),
  };
  // The state's reply is in the host's thread.
  const reaction = await setUpReaction(state, author, {
    discussionId,
    replyId,
    replyThreadId: hostId,
  });
  return { author, discussionId, replyId, quotedId, quotingId, images, words, reaction };
}

const MEMBER_STATES: readonly State[] = ["privateAuthor", "blockedAuthor", "erasedMember"];

/**
 * A reaction for the "who reacted" cells (REACTORS): to the state's posts by a public member,
 * or, for a member's state, by that member (the author; an erased one made and erased here) to
 * a post of the host's that everyone reads. Inserted as rows: the trigger keeps the counts.
 */
async function setUpReaction(
  state: State,
  author: Member | null,
  statePosts: { discussionId: string; replyId: string; replyThreadId: string },
): Promise<Fixture["reaction"]> {
  const byMember = MEMBER_STATES.includes(state);
  const reactor =
    byMember && author ? author : await createMember(t, { name: `Reactor ${state.length}` });
  const posts = byMember
    ? await (async () => {
        const discussionId = await insertDiscussionRow(t.db, { title: "Reacted to" });
        const replyId = await insertReplyRow(t.db, discussionId, { content: "A reply reacted to" });
        return { discussionId, replyId, replyThreadId: discussionId };
      })()
    : statePosts;
  await t.db.execute(
    sql`insert into reactions (user_id, discussion_id, reply_id, kind)
        values (${reactor.id}, ${posts.discussionId}::uuid, null, 'agree'),
          (${reactor.id}, ${posts.replyThreadId}::uuid, ${posts.replyId}::uuid, 'agree')`,
  );
  if (state === "erasedMember") {
    await eraseAccount(t.deps, reactor.id, { kind: "member", removeContent: false });
  }
  return {
    discussionId: posts.discussionId,
    replyId: posts.replyId,
    reactor: { id: reactor.id, name: reactor.name },
  };
}

/** An uploaded image sent in the post (decision 065); an erased member's has none (a random id). */
async function insertImage(authorId: string | null, column: SQL, postId: string): Promise<string> {
  if (authorId === null) return randomUUID();
  const id = randomUUID();
  const key = `post-images/${authorId}/${id}.webp`;
  await t.deps.storage.put(key, new Uint8Array([1, 2, 3]), "image/webp");
  await t.db.execute(
    sql`insert into post_images (id, uploader_id, storage_key, width, height, bytes, ${column})
        values (${id}::uuid, ${authorId}, ${key}, 1, 1, 3, ${postId}::uuid)`,
  );
  return id;
}

beforeAll(async () => {
  t = await createTestApp({
    env: { RATE_LIMIT_MULTIPLIER: "1000", METRICS_TOKEN: "m".repeat(32) },
  });
  app = createApp(t.deps, { staticFiles: builtClient(SHELL) });
  readers = {
    member: await createMember(t, { name: "Plain Reader" }),
    blogAuthor: await createMember(t, { role: "author", name: "Blog Writer" }),
    moderator: await createMember(t, { role: "moderator", name: "Mod Reader" }),
    admin: await createMember(t, { role: "admin", name: "Admin Reader" }),
  };
  bystander = await createMember(t, { name: "Bystander Reader" });
  const host = await createMember(t, { name: "Thread Host" });
  hostId = await insertDiscussionRow(t.db, { title: "The thread", authorId: host.id });
  for (const state of STATES) fixtures[state] = await setUp(state);
});
afterAll(async () => {
  await t.close();
});

/** The reader's member, or null for a visitor; undefined where there is no such reader. */
function memberOf(state: State, viewer: Viewer): Member | null | undefined {
  if (viewer === "visitor") return null;
  if (viewer === "postAuthor") return fixtures[state].author ?? undefined;
  return readers[viewer];
}

function get(member: Member | null, path: string): Promise<Response> {
  const cookie = [...(member?.client.cookies ?? [])].map(([name, value]) => `${name}=${value}`);
  return Promise.resolve(
    app.request(path, { headers: cookie.length ? { cookie: cookie.join("; ") } : {} }),
  );
}

/** Whether the JSON answer holds the item `id` marked as from a blocked author. */
function markedBlocked(value: unknown, id: string): boolean {
  if (Array.isArray(value)) return value.some((item) => markedBlocked(item, id));
  if (value === null || typeof value !== "object") return false;
  const record = value as Record<string, unknown>;
  if (record.id === id && record.authorBlocked === true) return true;
  return Object.values(record).some((item) => markedBlocked(item, id));
}

type Read = {
  path: string;
  kind:
    | "json"
    | "document"
    | "urls"
    | "page"
    | "shared page"
    | "search page"
    | "search"
    | "image"
    | "reactors";
};

/** The request each surface makes for one state's post. */
const READS: Record<SurfaceName, (fixture: Fixture) => Read | null> = {
  discussion: (f) => ({ path: `/api/discussions/${f.discussionId}`, kind: "json" }),
  list: () => ({ path: "/api/discussions?limit=50", kind: "json" }),
  // The fixtures' discussions are in the first category (test/discussions.ts).
  categoryList: () => ({
    path: `/api/discussions?category=${FIRST_CATEGORY_SLUG}&limit=50`,
    kind: "json",
  }),
  categoryFeed: () => ({ path: `/discussion/c/${FIRST_CATEGORY_SLUG}/rss.xml`, kind: "document" }),
  search: (f) => ({ path: `/api/discussions?q=${f.words.discussion}`, kind: "json" }),
  fullSearch: (f) => ({ path: `/api/search?q=${f.words.discussion}`, kind: "search" }),
  fullSearchReply: (f) => ({ path: `/api/search?q=${f.words.reply}`, kind: "search" }),
  tagList: (f) => ({ path: `/api/discussions?tag=${f.words.discussion}&limit=50`, kind: "json" }),
  replies: () => ({ path: `/api/discussions/${hostId}/replies?limit=50`, kind: "json" }),
  reply: (f) => ({ path: `/api/replies/${f.replyId}`, kind: "json" }),
  quote: (f) => ({ path: `/api/replies/${f.quotingId}`, kind: "json" }),
  profile: (f) => (f.author ? { path: `/api/profiles/${f.author.id}`, kind: "json" } : null),
  cmsDiscussions: () => ({ path: "/api/cms/discussions?limit=50", kind: "json" }),
  cmsDeleted: () => ({ path: "/api/cms/discussions/deleted?limit=50", kind: "json" }),
  moderationQueue: () => ({ path: "/api/moderation/queue", kind: "json" }),
  feed: () => ({ path: "/discussion/rss.xml", kind: "document" }),
  sitemap: () => ({ path: "/sitemap/discussions-1.xml", kind: "urls" }),
  page: (f) => ({ path: `/discussion/${f.discussionId}`, kind: "page" }),
  searchPage: (f) => ({ path: `/discussion?q=${f.words.discussion}`, kind: "search page" }),
  threadPage: () => ({ path: `/discussion/${hostId}`, kind: "page" }),
  sharedPage: (f) => ({ path: `/discussion/${f.discussionId}`, kind: "shared page" }),
  sharedThreadPage: () => ({ path: `/discussion/${hostId}`, kind: "shared page" }),
  profilePage: (f) => (f.author ? { path: `/profile/${f.author.id}`, kind: "page" } : null),
  bookmarks: () => ({ path: "/api/bookmarks?limit=50", kind: "json" }),
  replyBookmarks: () => ({ path: "/api/bookmarks?limit=50", kind: "json" }),
  bookmarksPage: () => ({ path: "/bookmarks", kind: "page" }),
  replyBookmarksPage: () => ({ path: "/bookmarks", kind: "page" }),
  whoReacted: (f) => ({
    path: `/api/reactions/discussions/${f.reaction.discussionId}`,
    kind: "reactors",
  }),
  replyWhoReacted: (f) => ({
    path: `/api/reactions/replies/${f.reaction.replyId}`,
    kind: "reactors",
  }),
  image: (f) => ({ path: `/api/images/${f.images.discussion}`, kind: "image" }),
  replyImage: (f) => ({ path: `/api/images/${f.images.reply}`, kind: "image" }),
};

/** What the reader got of the post, read from the answer. */
async function shownIn(response: Response, read: Read, id: string, words: string): Promise<Shown> {
  if (response.status === 401 || response.status === 403) return "refused";
  // An image is the file or nothing.
  if (read.kind === "image") return response.status === 200 ? "shown" : "absent";
  // Who reacted: the reactor (`id`) by name, or counted in `others` (theirs is the only
  // reaction there), or not there at all.
  if (read.kind === "reactors") {
    if (response.status === 404) return "absent";
    expect(response.status, read.path).toBe(200);
    const { kinds } = (await response.json()) as WhoReacted;
    if (kinds.some((kind) => kind.members.some((member) => member.id === id))) return "shown";
    return kinds.some((kind) => kind.others > 0) ? "masked" : "absent";
  }
  // A page's status comes from its link preview, made for visitors: a private profile's page
  // is a 404 even for its owner, who still gets the page's content (features/profiles).
  const page = read.kind === "page" || read.kind === "shared page" || read.kind === "search page";
  if (response.status === 404 && !page) return "absent";
  expect([200, 404], read.path).toContain(response.status);
  const body = await response.text();
  // A not-found page names its own address: its words or nothing.
  if (response.status === 404) return body.includes(words) ? "shown" : "absent";
  // A search (its answer, its page) repeats its query, the words; a sitemap holds URLs: only the
  // item's id tells.
  if (read.kind === "search page" || read.kind === "search" || read.kind === "urls") {
    return body.includes(id) ? "shown" : "absent";
  }
  if (body.includes(words)) {
    return read.kind === "json" && markedBlocked(JSON.parse(body), id) ? "collapsed" : "shown";
  }
  return body.includes(id) ? "masked" : "absent";
}

const SURFACE_ENTRIES = Object.entries(SURFACES) as [SurfaceName, Surface][];

describe.each(SURFACE_ENTRIES)("%s", (name, surface) => {
  const cells = STATES.flatMap((state) =>
    VIEWERS.map((viewer) => [`${state} as ${viewer}`, state, viewer] as const),
  );
  it.each(cells)("%s", async (_label, state, viewer) => {
    const expected = surface.cells[state][viewer];
    const member = memberOf(state, viewer);
    if (expected === "n/a" || member === undefined) {
      expect(expected, "a reader the table has no cell for").toBe("n/a");
      return;
    }
    const fixture = fixtures[state];
    const read = READS[name](fixture);
    if (!read) {
      expect(expected).toBe("absent");
      return;
    }
    const ids = {
      discussion: fixture.discussionId,
      "quoted reply": fixture.quotedId,
      reply: fixture.replyId,
      reactor: fixture.reaction.reactor.id,
    };
    const id = ids[surface.post];
    const words =
      surface.post === "reactor"
        ? fixture.reaction.reactor.name
        : fixture.words[surface.post === "discussion" ? "discussion" : "reply"];
    // Read first by the post's author (whose render must never be kept: their post is on the
    // page) and by a bystander, a plain member whose render a plain reader's page may take its
    // content from.
    if (read.kind === "shared page") {
      for (const other of [fixture.author, bystander]) {
        if (other) await (await get(other, read.path)).text();
      }
    }
    const shown = await shownIn(await get(member, read.path), read, id, words);
    expect(shown, `${surface.name} ${read.path}`).toBe(expected);
  });
});

describe("the tables", () => {
  it("list every GET route of the app, and no route that does not exist", () => {
    const routes = new Set(
      app.routes
        .filter(
          (route) => route.method === "GET" || (route.method === "ALL" && route.path === "/*"),
        )
        .map((route) => `${route.method} ${route.path}`)
        .filter((key) => !key.startsWith("GET /uploads")),
    );
    const listed = new Set(Object.keys(READ_ROUTES));
    expect(
      [...routes].filter((key) => !listed.has(key)),
      "read routes missing",
    ).toEqual([]);
    expect(
      [...listed].filter((key) => !routes.has(key)),
      "rows without a route",
    ).toEqual([]);
  });

  it("give every surface a route", () => {
    const routed = Object.values(READ_ROUTES).flatMap((entry) =>
      Array.isArray(entry) ? entry : [],
    );
    expect(Object.keys(SURFACES).filter((name) => !routed.includes(name as SurfaceName))).toEqual(
      [],
    );
  });

  it("list every job queue", async () => {
    const queues = [...(await t.deps.jobs.waitingCounts()).keys()];
    expect(
      queues.filter((name) => !(name in JOB_KINDS)),
      "queues missing",
    ).toEqual([]);
  });

  it("list every live-event kind", () => {
    const kinds = [
      ...Object.keys(DISCUSSION_CHANGE_KINDS).map((kind) => `discussion ${kind}`),
      ...Object.keys(REPLY_CHANGE_KINDS).map((kind) => `reply ${kind}`),
    ];
    expect(
      kinds.filter((kind) => !(kind in LIVE_EVENTS)),
      "kinds missing",
    ).toEqual([]);
  });

  it("list every feed, sitemap kind, notification kind and export section", () => {
    // A kind the code has and the table lacks fails, and so does a row for a kind now gone.
    const missing = (kinds: readonly string[], table: object) => [
      ...kinds.filter((kind) => !(kind in table)),
      ...Object.keys(table)
        .filter((row) => !kinds.includes(row))
        .map((row) => `${row} (no longer a kind)`),
    ];
    expect(missing(Object.keys(SITE_FEEDS), FEEDS), "feeds").toEqual([]);
    expect(missing(RECORD_KINDS, SITEMAP_KINDS), "sitemap kinds").toEqual([]);
    expect(missing(NOTIFICATION_KINDS, NOTIFICATION_SURFACES), "notification kinds").toEqual([]);
    expect(missing(Object.keys(MEMBER_DATA_SECTIONS), EXPORT_SECTIONS), "export sections").toEqual(
      [],
    );
  });
});

describe("the rule's two spellings hold to THE_RULE", () => {
  const ROLES: Record<Exclude<Viewer, "visitor" | "postAuthor">, Role> = {
    member: "user",
    blogAuthor: "author",
    moderator: "moderator",
    admin: "admin",
  };
  const readerOf = (state: State, viewer: Viewer): Reader => {
    if (viewer === "visitor") return null;
    if (viewer === "postAuthor")
      return { id: fixtures[state].author?.id ?? "nobody", role: "user" };
    return { id: readers[viewer].id, role: ROLES[viewer] };
  };

  it.each(["hidden", "deleted", "held"] as const)("visibilityOf: %s", (state) => {
    for (const viewer of VIEWERS) {
      const post = {
        authorId: fixtures[state].author?.id ?? null,
        hidden: state === "hidden",
        held: state === "held",
        deleted: state === "deleted",
      };
      expect(visibilityOf(readerOf(state, viewer), post), viewer).toBe(THE_RULE[state][viewer]);
    }
  });

  it("wordsReadable: a hidden discussion's words, for each reader", async () => {
    const { discussionId } = fixtures.hidden;
    for (const viewer of VIEWERS) {
      const readable = wordsReadable(readerOf("hidden", viewer), {
        hiddenAt: sql`d.hidden_at`,
        authorId: sql`d.author_id`,
      });
      const [row] = await queryRows<{ readable: boolean }>(
        t.db,
        sql`select ${readable} as readable from discussions d where d.id = ${discussionId}::uuid`,
      );
      expect(row?.readable, viewer).toBe(THE_RULE.hidden[viewer] === "shown");
    }
  });
});

describe("surfaces other than routes", () => {
  it("live events carry ids and kinds, never words: a hide is announced as an id", async () => {
    const response = await app.request("/api/discussions/events");
    const events = sseReader(response);
    try {
      const id = await insertDiscussionRow(t.db, { title: "Soon hidden", content: "secretlive" });
      const hide = await readers.moderator.client.post(
        `/api/moderation/items/discussion/${id}/actions`,
        { action: "hide", reason: "Off topic" },
      );
      expect(hide.status).toBe(200);
      let event = await events.nextEvent();
      while (event?.event === "ready") event = await events.nextEvent();
      expect(event?.data).toBe(JSON.stringify({ type: "updated", id }));
    } finally {
      await events.close();
    }
    // Whatever a payload holds, only ids and kinds reach a browser.
    const payload = JSON.stringify({ type: "updated", id: "x", title: "words", content: "words" });
    expect(parseDiscussionChange(payload)).toEqual({ type: "updated", id: "x" });
  });

  it("a page the anonymous cache stored is cleared when its discussion is hidden", async () => {
    const site = await startSiteServer(t.deps, {
      port: 0,
      hostname: "127.0.0.1",
      staticFiles: builtClient(SHELL),
      clientIp: () => "127.0.0.1",
      anonymousCache: true,
      anonymousCacheTtlMs: 60_000,
    });
    try {
      const id = await insertDiscussionRow(t.db, { title: "Stored page", content: "secretkept" });
      const url = `http://127.0.0.1:${site.address.port}/discussion/${id}`;
      const stored = () =>
        [...(site.cache?.entries() ?? [])].some(([key]) => key.endsWith(`\n/discussion/${id}`));
      expect(await (await fetch(url)).text()).toContain("secretkept");
      expect(stored()).toBe(true);
      // Hidden through another app (another instance): only the live event tells this one.
      const hide = await readers.moderator.client.post(
        `/api/moderation/items/discussion/${id}/actions`,
        { action: "hide", reason: "Off topic" },
      );
      expect(hide.status).toBe(200);
      await expect.poll(stored).toBe(false);
      const again = await (await fetch(url)).text();
      expect(again).not.toContain("secretkept");
      expect(again).toContain(HIDDEN_BY_MODERATOR);
    } finally {
      site.server.closeAllConnections();
      await new Promise((resolve) => site.server.close(resolve));
    }
  });

  it("the export holds its author's own posts, hidden words included", async () => {
    const { author, words } = fixtures.hidden;
    if (!author) throw new Error("no author");
    const member = { id: author.id, email: author.email };
    const [discussions] = await queryRows<{ rows: unknown }>(
      t.db,
      sql`select coalesce(json_agg(t), '[]') as rows from (${MEMBER_DATA_SECTIONS.discussions.rows(member)}) t`,
    );
    const [replies] = await queryRows<{ rows: unknown }>(
      t.db,
      sql`select coalesce(json_agg(t), '[]') as rows from (${MEMBER_DATA_SECTIONS.replies.rows(member)}) t`,
    );
    expect(JSON.stringify(discussions?.rows)).toContain(words.discussion);
    expect(JSON.stringify(replies?.rows)).toContain(words.reply);
  });
});

// The digest (decision 073): what each member's "Discussions you missed" holds of each state.
describe("digest", () => {
  const ROLLBACK = new Error("rolled back");
  it.each(STATES)("the missed discussions: %s", async (state) => {
    const { discussionId } = fixtures[state];
    const since = new Date(Date.now() - 86_400_000);
    for (const viewer of SIGNED_IN_READERS) {
      const reader = readers[viewer];
      let found = false;
      // Every other discussion muted, in a transaction rolled back after: the state's own is
      // the only one left to choose.
      await t.db
        .transaction(async (transaction) => {
          const tx = transaction as unknown as typeof t.db;
          await tx.execute(sql`insert into discussion_follows (user_id, discussion_id, state)
            select ${reader.id}, id, 'muted' from discussions where id <> ${discussionId}::uuid
            on conflict (user_id, discussion_id) do update set state = 'muted'`);
          const content = (await digestContents(tx, [{ userId: reader.id, since }])).get(reader.id);
          found = content?.missed.some((entry) => entry.discussionId === discussionId) ?? false;
          throw ROLLBACK;
        })
        .catch((error: unknown) => {
          if (error !== ROLLBACK) throw error;
        });
      expect(found ? "shown" : "absent", viewer).toBe(DIGEST[state][viewer]);
    }
  });
});

// The notification surfaces (GET /api/notifications, the notification mail job): decision 052.
describe("notifications about a post hidden or deleted", () => {
  /** A reply to `owner`'s discussion that mentions them: an entry and a mail at once. */
  async function replyTo(owner: Member, words: string) {
    const discussion = await insertDiscussionRow(t.db, { authorId: owner.id });
    const writer = await createMember(t, { name: "Reply Writer" });
    const response = await writer.client.post(`/api/discussions/${discussion}/replies`, {
      content: `${mentionToken("Owner", owner.id)} ${words}`,
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  }

  it("a reply hidden before delivery: no mail with its words; the entry is masked", async () => {
    const owner = await createMember(t, { name: "Owner" });
    const replyId = await replyTo(owner, "secretmailword");
    const hide = await readers.moderator.client.post(
      `/api/moderation/items/reply/${replyId}/actions`,
      { action: "hide", reason: "Personal data" },
    );
    expect(hide.status).toBe(200);
    const mail = await t.mailbox.all(owner.email);
    expect(mail.join("\n")).not.toContain("secretmailword");
    const entries = await (await owner.client.get("/api/notifications")).text();
    expect(entries).not.toContain("secretmailword");
  });

  it("an entry about a reply hidden after it was shown says so instead of its words", async () => {
    const owner = await createMember(t, { name: "Owner" });
    const replyId = await replyTo(owner, "secretentryword");
    await t.runJobs();
    // The list never carries a reply's words: the entry is there, not yet masked.
    const before = (await (await owner.client.get("/api/notifications")).json()) as {
      notifications: { replyId: string | null; replyMasked: string | null }[];
    };
    expect(before.notifications).toContainEqual(
      expect.objectContaining({ replyId, replyMasked: null }),
    );
    await readers.moderator.client.post(`/api/moderation/items/reply/${replyId}/actions`, {
      action: "hide",
      reason: "Personal data",
    });
    const entries = await (await owner.client.get("/api/notifications")).text();
    expect(entries).not.toContain("secretentryword");
    expect(entries).toContain(HIDDEN_BY_MODERATOR);
  });

  it('an entry about a reply deleted since says "This reply was deleted."', async () => {
    const owner = await createMember(t, { name: "Owner" });
    const replyId = await replyTo(owner, "secretdeletedword");
    await t.runJobs();
    await readers.moderator.client.delete(`/api/replies/${replyId}`);
    const entries = await (await owner.client.get("/api/notifications")).text();
    expect(entries).not.toContain("secretdeletedword");
    expect(entries).toContain("This reply was deleted.");
  });
});
