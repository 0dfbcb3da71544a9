// SQL for the forum, shared by the features that show discussions (the forum, the CMS's
// Discussions tab). Only status 'active' is ever listed or opened (docs/product.md §4.6). The
// author's email never leaves the database: the display name falls back to the part before the @.
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { displayName, displayNameKey } from "@/server/db/display-name";
import { limitLiteral, queryPreparedRows, renderedOnce } from "@/server/db/prepared";
import { requireCategory } from "@/server/domain/categories/categories";
import {
  markupWhenChanged,
  plainContentOf,
  plainContentWhenChanged,
} from "@/server/domain/content-format";
import { authorIsAdmin } from "@/server/domain/moderation/post-edits";
import { attachPostImages } from "@/server/domain/post-images/attach";
import { newCondition, readStateJoin, unreadCondition } from "@/server/domain/reading/unread";
import { requireListedTag, setDiscussionTags } from "@/server/domain/tags/tags";
import {
  heldReadable,
  isModerator,
  type Reader as ReaderOfHidden,
  visibilityOf,
  wordsReadable,
} from "@/server/domain/visibility/rule";
import { UUID_ID } from "@/server/lib/ids";
import { containsPattern } from "@/server/lib/like-pattern";
import {
  countItem,
  decodeCursor,
  encodeCursor,
  flagItem,
  idItem,
  microsecondText,
  timestampItem,
} from "@/server/lib/page-cursor";
import type { DiscussionItem, DiscussionPage } from "@/shared/api-types";
import { DISCUSSION_EXCERPT_CHARS, type DiscussionSort } from "@/shared/constants";
import type { ContentFormat } from "@/shared/markup/plain-text";
import { HIDDEN_BY_MODERATOR } from "@/shared/moderation";
import type { PostAuthor } from "@/shared/permissions";
import type { TopPeriod } from "@/shared/reactions";
import type { ListQuery } from "./list-query";

// Keyset cursor for the forum list: the sort key (is_pinned, time, id) of the last item shown,
// where the time is created_at for "Newest" and last_activity_at for "Latest activity". The
// next page starts strictly after it, so discussions created meanwhile (which sort before it)
// never shift the pages: no duplicates, no gaps. (With "Latest activity" a discussion that gets
// a reply meanwhile moves to the top: a reader already past it does not see it twice.)
type DiscussionCursor = {
  isPinned: boolean;
  /** The sort's time with PostgreSQL's microseconds, as SQL returned it (ISO 8601, UTC). */
  at: string;
  id: string;
};

export function encodeDiscussionCursor(cursor: DiscussionCursor): string {
  return encodeCursor([cursor.isPinned ? 1 : 0, cursor.at, cursor.id]);
}

/** Throws 400 for anything encodeDiscussionCursor did not make. */
function decodeDiscussionCursor(value: string): DiscussionCursor {
  const [isPinned, at, id] = decodeCursor<[boolean, string, string]>(value, [
    flagItem,
    timestampItem,
    idItem(UUID_ID),
  ]);
  return { isPinned, at, id };
}

type DiscussionRow = {
  id: string;
  title: string;
  content: string;
  content_format: ContentFormat;
  excerpt: string;
  author_id: string | null;
  author_name: string;
  is_pinned: boolean;
  is_locked: boolean;
  created_at: string;
  updated_at: string;
  replies_count: number;
  last_reply_at: string | null;
  last_activity_at: string;
  author_public: boolean | null;
  author_avatar: string | null;
  last_reply_author: string | null;
  last_reply_author_id: string | null;
  last_reply_id: string | null;
  last_reply_author_public: boolean | null;
  edited_at: string | null;
  edited_by_moderator: boolean;
  author_is_admin: boolean;
  hidden: boolean;
  held: boolean;
  category_slug: string;
  category_name: string;
  category_colour: string;
  tags: string[] | null;
  /** The reader's own read state (readStateJoin); absent without a reader. */
  unread?: number;
  is_new?: boolean;
};

/**
 * A card's excerpt (docs/decisions/089): the start of the plain text, without `<` and `>`. The
 * plain text shows a link's address decoded (`%3C` as `<`), and no answer carries either
 * character of what members write (docs/product.md §5 removes them from every input).
 */
const EXCERPT = sql.raw(
  `left(translate(coalesce(d.plain_content, d.content), '<>', ''), ${DISCUSSION_EXCERPT_CHARS})`,
);

// The discussion columns the API shows and the joins naming the people, around the source
// (selectFrom); without values, so rendered once (db/prepared.ts, renderedOnce).
const DISCUSSION_COLUMNS = renderedOnce(sql`
  select d.id, d.title, d.content, d.content_format,
    ${EXCERPT} as excerpt, d.author_id, d.is_pinned, d.is_locked, d.replies_count,
    ${microsecondText(sql`d.created_at`)} as created_at,
    ${microsecondText(sql`d.updated_at`)} as updated_at,
    ${microsecondText(sql`d.last_reply_at`)} as last_reply_at,
    ${microsecondText(sql`d.last_activity_at`)} as last_activity_at,
    ${microsecondText(sql`d.edited_at`)} as edited_at, d.edited_by_moderator,
    ${authorIsAdmin(sql`d.author_id`)} as author_is_admin, d.hidden_at is not null as hidden,
    d.status = 'held' as held,
    c.slug as category_slug, c.name as category_name, c.colour as category_colour,
    array(select t.name from discussion_tags dt join tags t on t.id = dt.tag_id
      where dt.discussion_id = d.id order by t.name) as tags,
    ${displayName(sql`p.full_name`, sql`p.email`)} as author_name,
    p.is_public as author_public, p.avatar_url as author_avatar,
    case when last_reply.id is not null
      then ${displayName(sql`lp.full_name`, sql`lp.email`)} end as last_reply_author,
    last_reply.author_id as last_reply_author_id, last_reply.id as last_reply_id, lp.is_public as last_reply_author_public`);

const DISCUSSION_JOINS = renderedOnce(sql`
  join categories c on c.id = d.category_id
  left join profiles p on p.id = d.author_id
  -- The newest reply's author (issue 21): one step back along discussion_replies_shown_idx,
  -- then that one author's profile (bench/RESULTS.md §11).
  left join lateral (
    select r.id, r.author_id
    from discussion_replies r
    where r.discussion_id = d.id and r.deleted_at is null and r.held_at is null
      and d.replies_count > 0
    order by r.created_at desc, r.id desc
    limit 1
  ) last_reply on true
  left join profiles lp on lp.id = last_reply.author_id`);

/**
 * The discussion columns the API shows, read from `source` (aliased d); with `readBy`, that
 * member's unread count and "New" mark (docs/decisions/071).
 */
const selectFrom = (source: SQL, readBy?: string) =>
  readBy === undefined
    ? sql`${DISCUSSION_COLUMNS} from ${source} ${DISCUSSION_JOINS}`
    : sql`${DISCUSSION_COLUMNS}, rd.unread, rd.is_new
        from ${source} ${DISCUSSION_JOINS} ${readStateJoin(readBy)}`;

const selectDiscussion = renderedOnce(selectFrom(sql`discussions d`));

const RANGE_INTERVALS = { "24h": "24 hours", "7d": "7 days", "30d": "30 days" } as const;

/**
 * The discussion as `reader` may see it (docs/decisions/046): a hidden one keeps its place,
 * author and counts, but only moderators and its author read its words. No reader: masked.
 * The queries have already left out what is absent to the reader (deleted, others' held).
 */
function toItem(row: DiscussionRow, reader: ReaderOfHidden = null): DiscussionItem {
  const post = { authorId: row.author_id, hidden: row.hidden, held: row.held, deleted: false };
  const masked = visibilityOf(reader, post) !== "shown";
  return {
    id: row.id,
    category: { slug: row.category_slug, name: row.category_name, colour: row.category_colour },
    // A tag is words too: a masked discussion shows none (docs/decisions/067).
    tags: masked ? [] : (row.tags ?? []),
    title: masked ? HIDDEN_BY_MODERATOR : row.title,
    content: masked ? "" : row.content,
    contentFormat: row.content_format,
    excerpt: masked ? "" : row.excerpt,
    author: row.author_name,
    authorId: row.author_id,
    authorIsPublic: row.author_public === true,
    // A private member's avatar is served to nobody else (features/profiles).
    authorAvatarUrl: row.author_public ? row.author_avatar : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    isPinned: row.is_pinned,
    isLocked: row.is_locked,
    status: "active",
    // Kept by triggers on discussion_replies (docs/decisions/020).
    replies: Number(row.replies_count),
    lastReplyAt: row.last_reply_at,
    lastReplyId: row.last_reply_id,
    lastReplyAuthor:
      row.last_reply_author === null
        ? null
        : {
            name: row.last_reply_author,
            publicId: row.last_reply_author_public ? row.last_reply_author_id : null,
          },
    editedAt: row.edited_at,
    editedByModerator: row.edited_by_moderator,
    hidden: row.hidden,
    // Moderators hide their Edit and Delete on an admin's post (docs/decisions/048); nobody
    // else is told an author's role here.
    ...(row.author_is_admin && isModerator(reader) ? { authorIsAdmin: true } : {}),
    // Only its author ever reads a held discussion (findActiveDiscussion).
    ...(row.held ? { awaitingReview: true } : {}),
    ...(row.unread === undefined ? {} : { unread: Number(row.unread) }),
    ...(row.is_new ? { isNew: true } : {}),
  };
}

const and = (conditions: SQL[]) => sql.join(conditions, sql` and `);

/** The time each sort orders by, after is_pinned and before id (docs/product.md §4.6). */
const SORT_TIME: Record<DiscussionSort, SQL> = {
  newest: sql`d.created_at`,
  // Stored as coalesce(last_reply_at, created_at): the one spelling discussions_activity_idx
  // and this query share (db/schema.ts).
  activity: sql`d.last_activity_at`,
  // Top orders by score (topPage) and never reaches the time-ordered queries.
  top: sql`d.created_at`,
};

// Pinned first, then newest (docs/product.md §4.6) or latest activity, in two spellings that the planner
// reads differently. "nulls last" matches discussions_list_idx and discussions_activity_idx
// (drizzle writes DESC NULLS LAST; the columns are NOT NULL, so the order is the same), so the
// index is read in order and the scan stops after a page. The plain spelling cannot use those
// indexes, so the planner has to collect the matches (through the trigram and author indexes)
// and sort them.
const indexOrder = (sort: DiscussionSort) =>
  sql`d.is_pinned desc nulls last, ${SORT_TIME[sort]} desc nulls last, d.id desc nulls last`;
const sortOrder = (sort: DiscussionSort) =>
  sql`d.is_pinned desc, ${SORT_TIME[sort]} desc, d.id desc`;

const since = (range: Exclude<ListQuery["range"], "all">) =>
  sql`now() - ${RANGE_INTERVALS[range]}::interval`;

/** The three keys of list order (pinned, time, id) as a query's relation spells them. */
type ListKeys = { pinned: SQL; at: SQL; id: SQL };
const discussionKeys = (sort: DiscussionSort): ListKeys => ({
  pinned: sql`d.is_pinned`,
  at: SORT_TIME[sort],
  id: sql`d.id`,
});

/**
 * The filters every sort applies, Top included: category, muted categories, unread and new,
 * pinned (read at `pinned`: discussions' own column or a tag's copy of it), locked.
 */
function filterConditions(query: ListQuery, pinned: SQL): SQL[] {
  const conditions: SQL[] = [];
  // A category's own partial indexes lead with category_id (docs/decisions/066).
  if (query.categoryId) conditions.push(sql`d.category_id = ${query.categoryId}::uuid`);
  // A handful of categories at most: read once, then each row is checked against the array.
  if (query.mutedBy) {
    conditions.push(sql`d.category_id <> all(array(
      select category_id from category_follows
      where user_id = ${query.mutedBy} and state = 'muted'))`);
  }
  // What is new to the member (docs/decisions/071): either mark, when both are asked for.
  if (query.readBy && (query.unread || query.new)) {
    const wanted = [
      ...(query.unread ? [unreadCondition(query.readBy)] : []),
      ...(query.new ? [newCondition(query.readBy)] : []),
    ];
    conditions.push(sql`(${sql.join(wanted, sql` or `)})`);
  }
  if (query.pinned) conditions.push(pinned);
  if (query.locked) conditions.push(sql`d.is_locked`);
  return conditions;
}

/**
 * Conditions that follow the list's own order: status, the filters (locked has its own partial
 * index in list order, discussions_locked_list_idx), cursor. The range: listWindow. `keys`:
 * where the order's keys are read (discussions', or a tag's copy of them: tagWindow).
 */
function orderedConditions(
  query: ListQuery,
  cursor: DiscussionCursor | null,
  keys: ListKeys = discussionKeys(query.sort),
): SQL[] {
  const conditions = [sql`d.status = 'active'`, ...filterConditions(query, keys.pinned)];
  if (cursor) {
    // All three keys sort descending, so "after the cursor" is one row comparison, which the
    // (status, is_pinned desc, created_at desc, id desc) index, or the activity one, answers
    // directly.
    conditions.push(
      sql`(${keys.pinned}, ${keys.at}, ${keys.id}) < (${cursor.isPinned}::boolean, ${cursor.at}::timestamptz, ${cursor.id}::uuid)`,
    );
  }
  return conditions;
}

/**
 * The next `size` active discussions in list order after the cursor (and matching `where`), as
 * a relation aliased d. A date range is read as two branches, pinned and unpinned: the list
 * index has is_pinned before created_at, so with `created_at >= since` alone PostgreSQL 15
 * checks every entry of the index whenever fewer than `size` discussions are in range (5 to
 * 10 ms at 100,000); with is_pinned fixed, each branch is one index range that ends at `since`.
 */
function listWindow(
  query: ListQuery,
  cursor: DiscussionCursor | null,
  size: number,
  { where = [] as SQL[], order = indexOrder(query.sort) } = {},
): SQL {
  const base = and([...orderedConditions(query, cursor), ...where]);
  if (query.range === "all") {
    return sql`(select * from discussions d where ${base} order by ${order} limit ${limitLiteral(size)}) d`;
  }
  const from = since(query.range);
  // Activity is never before creation: by last activity, the range also ends the index range.
  const inRange =
    query.sort === "activity"
      ? sql`d.created_at >= ${from} and d.last_activity_at >= ${from}`
      : sql`d.created_at >= ${from}`;
  const branch = (pinned: boolean) => sql`(select * from discussions d
    where ${base} and d.is_pinned = ${pinned} and ${inRange}
    order by ${order} limit ${limitLiteral(size)})`;
  return sql`(select * from (${branch(true)} union all ${branch(false)}) d
    order by ${order} limit ${limitLiteral(size)}) d`;
}

/** The alias d's columns, as the visibility rule reads them. */
const POST_COLUMNS = { hiddenAt: sql`d.hidden_at`, authorId: sql`d.author_id` };

/**
 * Conditions that may match anywhere in the list, or almost nowhere: search, author. The words
 * match only where `reader` may read them (docs/decisions/046): a hidden discussion is found by
 * its author's name, never by its words, so no answer tells what it said.
 */
function matchConditions(query: ListQuery, reader: ReaderOfHidden): SQL[] {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    // search_text is lower(title, content), stored: LIKE on it is a quarter of the cost of
    // ILIKE on both columns. Each branch can use its own index (BitmapOr: the trigram index,
    // the author index); the author ids are looked up once.
    conditions.push(sql`(
      (d.search_text like lower(${pattern}) and ${wordsReadable(reader, POST_COLUMNS)})
      or d.author_id = any(array(select id from profiles where full_name ilike ${pattern}))
    )`);
  }
  if (query.tagId) {
    // Found by a tag only where its words may be read, as by its words (docs/decisions/067).
    conditions.push(sql`d.id in (select discussion_id from discussion_tags
      where tag_id = ${query.tagId}::uuid)`);
    conditions.push(wordsReadable(reader, POST_COLUMNS));
  }
  if (query.author) {
    conditions.push(sql`d.author_id = any(array(
      select id from profiles
      where ${displayNameKey(sql`full_name`, sql`email`)} = lower(${query.author})
    ))`);
  }
  return conditions;
}

/** How many discussions, in list order, a search looks through before asking the indexes. */
const SEARCH_WINDOW = 1_000;

/**
 * A search can match most discussions or almost none, and one plan is slow
 * for each case (measured at 100,000 discussions: reading the list index in order until a page
 * fills took 300 ms for a rare word; collecting and sorting the matches took 340 ms for a
 * common one). So: first look for a full page among the next SEARCH_WINDOW discussions in
 * list order; that answer is exact when it fills the page. Only otherwise (rare matches) let
 * the indexes collect every match and sort those.
 */
async function matchingRows(
  db: Db,
  query: ListQuery,
  cursor: DiscussionCursor | null,
  reader: ReaderOfHidden,
): Promise<DiscussionRow[]> {
  const matches = and(matchConditions(query, reader));
  const limit = query.limit + 1;
  // One author's discussions are never most of the list: collect them through the author
  // index straight away (the window would read SEARCH_WINDOW rows to find a handful).
  if (query.author) return collectMatches(db, query, cursor, limit, reader);
  // The window comes out of the list index in order; ordering the outer query the same way
  // (INDEX_ORDER) lets PostgreSQL keep that order and stop as soon as a page has matched,
  // instead of filtering all SEARCH_WINDOW rows and sorting them (5.6 ms -> 1.5 ms for a word
  // in 5% of discussions, at 100,000).
  const early = await queryRows<DiscussionRow>(
    db,
    sql`${selectFrom(listWindow(query, cursor, SEARCH_WINDOW), query.readBy)} where ${matches}
      order by ${indexOrder(query.sort)} limit ${limit}`,
  );
  if (early.length === limit) return early;
  return collectMatches(db, query, cursor, limit, reader);
}

/** Every match through the trigram and author indexes, sorted: for rare matches. */
function collectMatches(
  db: Db,
  query: ListQuery,
  cursor: DiscussionCursor | null,
  limit: number,
  reader: ReaderOfHidden,
): Promise<DiscussionRow[]> {
  // The page is chosen before the authors are joined: joined first, the planner expected many
  // matches and hashed all the profiles (a sequential scan) to name a few discussions.
  const page = listWindow(query, cursor, limit, {
    where: matchConditions(query, reader),
    order: sortOrder(query.sort),
  });
  return queryRows<DiscussionRow>(
    db,
    sql`${selectFrom(page, query.readBy)} order by ${sortOrder(query.sort)}`,
  );
}

const TAG_KEYS: ListKeys = {
  pinned: sql`t.discussion_pinned`,
  at: sql`t.discussion_created_at`,
  id: sql`t.discussion_id`,
};

/**
 * A tag's discussions, newest first (docs/decisions/069): its rows of discussion_tags carry the
 * list's keys, so its partial index (discussion_tags_list_idx) is read in list order and the
 * scan stops after a page, for a tag on half the discussions or on a handful. Found by a tag
 * only where its words may be read (docs/decisions/067).
 */
function tagPageRows(
  db: Db,
  query: ListQuery & { tagId: string },
  cursor: DiscussionCursor | null,
  reader: ReaderOfHidden,
): Promise<DiscussionRow[]> {
  const conditions = [
    sql`t.tag_id = ${query.tagId}::uuid`,
    sql`t.counted`,
    ...orderedConditions(query, cursor, TAG_KEYS),
    wordsReadable(reader, POST_COLUMNS),
  ];
  if (query.range !== "all") conditions.push(sql`t.discussion_created_at >= ${since(query.range)}`);
  const order = sql`t.discussion_pinned desc nulls last, t.discussion_created_at desc nulls last,
    t.discussion_id desc nulls last`;
  const page = sql`(select d.* from discussion_tags t join discussions d on d.id = t.discussion_id
    where ${and(conditions)} order by ${order} limit ${limitLiteral(query.limit + 1)}) d`;
  // The plan is the tag index's walk whatever the values: prepared, as the plain list is.
  return queryPreparedRows<DiscussionRow>(
    db,
    sql`${selectFrom(page, query.readBy)} order by ${indexOrder("newest")}`,
  );
}

// The Top list's keyset cursor (docs/decisions/075): the period it was made for, then the last
// discussion's (score, id). A cursor of another period or sort is a 400: its score means
// nothing in this ranking (and a newest-first cursor has no score at all).
type TopCursor = { score: string; id: string };

const encodeTopCursor = (period: TopPeriod, cursor: TopCursor) =>
  encodeCursor([period, cursor.score, cursor.id]);

function decodeTopCursor(value: string, period: TopPeriod): TopCursor {
  const periodItem = (item: unknown) => (item === period ? period : undefined);
  const [, score, id] = decodeCursor<[TopPeriod, string, string]>(value, [
    periodItem,
    countItem,
    idItem(UUID_ID),
  ]);
  return { score, id };
}

// Two spellings of one order, as indexOrder and sortOrder: "nulls last" matches
// top_scores_list_idx (drizzle's DESC NULLS LAST; the columns are NOT NULL), so the index is read
// in order and the scan stops after a page (bench/RESULTS.md §28: all time at 1,000,000
// discussions, 1.6 s sorted, 11 ms in order). The plain spelling cannot use it, so the planner
// collects the matches through the trigram, author or tag indexes and sorts those: what a rare
// match needs (in order, it walked most of the period's scores to fill a page).
const TOP_INDEX_ORDER = sql`t.score desc nulls last, t.discussion_id desc nulls last`;
const TOP_SORT_ORDER = sql`t.score desc, t.discussion_id desc`;

/**
 * How a page of Top keys is found: `index` reads the period's scores in order; `window` does
 * too, but only among the next SEARCH_WINDOW of them; `collect` gathers every match and sorts.
 */
export type TopPlan = "index" | "window" | "collect";

/**
 * The query's next page of Top keys, (id, score), best first: the discussions of its period
 * after its cursor that every filter leaves, found as `plan` says. Exported for its plans' test
 * (top-plan.test.ts).
 */
export function topKeysQuery(query: ListQuery, reader: ReaderOfHidden, plan: TopPlan): SQL {
  const cursor = query.cursor ? decodeTopCursor(query.cursor, query.period) : null;
  const conditions = [
    sql`d.status = 'active'`,
    ...filterConditions(query, sql`d.is_pinned`),
    ...matchConditions(query, reader),
  ];
  // A date range is on creation, as for the other sorts: Top among recent discussions.
  if (query.range !== "all") conditions.push(sql`d.created_at >= ${since(query.range)}`);
  const after = cursor
    ? [sql`(t.score, t.discussion_id) < (${cursor.score}::int, ${cursor.id}::uuid)`]
    : [];
  const scores = and([sql`t.period = ${query.period}`, ...after]);
  const limit = limitLiteral(query.limit + 1);
  if (plan === "collect") {
    // Each match's score by primary key, one probe per match ("limit 1" keeps the planner
    // from turning the probes into a hash of the period's every score).
    return sql`select t.discussion_id as id, t.score from discussions d
        cross join lateral (select t.discussion_id, t.score from top_scores t
          where t.period = ${query.period} and t.discussion_id = d.id limit 1) t
        where ${and([...conditions, ...after])}
        order by ${TOP_SORT_ORDER} limit ${limit}`;
  }
  const source =
    plan === "window"
      ? sql`(select * from top_scores t where ${scores}
          order by ${TOP_INDEX_ORDER} limit ${limitLiteral(SEARCH_WINDOW)}) t`
      : sql`top_scores t`;
  return sql`select t.discussion_id as id, t.score from ${source}
      join discussions d on d.id = t.discussion_id
      where ${and([scores, ...conditions])}
      order by ${TOP_INDEX_ORDER} limit ${limit}`;
}

/**
 * The Top list (docs/decisions/075): one period's scores, highest first, as the `top-scores` job
 * last wrote them, among the discussions the other filters leave (only discussions a visitor
 * reads are scored). Without words, an author or a tag, top_scores_list_idx is read in order
 * (a page costs its own rows). With them, as matchingRows does for the other sorts: first a
 * full page among the next SEARCH_WINDOW scores in order (exact when it fills), else every
 * match through the trigram, author or tag indexes, joined to its score by primary key.
 */
async function topPage(db: Db, query: ListQuery, reader: ReaderOfHidden): Promise<DiscussionPage> {
  type Key = { id: string; score: number };
  const matching = Boolean(query.q || query.author || query.tagId);
  let keys: Key[] = [];
  // One author's discussions are few: collected through the author index straight away.
  if (!matching || !query.author) {
    keys = await queryRows<Key>(db, topKeysQuery(query, reader, matching ? "window" : "index"));
  }
  if (matching && keys.length <= query.limit) {
    keys = await queryRows<Key>(db, topKeysQuery(query, reader, "collect"));
  }
  const shown = keys.slice(0, query.limit);
  // Only the page's discussions are read with their people.
  const rows = shown.length
    ? await queryRows<DiscussionRow>(
        db,
        sql`${selectFrom(
          sql`(select * from discussions where id = any(${sql.param(shown.map((key) => key.id))}::uuid[])) d`,
          query.readBy,
        )}`,
      )
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const last = shown.at(-1);
  return {
    items: shown.flatMap((key) => {
      const row = byId.get(key.id);
      return row ? [toItem(row, reader)] : [];
    }),
    nextCursor:
      keys.length > query.limit && last
        ? encodeTopCursor(query.period, { score: String(last.score), id: last.id })
        : null,
  };
}

/**
 * One page of the forum list, after `query.cursor` when given; hidden discussions' words only
 * for `reader` when they may read them.
 */
export async function listDiscussions(
  db: Db,
  listQuery: ListQuery,
  reader: ReaderOfHidden = null,
): Promise<DiscussionPage> {
  // An unknown category or tag is 404 `Category not found`, `Tag not found`, not an empty
  // list (issue 41); a tag only where the reader may see it.
  const query: ListQuery = { ...listQuery };
  if (listQuery.category) query.categoryId = (await requireCategory(db, listQuery.category)).id;
  if (listQuery.tag) query.tagId = (await requireListedTag(db, reader, listQuery.tag)).id;
  if (query.sort === "top") return topPage(db, query, reader);
  const cursor = query.cursor ? decodeDiscussionCursor(query.cursor) : null;
  const { tagId } = query;
  const rows =
    tagId && !query.q && !query.author && query.sort === "newest"
      ? await tagPageRows(db, { ...query, tagId }, cursor, reader)
      : query.q || query.author || query.tagId
        ? await matchingRows(db, query, cursor, reader)
        : // Without words to match, the plan is the list index's whatever the values: prepared.
          await queryPreparedRows<DiscussionRow>(
            db,
            sql`${selectFrom(listWindow(query, cursor, query.limit + 1), query.readBy)} order by ${indexOrder(query.sort)}`,
          );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => toItem(row, reader)),
    nextCursor:
      rows.length > query.limit && last
        ? encodeDiscussionCursor({
            isPinned: last.is_pinned,
            at: query.sort === "activity" ? last.last_activity_at : last.created_at,
            id: last.id,
          })
        : null,
  };
}

// Not found is null: a finder or a one-row write returns the row, or null when no active
// discussion has that id; routes answer 404. Ids are checked by the routes (uuidParam).

/** A discussion `reader` may open: active, or held for review and theirs (docs/decisions/034). */
function openableBy(reader: ReaderOfHidden): SQL {
  return sql`d.status in ('active', 'held') and ${heldReadable(reader, {
    held: sql`d.status = 'held'`,
    authorId: POST_COLUMNS.authorId,
  })}`;
}

export async function findActiveDiscussion(
  db: Db,
  id: string,
  reader: ReaderOfHidden = null,
): Promise<DiscussionItem | null> {
  const [row] = await queryPreparedRows<DiscussionRow>(
    db,
    sql`${selectDiscussion} where d.id = ${id}::uuid and ${openableBy(reader)}`,
  );
  return row ? toItem(row, reader) : null;
}

/**
 * Whether `reader` may open the discussion, by the same condition as findActiveDiscussion
 * without building its card: for writes that only need to know (a read position, many a minute).
 */
export async function discussionOpenable(
  db: Db,
  id: string,
  reader: ReaderOfHidden,
): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from discussions d where d.id = ${id}::uuid and ${openableBy(reader)}`,
  );
  return rows.length > 0;
}

/** An active discussion's author (null once the account is gone), or undefined when none. */
export async function activeDiscussionAuthor(db: Db, id: string): Promise<PostAuthor | undefined> {
  const [row] = await queryRows<{ author_id: string | null; author_is_admin: boolean }>(
    db,
    sql`select author_id, ${authorIsAdmin(sql`author_id`)} as author_is_admin
        from discussions where id = ${id}::uuid and status = 'active'`,
  );
  return row ? { authorId: row.author_id, authorIsAdmin: row.author_is_admin } : undefined;
}

/**
 * Inside an edit's transaction: the active discussion's author and text before the edit,
 * locked until the edit commits (docs/decisions/048).
 */
export async function lockDiscussionForEdit(
  tx: Db,
  id: string,
): Promise<(PostAuthor & { title: string; content: string; categoryId: string }) | undefined> {
  const [row] = await queryRows<{
    author_id: string | null;
    author_is_admin: boolean;
    title: string;
    content: string;
    category_id: string;
  }>(
    tx,
    sql`select author_id, ${authorIsAdmin(sql`author_id`)} as author_is_admin, title, content,
          category_id
        from discussions where id = ${id}::uuid and status = 'active'
        for update`,
  );
  return row
    ? {
        authorId: row.author_id,
        authorIsAdmin: row.author_is_admin,
        title: row.title,
        content: row.content,
        categoryId: row.category_id,
      }
    : undefined;
}

/** A new discussion; `held` keeps it for review, seen by its author only (docs/decisions/034). */
export async function insertDiscussion(
  db: Db,
  values: {
    title: string;
    content: string;
    authorId: string;
    categoryId: string;
    tagIds?: readonly string[];
    held?: boolean;
  },
): Promise<DiscussionItem> {
  const [created] = await queryRows<{ id: string }>(
    db,
    sql`insert into discussions (title, content, plain_content, author_id, category_id, status)
        values (${values.title}, ${values.content}, ${plainContentOf(values.content, "markup")},
          ${values.authorId}, ${values.categoryId}::uuid,
          ${values.held ? "held" : "active"})
        returning id`,
  );
  const author = { id: values.authorId, role: "user" as const };
  if (created) {
    // After the discussion's row, so the tags' rows know whether it counts (migration 0037).
    if (values.tagIds?.length) await setDiscussionTags(db, created.id, values.tagIds);
    await attachPostImages(db, {
      discussionId: created.id,
      authorId: values.authorId,
      content: values.content,
    });
  }
  const item = created ? await findActiveDiscussion(db, created.id, author) : null;
  if (!item) throw new Error("The new discussion could not be read back");
  return item;
}

/** An active discussion after `changes` (a SET list), read back as the API shows it. */
async function updateActiveDiscussion(
  db: Db,
  id: string,
  changes: SQL,
): Promise<DiscussionItem | null> {
  const [row] = await queryRows<DiscussionRow>(
    db,
    sql`with updated as (
          update discussions set ${changes}, updated_at = now()
          where id = ${id}::uuid and status = 'active'
          returning *
        )
        ${selectFrom(sql`updated d`)}`,
  );
  return row ? toItem(row) : null;
}

/**
 * Moves an active discussion to another category (a moderator, docs/decisions/066); the
 * trigger moves the counts. Null when there is no active discussion with that id.
 */
export function setDiscussionCategory(
  db: Db,
  id: string,
  categoryId: string,
): Promise<DiscussionItem | null> {
  return updateActiveDiscussion(db, id, sql`category_id = ${categoryId}::uuid`);
}

export type ModerationFlag = "is_pinned" | "is_locked";

/** Sets a moderator's flag (pinned, locked) on an active discussion. */
export function setModerationFlag(
  db: Db,
  id: string,
  flag: ModerationFlag,
  value: boolean,
): Promise<DiscussionItem | null> {
  const column = flag === "is_pinned" ? sql`is_pinned` : sql`is_locked`;
  return updateActiveDiscussion(db, id, sql`${column} = ${value}`);
}

/**
 * Replaces an active discussion's title and content and marks it edited, by a moderator when
 * `byModerator` (the last editor decides, docs/decisions/048). Read back as `reader` sees it.
 */
export async function updateDiscussionText(
  db: Db,
  id: string,
  values: { title: string; content: string; categoryId?: string },
  reader: ReaderOfHidden,
  byModerator: boolean,
): Promise<DiscussionItem | null> {
  const category = values.categoryId ? sql`category_id = ${values.categoryId}::uuid,` : sql``;
  const [row] = await queryRows<DiscussionRow>(
    db,
    sql`with updated as (
          update discussions set ${category} title = ${values.title}, content = ${values.content},
            ${markupWhenChanged(values.content)},
            ${plainContentWhenChanged(values.content)}, edited_at = now(), edited_by_moderator = ${byModerator}, updated_at = now()
          where id = ${id}::uuid and status = 'active'
          returning *
        )
        ${selectFrom(sql`updated d`)}`,
  );
  return row ? toItem(row, reader) : null;
}

/**
 * Soft delete: the row stays (for counts and audits) but is never listed or opened again.
 * The id of the discussion deleted, or null.
 */
export async function markDiscussionDeleted(db: Db, id: string): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`update discussions set status = 'deleted', deleted_at = now(), updated_at = now()
        where id = ${id}::uuid and status = 'active'
        returning id`,
  );
  return row?.id ?? null;
}

/** Brings a deleted discussion back with its replies (staff, from the CMS); null when none. */
export async function restoreDiscussion(
  db: Db,
  id: string,
  reader: ReaderOfHidden,
): Promise<DiscussionItem | null> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`update discussions set status = 'active', deleted_at = null, updated_at = now()
        where id = ${id}::uuid and status = 'deleted'
        returning id`,
  );
  return row ? findActiveDiscussion(db, row.id, reader) : null;
}

export type DeletedDiscussion = {
  id: string;
  title: string;
  author: string;
  authorId: string | null;
  createdAt: string;
  deletedAt: string;
  replies: number;
};

/** Deleted discussions, most recently deleted first, a page at a time (the CMS). */
export async function listDeletedDiscussions(
  db: Db,
  cursor: string | undefined,
  limit: number,
): Promise<{ items: DeletedDiscussion[]; nextCursor: string | null }> {
  const conditions = [sql`d.status = 'deleted'`];
  if (cursor) {
    const [at, id] = decodeCursor<[string, string]>(cursor, [timestampItem, idItem(UUID_ID)]);
    conditions.push(
      sql`(coalesce(d.deleted_at, d.updated_at), d.id) < (${at}::timestamptz, ${id}::uuid)`,
    );
  }
  const rows = await queryRows<{
    id: string;
    title: string;
    author_id: string | null;
    author_name: string;
    created_at: string;
    deleted_at: string;
    replies_count: number;
  }>(
    db,
    sql`select d.id, d.title, d.author_id, d.replies_count,
          ${displayName(sql`p.full_name`, sql`p.email`)} as author_name,
          ${microsecondText(sql`d.created_at`)} as created_at,
          ${microsecondText(sql`coalesce(d.deleted_at, d.updated_at)`)} as deleted_at
        from discussions d left join profiles p on p.id = d.author_id
        where ${and(conditions)}
        order by coalesce(d.deleted_at, d.updated_at) desc, d.id desc
        limit ${limit + 1}`,
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      id: row.id,
      title: row.title,
      author: row.author_name,
      authorId: row.author_id,
      createdAt: row.created_at,
      deletedAt: row.deleted_at,
      replies: Number(row.replies_count),
    })),
    nextCursor: rows.length > limit && last ? encodeCursor([last.deleted_at, last.id]) : null,
  };
}
