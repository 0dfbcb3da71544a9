// SQL for the forum. Only status 'active' is ever listed or opened (SPEC §4). The author's
// email never leaves the database: the display name falls back to the part before the @.
import { type SQL, sql } from "drizzle-orm";
import type { DiscussionItem, DiscussionPage } from "../../../shared/api-types";
import { ANONYMOUS_NAME } from "../../../shared/constants";
import { type Db, queryRows } from "../../db/client";
import { type DiscussionCursor, decodeCursor, encodeCursor } from "./cursor";
import type { ListQuery } from "./list-query";

type DiscussionRow = {
  id: string;
  title: string;
  content: string;
  author_id: string | null;
  author_name: string;
  is_pinned: boolean;
  is_locked: boolean;
  created_at: string;
  updated_at: string;
};

/** SPEC §3: full name, else (DESIGN) the email before the @, else 'Anonymous'. */
const authorName = sql`coalesce(nullif(btrim(p.full_name), ''), nullif(split_part(p.email, '@', 1), ''), ${ANONYMOUS_NAME})`;

/** Microsecond precision survives the round trip through the cursor (a JS Date keeps ms). */
const isoTimestamp = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const selectDiscussion = sql`
  select d.id, d.title, d.content, d.author_id, d.is_pinned, d.is_locked,
    ${isoTimestamp(sql`d.created_at`)} as created_at,
    ${isoTimestamp(sql`d.updated_at`)} as updated_at,
    ${authorName} as author_name
  from discussions d
  left join profiles p on p.id = d.author_id`;

const RANGE_INTERVALS = { "24h": "24 hours", "7d": "7 days", "30d": "30 days" } as const;

function toItem(row: DiscussionRow): DiscussionItem {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    author: row.author_name,
    authorId: row.author_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    isPinned: row.is_pinned,
    isLocked: row.is_locked,
    status: "active",
    replies: 0,
  };
}

/** `term` as a literal inside ILIKE '%...%': its own %, _ and \ match only themselves. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function listConditions(query: ListQuery, cursor: DiscussionCursor | null): SQL[] {
  const conditions = [sql`d.status = 'active'`];
  if (query.q) {
    const pattern = containsPattern(query.q);
    // Each branch can use its own trigram index (BitmapOr); the author ids are looked up once.
    conditions.push(sql`(
      d.title ilike ${pattern}
      or d.content ilike ${pattern}
      or d.author_id = any(array(select id from profiles where full_name ilike ${pattern}))
    )`);
  }
  if (query.author) {
    conditions.push(sql`d.author_id = any(array(
      select id from profiles
      where lower(coalesce(nullif(btrim(full_name), ''), split_part(email, '@', 1))) = lower(${query.author})
    ))`);
  }
  if (query.range !== "all") {
    conditions.push(sql`d.created_at >= now() - ${RANGE_INTERVALS[query.range]}::interval`);
  }
  if (query.pinned) conditions.push(sql`d.is_pinned`);
  if (query.locked) conditions.push(sql`d.is_locked`);
  if (cursor) {
    // All three keys sort descending, so "after the cursor" is one row comparison, which the
    // (status, is_pinned desc, created_at desc, id desc) index answers directly.
    conditions.push(
      sql`(d.is_pinned, d.created_at, d.id) < (${cursor.isPinned}::boolean, ${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`,
    );
  }
  return conditions;
}

/** One page of the forum list: pinned first, then newest (SPEC §4). */
export async function listDiscussions(db: Db, query: ListQuery): Promise<DiscussionPage> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await queryRows<DiscussionRow>(
    db,
    sql`${selectDiscussion}
      where ${sql.join(listConditions(query, cursor), sql` and `)}
      order by d.is_pinned desc, d.created_at desc, d.id desc
      limit ${query.limit + 1}`,
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toItem),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor({ isPinned: last.is_pinned, createdAt: last.created_at, id: last.id })
        : null,
  };
}

export async function findActiveDiscussion(db: Db, id: string): Promise<DiscussionItem | null> {
  const [row] = await queryRows<DiscussionRow>(
    db,
    sql`${selectDiscussion} where d.id = ${id}::uuid and d.status = 'active'`,
  );
  return row ? toItem(row) : null;
}

export async function insertDiscussion(
  db: Db,
  values: { title: string; content: string; authorId: string },
): Promise<DiscussionItem> {
  const [created] = await queryRows<{ id: string }>(
    db,
    sql`insert into discussions (title, content, author_id)
        values (${values.title}, ${values.content}, ${values.authorId})
        returning id`,
  );
  const item = created ? await findActiveDiscussion(db, created.id) : null;
  if (!item) throw new Error("The new discussion could not be read back");
  return item;
}

export type ModerationFlag = "is_pinned" | "is_locked";

/** Sets a flag on an active discussion; false when there is none with that id. */
export async function setModerationFlag(
  db: Db,
  id: string,
  flag: ModerationFlag,
  value: boolean,
): Promise<boolean> {
  const column = flag === "is_pinned" ? sql`is_pinned` : sql`is_locked`;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update discussions set ${column} = ${value}, updated_at = now()
        where id = ${id}::uuid and status = 'active'
        returning id`,
  );
  return rows.length > 0;
}

/** Soft delete: the row stays (for counts and audits) but is never listed or opened again. */
export async function markDiscussionDeleted(db: Db, id: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update discussions set status = 'deleted', updated_at = now()
        where id = ${id}::uuid and status = 'active'
        returning id`,
  );
  return rows.length > 0;
}
