// SQL for replies (docs/decisions/020): a thread's pages, oldest first, by the (created_at, id)
// keyset of discussion_replies_thread_idx, in both directions and around one reply; one reply;
// the writes. A reply is read only while its discussion is active (docs/product.md §4.12).

import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { displayName } from "@/server/db/display-name";
import { limitLiteral, queryPreparedRows, renderedOnce } from "@/server/db/prepared";
import { plainContentOf } from "@/server/domain/content-format";
import { authorIsAdmin } from "@/server/domain/moderation/post-edits";
import {
  heldReadable,
  isModerator,
  type Reader as ReaderOfHidden,
  visibilityOf,
} from "@/server/domain/visibility/rule";
import { UUID_ID } from "@/server/lib/ids";
import {
  decodeCursor,
  encodeCursor,
  flagItem,
  idItem,
  microsecondText,
  timestampItem,
} from "@/server/lib/page-cursor";
import type { ReplyItem, ReplyMention, ReplyPage } from "@/shared/api-types";
import type { PostAuthor } from "@/shared/permissions";

// ---- cursors -------------------------------------------------------------------------------

/** A place in a thread: a reply's (created_at, id), with PostgreSQL's microseconds. */
type ThreadKey = { at: string; id: string };

/** Where the next page starts: after `key` (forward), or before it (backward). */
type ReplyCursor = ThreadKey & { backward: boolean };

/** Exported for the benchmark (bench/lib/endpoints.ts), whose plans page from known replies. */
export function encodeReplyCursor(cursor: ReplyCursor): string {
  return encodeCursor([cursor.backward ? 1 : 0, cursor.at, cursor.id]);
}

const after = (key: ThreadKey) => encodeReplyCursor({ ...key, backward: false });
const before = (key: ThreadKey) => encodeReplyCursor({ ...key, backward: true });

/** Throws 400 'Invalid page cursor' for anything encodeReplyCursor did not make. */
function decodeReplyCursor(value: string): ReplyCursor {
  const [backward, at, id] = decodeCursor<[boolean, string, string]>(value, [
    flagItem,
    timestampItem,
    idItem(UUID_ID),
  ]);
  return { backward, at, id };
}

// ---- reading -------------------------------------------------------------------------------

type ReplyRow = {
  id: string;
  discussion_id: string;
  seq: string | number;
  author_id: string | null;
  content: string;
  deleted: boolean;
  hidden: boolean;
  created_at: string;
  edited_at: string | null;
  edited_by_moderator: boolean;
  author_is_admin: boolean;
  author_name: string;
  author_avatar: string | null;
  author_public: boolean | null;
  reply_to_id: string | null;
  reply_to_deleted: boolean | null;
  reply_to_author: string | null;
  mentions: ReplyMention[];
  held: boolean;
};

/**
 * The reply columns the API shows, for the replies of `source` (aliased r): the author by the
 * display-name rule, the answered reply's author, and the mentioned members who may be named
 * now (verified and public; docs/decisions/020).
 */
const selectReplies = (source: SQL) => sql`${REPLY_COLUMNS} from ${source} ${REPLY_JOINS}`;

// selectReplies' two halves have no values: rendered once (db/prepared.ts, renderedOnce).
const REPLY_COLUMNS = renderedOnce(sql`
  select r.id, r.discussion_id, r.seq, r.author_id, r.content, r.deleted_at is not null as deleted,
    r.hidden_at is not null as hidden, r.held_at is not null as held,
    ${microsecondText(sql`r.created_at`)} as created_at,
    ${microsecondText(sql`r.edited_at`)} as edited_at, r.edited_by_moderator,
    ${authorIsAdmin(sql`r.author_id`)} as author_is_admin,
    ${displayName(sql`p.full_name`, sql`p.email`)} as author_name, p.avatar_url as author_avatar,
    p.is_public as author_public,
    r.reply_to_id, t.deleted_at is not null as reply_to_deleted,
    ${displayName(sql`tp.full_name`, sql`tp.email`)} as reply_to_author,
    case when r.deleted_at is null then (
      select coalesce(json_agg(json_build_object('id', mp.id, 'displayName', ${displayName(sql`mp.full_name`, sql`mp.email`)})
        order by m.user_id), '[]'::json)
      from reply_mentions m
      join profiles mp on mp.id = m.user_id
      join "user" mu on mu.id = m.user_id
      where m.reply_id = r.id and mp.is_public and mu.email_verified
    ) else '[]'::json end as mentions`);

const REPLY_JOINS = renderedOnce(sql`
  left join profiles p on p.id = r.author_id
  left join discussion_replies t on t.id = r.reply_to_id
  left join profiles tp on tp.id = t.author_id`);

/**
 * The reply as `reader` may see it (docs/decisions/046): a hidden reply keeps its place and
 * author, but only moderators and its author read its words; a deleted one keeps its place
 * alone. No reader: masked.
 */
function toItem(row: ReplyRow, reader: ReaderOfHidden): ReplyItem {
  const post = {
    authorId: row.author_id,
    hidden: row.hidden,
    held: row.held,
    deleted: row.deleted,
  };
  const masked = visibilityOf(reader, post, { placeholder: true }) !== "shown";
  return {
    id: row.id,
    discussionId: row.discussion_id,
    seq: Number(row.seq),
    // A deleted reply shows as "This reply was deleted.": neither its words nor its author.
    author: row.deleted
      ? null
      : {
          id: row.author_id,
          displayName: row.author_name,
          // A private member's avatar is served to nobody else (features/profiles).
          avatarUrl: row.author_public ? row.author_avatar : null,
        },
    content: masked ? "" : row.content,
    createdAt: row.created_at,
    editedAt: row.edited_at,
    editedByModerator: row.edited_by_moderator,
    deleted: row.deleted,
    hidden: row.hidden && !row.deleted,
    replyTo: row.reply_to_id
      ? {
          id: row.reply_to_id,
          authorDisplayName: row.reply_to_deleted ? null : row.reply_to_author,
        }
      : null,
    mentions: masked ? [] : row.mentions,
    // Only its author reads a held reply (shownTo below).
    ...(row.held ? { awaitingReview: true } : {}),
    // Moderators hide their Edit and Delete on an admin's reply (docs/decisions/048); nobody
    // else is told an author's role here.
    ...(row.author_is_admin && !row.deleted && isModerator(reader) ? { authorIsAdmin: true } : {}),
  };
}

/** Replies held for review (docs/decisions/034) are their author's alone to read. */
function shownTo(reader: ReaderOfHidden): SQL {
  return heldReadable(reader, { held: sql`r.held_at is not null`, authorId: sql`r.author_id` });
}

const keyOf = (item: ReplyItem): ThreadKey => ({ at: item.createdAt, id: item.id });

const THREAD_ORDER = sql`r.created_at, r.id`;
const REVERSE_ORDER = sql`r.created_at desc, r.id desc`;

const keyCompare = (operator: "<" | ">" | ">=" | "<=", key: ThreadKey) =>
  sql`(r.created_at, r.id) ${sql.raw(operator)} (${key.at}::timestamptz, ${key.id}::uuid)`;

/**
 * Up to `limit` replies of the thread matching `where`, in `order`. The page is chosen from the
 * thread index alone (times and ids: an index-only scan), then only its rows are joined.
 * Prepared (db/prepared.ts): planning the whole statement took longer than running it (0.79 ms
 * against 0.59 ms for the long thread's first page, bench:explain), and in this keys-only form
 * the generic plan walks the index in order too. Read with its rows, the generic plan would not
 * know the thread's length and sorted all 10,000 replies of the long thread (bench/RESULTS.md,
 * "Planning").
 */
async function threadRows(
  db: Db,
  discussionId: string,
  where: SQL[],
  order: SQL,
  limit: number,
  reader: ReaderOfHidden,
): Promise<ReplyItem[]> {
  const conditions = sql.join(
    [sql`r.discussion_id = ${discussionId}::uuid`, shownTo(reader), ...where],
    sql` and `,
  );
  const page = sql`(select r.created_at, r.id from discussion_replies r where ${conditions}
    order by ${order} limit ${limitLiteral(limit)}) page
    join discussion_replies r on r.id = page.id`;
  const rows = await queryPreparedRows<ReplyRow>(db, sql`${selectReplies(page)} order by ${order}`);
  return rows.map((row) => toItem(row, reader));
}

/**
 * One page of a thread, oldest first: from the start, or after or before a cursor of an
 * earlier page.
 */
export async function listReplies(
  db: Db,
  discussionId: string,
  cursorValue: string | undefined,
  limit: number,
  reader: ReaderOfHidden = null,
): Promise<ReplyPage> {
  const cursor = cursorValue ? decodeReplyCursor(cursorValue) : null;
  if (cursor?.backward) {
    const rows = await threadRows(
      db,
      discussionId,
      [keyCompare("<", cursor)],
      REVERSE_ORDER,
      limit + 1,
      reader,
    );
    const items = rows.slice(0, limit).reverse();
    const first = items[0];
    const last = items.at(-1);
    return {
      items,
      nextCursor: last ? after(keyOf(last)) : null,
      prevCursor: rows.length > limit && first ? before(keyOf(first)) : null,
    };
  }
  const rows = await threadRows(
    db,
    discussionId,
    cursor ? [keyCompare(">", cursor)] : [],
    THREAD_ORDER,
    limit + 1,
    reader,
  );
  const items = rows.slice(0, limit);
  const first = items[0];
  const last = items.at(-1);
  return {
    items,
    nextCursor: rows.length > limit && last ? after(keyOf(last)) : null,
    // From the start there is nothing before; after a cursor there is (the page that led here).
    prevCursor: cursor && first ? before(keyOf(first)) : null,
  };
}

type KeyRow = { at: string; id: string; side: "before" | "after" };

/**
 * The keys (times and ids only, from the thread index) of up to `limit + 1` replies before
 * reply `replyId` and of it and up to `limit` after it, nearest first on both sides.
 * The reply's place enters each range as two scalar subqueries: PostgreSQL then compares
 * (created_at, id) in the index condition and starts each range at the reply. Joined to the
 * reply's row instead, the comparison was a filter on a scan from the thread's end: 10,000
 * index entries (7 ms) for a reply near the end of a 10,000-reply thread. Exported for the
 * plan test (paging.test.ts).
 */
export function aroundKeysQuery(discussionId: string, replyId: string, limit: number): SQL {
  const place = sql`((select created_at from target), (select id from target))`;
  return sql`with target as (
          select created_at, id from discussion_replies
          where id = ${replyId}::uuid and discussion_id = ${discussionId}::uuid
        )
        (select ${microsecondText(sql`r.created_at`)} as at, r.id, 'before' as side
         from discussion_replies r
         where r.discussion_id = ${discussionId}::uuid and (r.created_at, r.id) < ${place}
         order by r.created_at desc, r.id desc limit ${limitLiteral(limit + 1)})
        union all
        (select ${microsecondText(sql`r.created_at`)} as at, r.id, 'after' as side
         from discussion_replies r
         where r.discussion_id = ${discussionId}::uuid and (r.created_at, r.id) >= ${place}
         order by r.created_at, r.id limit ${limitLiteral(limit + 1)})`;
}

/**
 * The page of a thread holding reply `replyId` (a permalink), with up to half a page before
 * it when there is more after it, more before it when the thread ends soon after; null when
 * the thread has no such reply. Two short index ranges on the thread index (ids and times
 * only) find the page's bounds, then only its rows are read: no OFFSET, so a reply deep in a
 * long thread costs what the first page does.
 */
export async function replyPageAround(
  db: Db,
  discussionId: string,
  replyId: string,
  limit: number,
  reader: ReaderOfHidden = null,
): Promise<ReplyPage | null> {
  const keys = await queryPreparedRows<KeyRow>(db, aroundKeysQuery(discussionId, replyId, limit));
  // Nearest first on both sides; `after` starts with the reply itself.
  const earlier = keys.filter((key) => key.side === "before");
  const later = keys.filter((key) => key.side === "after");
  if (later[0]?.id !== replyId) return null;
  const laterShown = Math.min(later.length, limit);
  const earlierShown = Math.min(
    earlier.length,
    Math.max(Math.floor(limit / 2), limit - laterShown),
  );
  const shownAfter = Math.min(laterShown, limit - earlierShown);
  const first = earlier[earlierShown - 1] ?? later[0];
  const last = later[shownAfter - 1];
  if (!first || !last) return null;
  const items = await threadRows(
    db,
    discussionId,
    [keyCompare(">=", first), keyCompare("<=", last)],
    THREAD_ORDER,
    limit,
    reader,
  );
  const firstItem = items[0];
  const lastItem = items.at(-1);
  return {
    items,
    nextCursor: later.length > shownAfter && lastItem ? after(keyOf(lastItem)) : null,
    prevCursor: earlier.length > earlierShown && firstItem ? before(keyOf(firstItem)) : null,
  };
}

/** One reply, while its discussion is active. Prepared: by primary key, one plan fits all. */
export async function findReply(
  db: Db,
  id: string,
  reader: ReaderOfHidden = null,
): Promise<ReplyItem | null> {
  const [row] = await queryPreparedRows<ReplyRow>(
    db,
    sql`${selectReplies(sql`(select * from discussion_replies r where r.id = ${id}::uuid
          and ${shownTo(reader)}
          and exists (select 1 from discussions d
            where d.id = r.discussion_id and d.status = 'active')) r`)}`,
  );
  return row ? toItem(row, reader) : null;
}

/** What a change to a reply is checked against: its author, state and discussion. */
export type ReplyState = PostAuthor & {
  id: string;
  discussionId: string;
  deleted: boolean;
};

/** The reply's state, while its discussion is active; null otherwise. */
export async function findReplyState(db: Db, id: string): Promise<ReplyState | null> {
  const [row] = await queryRows<{
    id: string;
    discussion_id: string;
    author_id: string | null;
    author_is_admin: boolean;
    deleted: boolean;
  }>(
    db,
    sql`select r.id, r.discussion_id, r.author_id, r.deleted_at is not null as deleted,
          ${authorIsAdmin(sql`r.author_id`)} as author_is_admin
        from discussion_replies r join discussions d on d.id = r.discussion_id
        where r.id = ${id}::uuid and d.status = 'active'`,
  );
  return row
    ? {
        id: row.id,
        discussionId: row.discussion_id,
        authorId: row.author_id,
        authorIsAdmin: row.author_is_admin,
        deleted: row.deleted,
      }
    : null;
}

/** Whether `replyId` is a reply of the discussion that is not deleted: one that can be answered. */
export async function isAnswerable(db: Db, discussionId: string, replyId: string) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from discussion_replies
        where id = ${replyId}::uuid and discussion_id = ${discussionId}::uuid
          and deleted_at is null`,
  );
  return rows.length > 0;
}

// ---- writing -------------------------------------------------------------------------------

/** Makes the reply's stored mentions exactly `memberIds`. */
async function setMentions(db: Db, replyId: string, memberIds: readonly string[]) {
  const kept =
    memberIds.length > 0
      ? sql`and user_id not in (${sql.join(
          memberIds.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
  await db.execute(sql`delete from reply_mentions where reply_id = ${replyId}::uuid ${kept}`);
  if (memberIds.length === 0) return;
  await db.execute(
    sql`insert into reply_mentions (reply_id, user_id)
        values ${sql.join(
          memberIds.map((id) => sql`(${replyId}::uuid, ${id})`),
          sql`, `,
        )}
        on conflict do nothing`,
  );
}

export type NewReply = {
  discussionId: string;
  authorId: string;
  content: string;
  replyToId: string | null;
  mentionIds: readonly string[];
  /** Held for review (docs/decisions/034): counted nowhere and shown to its author only. */
  held?: boolean;
};

/** Stores a reply and its mentions in one transaction; its id. */
/** `onStored` runs in the insert's transaction (the notification event joins its commit). */
export async function insertReply(
  db: Db,
  reply: NewReply,
  onStored?: (tx: Db, id: string) => Promise<void>,
): Promise<string> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`insert into discussion_replies
            (discussion_id, author_id, content, plain_content, reply_to_id, held_at)
          values (${reply.discussionId}::uuid, ${reply.authorId}, ${reply.content},
            ${plainContentOf(reply.content, "markup")},
            ${reply.replyToId}::uuid, ${reply.held ? sql`now()` : null})
          returning id`,
    );
    if (!row) throw new Error("The new reply was not stored");
    await setMentions(tx, row.id, reply.mentionIds);
    await onStored?.(tx, row.id);
    return row.id;
  });
}

/**
 * Replaces a reply's content and mentions and marks it edited, by a moderator when
 * `byModerator` (the last editor decides, docs/decisions/048). The content before the edit;
 * null when the reply is deleted.
 */
export async function updateReplyContent(
  db: Db,
  id: string,
  content: string,
  mentionIds: readonly string[],
  byModerator: boolean,
): Promise<{ previous: string } | null> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [before] = await queryRows<{ content: string }>(
      tx,
      sql`select content from discussion_replies
          where id = ${id}::uuid and deleted_at is null
          for update`,
    );
    if (!before) return null;
    await tx.execute(
      sql`update discussion_replies
          set content = ${content}, plain_content = ${plainContentOf(content, "markup")},
            edited_at = now(), edited_by_moderator = ${byModerator},
            updated_at = now()
          where id = ${id}::uuid`,
    );
    await setMentions(tx, id, mentionIds);
    return { previous: before.content };
  });
}

/** Soft delete (the row stays, shown as deleted); false when it was deleted already. */
export async function markReplyDeleted(db: Db, id: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update discussion_replies set deleted_at = now(), updated_at = now()
        where id = ${id}::uuid and deleted_at is null
        returning id`,
  );
  return rows.length > 0;
}
