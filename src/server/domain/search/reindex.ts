// The site's search language changed (CMS Settings): every vector is written again with the new
// configuration, a batch at a time in primary key order, table after table. Searches go on
// meanwhile; a row not yet rewritten is matched with the old language's stems.
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";

export const REINDEX_BATCH = 1_000;

const TABLES = {
  discussions: {
    key: sql`id`,
    cast: sql`uuid`,
    vector: sql`discussion_search_vector(title, coalesce(plain_content, content))`,
  },
  discussion_replies: {
    key: sql`id`,
    cast: sql`uuid`,
    vector: sql`reply_search_vector(coalesce(plain_content, unquoted(content)))`,
  },
  blog_posts: {
    key: sql`id`,
    cast: sql`uuid`,
    vector: sql`blog_post_search_vector(title, excerpt, coalesce(plain_content, content))`,
  },
  profiles: {
    key: sql`id`,
    cast: sql`text`,
    vector: sql`profile_search_vector(full_name, email, bio, location)`,
  },
} satisfies Record<string, { key: SQL; cast: SQL; vector: SQL }>;

export type ReindexTable = keyof typeof TABLES;
export const REINDEX_ORDER = Object.keys(TABLES) as ReindexTable[];

/** Where a reindex stands: the table, and the last key done in it. */
export type ReindexStep = { table: ReindexTable; after: string | null };

/**
 * The queue of reindex batches, each job one step (features/search/background.ts works it; the
 * CMS settings route sends the first step when an admin changes the language).
 */
export const SEARCH_REINDEX_QUEUE = "search-reindex";
export const FIRST_REINDEX_STEP: ReindexStep = { table: "discussions", after: null };

/** Rewrites one batch; the next step, or null when every table is done. */
export async function reindexBatch(
  db: Db,
  step: ReindexStep,
  batch = REINDEX_BATCH,
): Promise<ReindexStep | null> {
  const { key, cast, vector } = TABLES[step.table];
  const table = sql.identifier(step.table);
  const after = step.after === null ? sql`true` : sql`${key} > ${step.after}::${cast}`;
  const rows = await queryRows<{ key: string }>(
    db,
    sql`update ${table} set search_vector = ${vector}
      where ${key} in (select ${key} from ${table} where ${after} order by ${key} limit ${batch})
      returning ${key}::text as key`,
  );
  if (rows.length === batch) {
    // Keys compare as their type does, not as text: the largest by the table's own order.
    const [last] = await queryRows<{ key: string }>(
      db,
      sql`select k::text as key from unnest(${sql.param(rows.map((row) => row.key))}::${cast}[]) k
        order by k desc limit 1`,
    );
    return { table: step.table, after: last?.key ?? null };
  }
  const next = REINDEX_ORDER[REINDEX_ORDER.indexOf(step.table) + 1];
  return next ? { table: next, after: null } : null;
}
