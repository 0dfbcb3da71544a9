// Test helpers for replies: rows inserted directly (a long thread in one statement, a chosen
// time, deleted or not), which the API cannot do, and fresh counts to hold the triggers to.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";

export type ReplyRowOverrides = {
  authorId?: string | null;
  content?: string;
  replyToId?: string | null;
  deleted?: boolean;
  /** When it was posted; now() by default. */
  createdAt?: Date;
};

export async function insertReplyRow(
  db: Db,
  discussionId: string,
  overrides: ReplyRowOverrides = {},
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into discussion_replies (discussion_id, author_id, content, reply_to_id, created_at, deleted_at)
        values (
          ${discussionId}::uuid,
          ${overrides.authorId ?? null},
          ${overrides.content ?? "A reply"},
          ${overrides.replyToId ?? null}::uuid,
          ${overrides.createdAt?.toISOString() ?? sql`now()`},
          ${overrides.deleted ? sql`now()` : null}
        )
        returning id`,
  );
  if (!row) throw new Error("insert failed");
  return row.id;
}

/**
 * `count` replies by `authorId`, one second apart from `start` (an hour ago by default), in
 * thread order; their ids, oldest first. Content: "Reply 1", "Reply 2", ...
 */
export async function insertThread(
  db: Db,
  discussionId: string,
  count: number,
  { authorId = null as string | null, start = new Date(Date.now() - 3_600_000) } = {},
): Promise<string[]> {
  const ids: string[] = [];
  // A thousand a statement: the count trigger updates the discussion's row once per reply, and
  // within one statement each update walks every version the statement left before it, so
  // 10,000 in one statement took 10 to 15 s (past the pool's query timeout on a busy machine).
  for (let from = 1; from <= count; from += THREAD_CHUNK) {
    const rows = await queryRows<{ id: string }>(
      db,
      sql`insert into discussion_replies (discussion_id, author_id, content, created_at)
          select ${discussionId}::uuid, ${authorId}, 'Reply ' || n,
            ${start.toISOString()}::timestamptz + make_interval(secs => n)
          from generate_series(${from}::int, ${Math.min(count, from + THREAD_CHUNK - 1)}::int) as n
          order by n
          returning id, created_at`,
    );
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

const THREAD_CHUNK = 1_000;

export type StoredCounts = {
  discussions: Array<{ id: string; replies: number; lastReplyAt: string | null }>;
  profiles: Array<{ id: string; replies: number }>;
  site: number;
};

const COUNTS = {
  stored: sql`select
      (select coalesce(json_agg(json_build_object('id', id, 'replies', replies_count,
        'lastReplyAt', last_reply_at) order by id), '[]') from discussions) as discussions,
      (select coalesce(json_agg(json_build_object('id', id, 'replies', replies_count)
        order by id), '[]') from profiles) as profiles,
      (select value::int from site_counters where name = 'replies') as site`,
  // What the triggers must always agree with, counted afresh (docs/decisions/020).
  fresh: sql`select
      (select coalesce(json_agg(json_build_object('id', d.id, 'replies',
          (select count(*) from discussion_replies r
           where r.discussion_id = d.id and r.deleted_at is null),
        'lastReplyAt', (select max(created_at) from discussion_replies r
           where r.discussion_id = d.id and r.deleted_at is null)) order by d.id), '[]')
        from discussions d) as discussions,
      (select coalesce(json_agg(json_build_object('id', p.id, 'replies',
          (select count(*) from discussion_replies r join discussions d on d.id = r.discussion_id
           where r.author_id = p.id and r.deleted_at is null and d.status = 'active'))
        order by p.id), '[]') from profiles p) as profiles,
      (select count(*)::int from discussion_replies r join discussions d on d.id = r.discussion_id
        where r.deleted_at is null and d.status = 'active') as site`,
};

async function readCounts(db: Db, query: "stored" | "fresh"): Promise<StoredCounts> {
  const [row] = await queryRows<StoredCounts>(db, COUNTS[query]);
  if (!row) throw new Error("no counts");
  return row;
}

/** The counters the triggers keep, and the same counted from the rows: they must be equal. */
export async function storedAndFreshCounts(db: Db) {
  return { stored: await readCounts(db, "stored"), fresh: await readCounts(db, "fresh") };
}
