// Discussions found by full-text search (issue 44, docs/decisions/074): by their own words or by
// their replies', ranked, one result per discussion with the best match's excerpt.
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { displayName, displayNameKey } from "@/server/db/display-name";
import { SEARCH_PAGE_SIZE, type SearchDiscussionHit } from "@/shared/search";
import type { ParsedSearch } from "@/shared/search-query";
import { normaliseTag } from "@/shared/tags";
import { excerptOf, headlineOf, type SearchTerms } from "./headline";
import { discussionPath, replyPath } from "./result-paths";

/**
 * How many of the newest matches each branch (discussions' own words, replies' words) ranks.
 * A word in most posts would otherwise have every match read and scored; past this many, the
 * older matches are not looked at, and the answer says so (`capped`). Decisions 074 and 077.
 */
export const RANK_WINDOW = 200;

/** Pages a query can be read to: the ranked window, a page at a time. */
export const MAX_PAGE = Math.ceil((2 * RANK_WINDOW) / SEARCH_PAGE_SIZE);

/**
 * The score of a match (decision 074): ts_rank_cd's relevance (normalised to 0..1; title A
 * weighs 1, opening post B 0.4, a reply C 0.2) times a recency factor (1 today, 0.5 after half a
 * year, never below 0.25) times a replies factor (1 without replies, about 1.5 at 150). Pinned
 * discussions gain nothing.
 */
const SCORE = sql`h.rank
  * greatest(0.25, 1.0 / (1 + extract(epoch from (now() - h.at)) / (86400 * 182)))
  * (1 + ln(1 + h.replies_count) / 10)`;

type Row = {
  id: string;
  title: string;
  excerpt: string;
  category_slug: string;
  category_name: string;
  author: string;
  created_at: Date | string;
  replies_count: number;
  reply_id: string | null;
  reply_author: string | null;
  reply_created_at: Date | string | null;
};

export type DiscussionSearch = {
  hits: SearchDiscussionHit[];
  nextPage: number | null;
  capped: boolean;
};

/** The filters of the query (author:, category:, tag:, before:, after:) and the viewer's blocks. */
export type SearchScope = {
  query: ParsedSearch;
  /** Authors whose posts the viewer does not want to see (their blocks; none for staff). */
  blocked: readonly string[];
};

const iso = (value: Date | string) => new Date(value).toISOString();

function authorCondition(author: string | undefined, column: SQL): SQL {
  if (!author) return sql`true`;
  return sql`${column} = any(array(select id from profiles
    where ${displayNameKey(sql`full_name`, sql`email`)} = lower(${author})))`;
}

function dateConditions(query: ParsedSearch, column: SQL): SQL {
  const parts = [sql`true`];
  // before: the day itself is excluded; after: included (the day and after it).
  if (query.before) parts.push(sql`${column} < ${query.before}::date`);
  if (query.after) parts.push(sql`${column} >= ${query.after}::date`);
  return sql.join(parts, sql` and `);
}

function notBlocked(blocked: readonly string[], column: SQL): SQL {
  if (blocked.length === 0) return sql`true`;
  return sql`(${column} is null or not (${column} = any(${sql.param(blocked)}::text[])))`;
}

/** What a discussion must be for any of its words to be found: what a visitor reads (d). */
function discussionScope({ query, blocked }: SearchScope): SQL {
  const parts = [
    sql`d.status = 'active'`,
    sql`d.hidden_at is null`,
    notBlocked(blocked, sql`d.author_id`),
  ];
  if (query.category) {
    parts.push(sql`d.category_id = (select id from categories where slug = ${query.category})`);
  }
  if (query.tag) {
    const tag = normaliseTag(query.tag);
    parts.push(
      tag
        ? sql`exists (select 1 from discussion_tags dt join tags t on t.id = dt.tag_id
            where dt.discussion_id = d.id and t.name = ${tag})`
        : sql`false`,
    );
  }
  return sql.join(parts, sql` and `);
}

/**
 * One page of discussions. `terms` is null for a query of operators alone (author:ana): its
 * matches are everything the filters leave, newest first.
 */
export async function searchDiscussions(
  db: Db,
  terms: SearchTerms | null,
  scope: SearchScope,
  page: number,
): Promise<DiscussionSearch> {
  const { query } = scope;
  const tsquery = terms ? terms.tsquery : null;
  const match = (vector: SQL) => (tsquery ? sql`${vector} @@ ${tsquery}` : sql`true`);
  const rank = (vector: SQL) => (tsquery ? sql`ts_rank_cd(${vector}, ${tsquery}, 32)` : sql`1.0`);
  const window = RANK_WINDOW + 1;
  const offset = (page - 1) * SEARCH_PAGE_SIZE;

  // Each branch keeps its newest RANK_WINDOW matches (one more tells whether there were more).
  // Each match carries its discussion's reply count, which the score reads: both branches read
  // the discussion row already, and joining it again for up to 2,000 matches cost 20-50 ms.
  const own = sql`select d.id as discussion_id, null::uuid as reply_id,
      ${rank(sql`d.search_vector`)} as rank, d.created_at as at, d.replies_count
    from discussions d
    where ${match(sql`d.search_vector`)} and ${discussionScope(scope)}
      and ${authorCondition(query.author, sql`d.author_id`)}
      and ${dateConditions(query, sql`d.created_at`)}
    order by d.seq desc limit ${window}`;
  const inReplies = sql`select r.discussion_id, r.id as reply_id,
      ${rank(sql`r.search_vector`)} as rank, r.created_at as at, d.replies_count
    from discussion_replies r join discussions d on d.id = r.discussion_id
    where ${match(sql`r.search_vector`)}
      and r.deleted_at is null and r.held_at is null and r.hidden_at is null
      and ${notBlocked(scope.blocked, sql`r.author_id`)}
      and ${authorCondition(query.author, sql`r.author_id`)}
      and ${dateConditions(query, sql`r.created_at`)}
      and ${discussionScope(scope)}
    order by r.seq desc limit ${window}`;

  const rows = await serially(db, (tx) =>
    queryRows<Row & { own_count: number; reply_count: number }>(
      tx,
      sql`with own as materialized (${own}),
      in_replies as materialized (${inReplies}),
      hits as (select * from own union all select * from in_replies),
      -- One result per discussion: its best match; its own words win a tie.
      best as (select distinct on (discussion_id) * from hits
        order by discussion_id, rank desc, reply_id nulls first),
      ranked as (select h.*, ${SCORE} as score from best h
        order by score desc, h.discussion_id desc
        offset ${offset} limit ${SEARCH_PAGE_SIZE + 1})
    select d.id, ${headlineOf(terms, sql`d.title`)} as title,
      ${excerptOf(
        terms,
        sql`case when r.id is null then coalesce(d.plain_content, d.content)
        else coalesce(r.plain_content, unquoted(r.content)) end`,
      )} as excerpt,
      c.slug as category_slug, c.name as category_name,
      ${displayName(sql`p.full_name`, sql`p.email`)} as author,
      d.created_at, d.replies_count,
      r.id as reply_id,
      case when r.id is null then null
        else ${displayName(sql`rp.full_name`, sql`rp.email`)} end as reply_author,
      r.created_at as reply_created_at,
      (select count(*) from own)::int as own_count,
      (select count(*) from in_replies)::int as reply_count
    from ranked h
    join discussions d on d.id = h.discussion_id
    join categories c on c.id = d.category_id
    left join profiles p on p.id = d.author_id
    left join discussion_replies r on r.id = h.reply_id
    left join profiles rp on rp.id = r.author_id
    order by h.score desc, h.discussion_id desc`,
    ),
  );
  const capped = rows.some((row) => row.own_count > RANK_WINDOW || row.reply_count > RANK_WINDOW);
  const hits = rows.slice(0, SEARCH_PAGE_SIZE).map(toHit);
  const more = rows.length > SEARCH_PAGE_SIZE && page < MAX_PAGE;
  return { hits, nextPage: more ? page + 1 : null, capped };
}

/**
 * Runs `read` without PostgreSQL's parallel workers. A common word's newest matches are read in
 * index order and stop at the window: starting two workers for that took longer than the scan
 * (79 ms with them, 15 ms without, on a quiet machine at a million: bench/RESULTS.md §27), and on
 * a busy server the workers take the cores the other requests need. PGlite has no workers: the
 * setting changes nothing there.
 */
async function serially<T>(db: Db, read: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return read(tx as unknown as Db);
  });
}

function toHit(row: Row): SearchDiscussionHit {
  const reply =
    row.reply_id && row.reply_created_at
      ? {
          id: row.reply_id,
          author: row.reply_author ?? "",
          createdAt: iso(row.reply_created_at),
        }
      : null;
  return {
    id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    category: { slug: row.category_slug, name: row.category_name },
    author: row.author,
    createdAt: iso(row.created_at),
    replies: Number(row.replies_count),
    reply,
    path: reply ? replyPath(row.id, reply.id) : discussionPath(row.id),
  };
}
