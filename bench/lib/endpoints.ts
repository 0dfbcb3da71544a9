// The load run's endpoints, with real ids from the benchmark data: what a visitor's browser asks
// for on the forum, a thread's replies, the members directory, a profile, and the server-rendered
// HTML of the home page, the forum and a discussion.
import pg from "pg";
import { encodeDiscussionCursor } from "@/server/domain/discussions/queries";
import { encodeReplyCursor } from "@/server/features/replies/queries";
import { REPLIES_PAGE_SIZE } from "@/shared/constants";
import { BENCH_READERS, type BenchReader } from "./bench-member";
import { LONG_THREAD, SHORT_THREAD } from "./reply-data";
import { SEARCHED } from "./search-vocabulary";

export type Endpoint = {
  name: string;
  path: string;
  /** The body the ceiling builds from the rows of the replayed statements (see ceiling-server.ts). */
  shape:
    | "discussion-page"
    | "discussion"
    | "reply-page"
    | "members-page"
    | "profile"
    | "search"
    | "html";
  /** Asked by a signed-in member (a session cookie): rendered for them, never kept. */
  signedIn?: boolean;
  /** Signed in as this reader of bench/reading-data.ts (issue 42), not a new member. */
  reader?: BenchReader;
  /** Targets of its own, where its issue sets them (else bench:load's general ones). */
  targets?: { p50Ms?: number; p99Ms: number; ratio: number };
};

/**
 * Issue 44's four searches (GET /api/search), with the words bench:data puts in the posts
 * (lib/search-vocabulary.ts): p50 ≤ 50 ms, p99 ≤ 250 ms and ratio ≥ 0.75 at 10 connections.
 */
const SEARCH_TARGETS = { p50Ms: 50, p99Ms: 250, ratio: 0.75 };
export const FULL_TEXT_SEARCHES: Endpoint[] = [
  ["common word", SEARCHED.common],
  ["rare word", SEARCHED.rare],
  ["phrase", SEARCHED.phrase],
  ["no results with suggestion", SEARCHED.misspelt],
].map(([kind, q]) => ({
  name: `full-text search, ${kind}`,
  path: `/api/search?q=${encodeURIComponent(q as string)}`,
  shape: "search" as const,
  targets: SEARCH_TARGETS,
}));

/**
 * Issue 45's two reads (docs/decisions/075): median ratio ≥ 0.75 of the ceiling; the p99 is
 * bench:load's general 50 ms.
 */
const REACTION_TARGETS = { p99Ms: 50, ratio: 0.75 };

/** A thread of some length from the data's spread (bench:data gives many of 60 replies). */
export const FULL_PAGE_THREAD = 60;

/** The reply a permalink names: near the end of the long thread, so the page holds earlier ones. */
const DEEP_REPLY = LONG_THREAD - 10;

export type SampleIds = Awaited<ReturnType<typeof sampleIds>>;

const CURSOR_TIME = `to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * A discussion in the middle of the list, a public member with a typical count, the threads of
 * 10,000 and of 10 replies (bench:data), and the places in them the plans page from.
 */
export async function sampleIds(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const one = async <Row extends pg.QueryResultRow>(text: string, params: unknown[] = []) =>
      (await client.query<Row>(text, params)).rows[0];
    const discussion = await one<{ id: string }>(
      `select id from discussions where status = 'active'
       order by created_at desc offset 5000 limit 1`,
    );
    const member = await one<{ id: string; full_name: string }>(
      `select p.id, p.full_name from profiles p
       where p.is_public and (select count(*) from discussions d where d.author_id = p.id) >= 10
       order by p.created_at limit 1`,
    );
    // The forum's second page starts after the first page's last discussion (the 20th).
    const twentieth = await one<{ is_pinned: boolean; created_at: string; id: string }>(
      `select is_pinned, id, ${CURSOR_TIME} as created_at
       from discussions where status = 'active'
       order by is_pinned desc, created_at desc, id desc offset 19 limit 1`,
    );
    const twentiethActive = await one<{ is_pinned: boolean; at: string; id: string }>(
      `select is_pinned, id,
         to_char(last_activity_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
       from discussions where status = 'active'
       order by is_pinned desc, last_activity_at desc, id desc offset 19 limit 1`,
    );
    const thread = (size: number) =>
      one<{ id: string }>(
        `select id from discussions where status = 'active' and replies_count = $1
         order by created_at desc limit 1`,
        [size],
      );
    const longThread = await thread(LONG_THREAD);
    const shortThread = await thread(SHORT_THREAD);
    // A first page as full as the long thread's (50 replies, and more after): the same answer's
    // size, so that the two compare the thread's length alone.
    // A data set with few replies (the growth table's million discussions with 200,000 replies)
    // may have no thread of exactly FULL_PAGE_THREAD: the smallest longer one fills a page too.
    const fullPageThread =
      (await thread(FULL_PAGE_THREAD)) ??
      (await one<{ id: string }>(
        `select id from discussions where status = 'active' and replies_count > $1
         order by replies_count, created_at desc limit 1`,
        [FULL_PAGE_THREAD],
      ));
    const replyAt = (position: number) =>
      one<{ id: string; created_at: string }>(
        `select id, ${CURSOR_TIME} as created_at from discussion_replies
         where discussion_id = $1 order by created_at, id offset $2 limit 1`,
        [longThread?.id, position - 1],
      );
    // Issue 41: a category and a tag of middling use (the third category, the twentieth tag
    // by count), as a visitor's click on a badge or a tag would ask; none in data from before.
    const category = await one<{ slug: string }>(
      `select slug from categories order by discussions_count desc offset 2 limit 1`,
    );
    // A database from before tags (migration 0037) has no table yet: the app makes it.
    const tagsExist = await one<{ found: boolean }>(
      `select to_regclass('tags') is not null as found`,
    );
    const tag = tagsExist?.found
      ? await one<{ name: string }>(
          `select name from tags order by discussions_count desc, name offset 19 limit 1`,
        )
      : undefined;
    // Issue 42: bench/reading-data.ts's two readers, when it has run on this database.
    const readers = await one<{ count: number }>(
      `select count(*)::int as count from "user" where email = any($1)`,
      [Object.values(BENCH_READERS)],
    );
    // Issue 45: a thread whose first page is full (50 replies and more) with the most reactions
    // on its replies (bench:data's reactions), as a thread people reacted to reads; and whether
    // the Top scores are there (none in data from before reactions: bench:reaction-data).
    const reactionsExist = await one<{ found: boolean }>(
      `select to_regclass('reaction_counts') is not null as found`,
    );
    const reactedThread = reactionsExist?.found
      ? await one<{ id: string; reacted: number }>(
          `select d.id, r.reacted from discussions d
           cross join lateral (
             select count(*)::int as reacted from reaction_counts rc
             where rc.discussion_id = d.id and rc.reply_id is not null and rc.count > 0
           ) r
           where d.status = 'active' and d.hidden_at is null
             and d.replies_count between $1 and $2
           order by r.reacted desc, d.id limit 1`,
          [REPLIES_PAGE_SIZE, 4 * REPLIES_PAGE_SIZE],
        )
      : undefined;
    const topScores = reactionsExist?.found
      ? await one<{ count: number }>(
          `select count(*)::int as count from top_scores where period = 'week'`,
        )
      : undefined;
    const fiftieth = longThread && (await replyAt(50));
    const middle = longThread && (await replyAt(LONG_THREAD / 2));
    const deep = longThread && (await replyAt(DEEP_REPLY));
    if (!discussion || !member || !twentieth || !twentiethActive) {
      throw new Error("No benchmark data: run `npm run bench:data` into this database first");
    }
    if (!longThread || !shortThread || !fullPageThread || !fiftieth || !middle || !deep) {
      throw new Error(
        `No threads of ${LONG_THREAD} and ${SHORT_THREAD} replies: this data predates replies; ` +
          "run `npm run bench:data` into a new database",
      );
    }
    return {
      discussionId: discussion.id,
      profileId: member.id,
      profileName: member.full_name ?? "",
      secondPageCursor: encodeDiscussionCursor({
        isPinned: twentieth.is_pinned,
        at: twentieth.created_at,
        id: twentieth.id,
      }),
      activitySecondPageCursor: encodeDiscussionCursor({
        isPinned: twentiethActive.is_pinned,
        at: twentiethActive.at,
        id: twentiethActive.id,
      }),
      categorySlug: category?.slug ?? null,
      tagName: tag?.name ?? null,
      benchReaders: readers?.count === Object.keys(BENCH_READERS).length,
      /** A thread with a full first page whose replies have reactions (issue 45), if any. */
      reactedThreadId: reactedThread && reactedThread.reacted > 0 ? reactedThread.id : null,
      /** Whether this week's Top list has discussions (the top-scores job ran on the data). */
      topScores: (topScores?.count ?? 0) > 0,
      longThreadId: longThread.id,
      shortThreadId: shortThread.id,
      fullPageThreadId: fullPageThread.id,
      deepReplyId: deep.id,
      /** The long thread's second page: after its 50th reply. */
      threadNextCursor: encodeReplyCursor({
        backward: false,
        at: fiftieth.created_at,
        id: fiftieth.id,
      }),
      /** The page before the long thread's middle reply, as "Load earlier" from a permalink. */
      threadPreviousCursor: encodeReplyCursor({
        backward: true,
        at: middle.created_at,
        id: middle.id,
      }),
    };
  } finally {
    await client.end();
  }
}

/** Issue 42's pair: bench/reading-list.ts compares the first with the second. */
export const READ_STATE_LISTS: Endpoint[] = [
  {
    name: "discussion list, member with 10k read positions",
    path: "/api/discussions",
    shape: "discussion-page",
    signedIn: true,
    reader: "positions",
  },
  {
    name: "discussion list, member without read positions",
    path: "/api/discussions",
    shape: "discussion-page",
    signedIn: true,
    reader: "none",
  },
];

export function loadEndpoints(ids: SampleIds): Endpoint[] {
  return [
    { name: "discussion list", path: "/api/discussions", shape: "discussion-page" },
    { name: "search", path: "/api/discussions?q=printer", shape: "discussion-page" },
    {
      name: "filtered list",
      path: "/api/discussions?range=30d&locked=true",
      shape: "discussion-page",
    },
    // Issue 41's category page and tag filter (docs/decisions/066, 067): their first page.
    ...(ids.categorySlug
      ? [
          {
            name: "category page",
            path: `/api/discussions?category=${ids.categorySlug}`,
            shape: "discussion-page" as const,
          },
        ]
      : []),
    ...(ids.tagName
      ? [
          {
            name: "tag filter",
            path: `/api/discussions?tag=${encodeURIComponent(ids.tagName)}`,
            shape: "discussion-page" as const,
          },
        ]
      : []),
    // Issue 42: the list as a member reads it, each card with their read state (decision 071),
    // for a member with 10,000 read positions and for one with none (bench/reading-data.ts).
    ...(ids.benchReaders ? READ_STATE_LISTS : []),
    {
      name: "list by latest activity",
      path: "/api/discussions?sort=activity",
      shape: "discussion-page",
    },
    // Issue 44: full-text search over discussions and replies (docs/decisions/074).
    ...FULL_TEXT_SEARCHES,
    // Issue 45 (docs/decisions/075): this week's Top list, read from top_scores in score order.
    ...(ids.topScores
      ? [
          {
            name: "Top, this week",
            path: "/api/discussions?sort=top&period=week",
            shape: "discussion-page" as const,
            targets: REACTION_TARGETS,
          },
        ]
      : []),
    { name: "one discussion", path: `/api/discussions/${ids.discussionId}`, shape: "discussion" },
    {
      name: "thread, first page",
      path: `/api/discussions/${ids.longThreadId}/replies`,
      shape: "reply-page",
    },
    {
      name: "thread of 10, first page",
      path: `/api/discussions/${ids.shortThreadId}/replies`,
      shape: "reply-page",
    },
    {
      name: `thread of ${FULL_PAGE_THREAD}, first page`,
      path: `/api/discussions/${ids.fullPageThreadId}/replies`,
      shape: "reply-page",
    },
    // Issue 45: a first page of 50 replies, each with its counts per kind (one more read).
    ...(ids.reactedThreadId
      ? [
          {
            name: "thread with reactions",
            path: `/api/discussions/${ids.reactedThreadId}/replies`,
            shape: "reply-page" as const,
            targets: REACTION_TARGETS,
          },
        ]
      : []),
    {
      name: "thread, deep permalink",
      path: `/api/discussions/${ids.longThreadId}/replies?around=${ids.deepReplyId}`,
      shape: "reply-page",
    },
    {
      name: "members by discussions",
      path: "/api/members?sort=discussions",
      shape: "members-page",
    },
    { name: "profile", path: `/api/profiles/${ids.profileId}`, shape: "profile" },
    { name: "home page HTML", path: "/", shape: "html" },
    // Issue 15: the server-rendered pages a visitor without a session opens most.
    { name: "forum HTML", path: "/discussion", shape: "html" },
    { name: "discussion page HTML", path: `/discussion/${ids.discussionId}`, shape: "html" },
    // Issue 15's bar for members: p99 ≤ 100 ms (their pages are rendered on each request).
    { name: "forum HTML, signed in", path: "/discussion", shape: "html", signedIn: true },
    {
      name: "discussion HTML, signed in",
      path: `/discussion/${ids.discussionId}`,
      shape: "html",
      signedIn: true,
    },
  ];
}
