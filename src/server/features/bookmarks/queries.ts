// A member's bookmarks (issue 42, docs/decisions/072). Every query is scoped to the member: a
// bookmark id of someone else's finds nothing, and the routes answer 404. What a bookmark shows
// of its post is what the one visibility rule lets its member read now (domain/visibility).
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import {
  maskedText,
  type PostState,
  type Reader,
  visibilityOf,
} from "@/server/domain/visibility/rule";
import { UUID_ID } from "@/server/lib/ids";
import {
  afterTimeCursor,
  decodeTimeCursor,
  microsecondText,
  nextTimeCursor,
} from "@/server/lib/page-cursor";
import {
  type BookmarkItem,
  type BookmarkMark,
  type BookmarkPage,
  NO_LONGER_AVAILABLE,
} from "@/shared/bookmarks";
import { plainSummary } from "@/shared/markup/plain-text";
import { DELETED_DISCUSSION } from "@/shared/moderation-texts";

/** How much of a bookmarked reply the list shows. */
export const EXCERPT_LENGTH = 200;

const MARK_COLUMNS = sql`b.id, b.discussion_id, b.reply_id, b.note,
  ${microsecondText(sql`b.remind_at`)} as remind_at`;

type MarkRow = {
  id: string;
  discussion_id: string;
  reply_id: string | null;
  note: string | null;
  remind_at: string | null;
};

const toMark = (row: MarkRow): BookmarkMark => ({
  id: row.id,
  discussionId: row.discussion_id,
  replyId: row.reply_id,
  note: row.note,
  remindAt: row.remind_at,
});

type ItemRow = MarkRow & {
  reminded_at: string | null;
  created_at: string;
  title: string;
  discussion_author: string | null;
  discussion_status: string;
  discussion_hidden: boolean;
  reply_content: string | null;
  reply_author: string | null;
  reply_hidden: boolean | null;
  reply_held: boolean | null;
  reply_deleted: boolean | null;
};

function discussionState(row: ItemRow): PostState {
  return {
    authorId: row.discussion_author,
    hidden: row.discussion_hidden,
    held: row.discussion_status === "held",
    deleted: row.discussion_status !== "active" && row.discussion_status !== "held",
  };
}

function replyState(row: ItemRow): PostState {
  return {
    authorId: row.reply_author,
    hidden: row.reply_hidden === true,
    held: row.reply_held === true,
    deleted: row.reply_deleted === true,
  };
}

/** What stands in place of a post's words: its mask, or "No longer available" when absent. */
function standIn(reader: Reader, post: PostState, deletedText: string): string {
  const seen = visibilityOf(reader, post, { placeholder: true });
  if (seen === "masked") return post.deleted ? deletedText : maskedText(post);
  return NO_LONGER_AVAILABLE;
}

/**
 * The bookmark as its member may read its post now: the discussion's title and the reply's
 * first words where the rule shows them, else what stands in their place. A reply in a
 * discussion the member may not open is no more readable than its discussion.
 */
function toItem(row: ItemRow, reader: NonNullable<Reader>): BookmarkItem {
  const discussion = discussionState(row);
  const seen = visibilityOf(reader, discussion);
  const discussionShown = seen === "shown";
  // A hidden discussion still opens (at its place, masked); a deleted or held one does not.
  const opens = seen !== "absent";
  const title = discussionShown ? row.title : standIn(reader, discussion, DELETED_DISCUSSION);
  let excerpt: string | null = null;
  let shown = discussionShown;
  if (row.reply_id !== null) {
    const reply = replyState(row);
    const replyShown = opens && visibilityOf(reader, reply) === "shown";
    shown = replyShown;
    if (replyShown) excerpt = plainSummary(row.reply_content ?? "", "markup", EXCERPT_LENGTH);
    else if (!opens) excerpt = title;
    else excerpt = standIn(reader, reply, maskedText({ deleted: true }));
  }
  return {
    ...toMark(row),
    remindedAt: row.reminded_at,
    createdAt: row.created_at,
    title,
    excerpt,
    shown,
    opens,
  };
}

/** The member's bookmarks, newest first, a page at a time. */
export async function listBookmarks(
  db: Db,
  reader: NonNullable<Reader>,
  cursor: string | undefined,
  limit: number,
): Promise<BookmarkPage> {
  const after = cursor
    ? sql`and ${afterTimeCursor(decodeTimeCursor(cursor, UUID_ID), "b")}`
    : sql``;
  const rows = await queryRows<ItemRow & { cursor_at: string }>(
    db,
    sql`select ${MARK_COLUMNS},
          ${microsecondText(sql`b.reminded_at`)} as reminded_at,
          ${microsecondText(sql`b.created_at`)} as created_at,
          d.title, d.author_id as discussion_author, d.status as discussion_status,
          d.hidden_at is not null as discussion_hidden,
          r.content as reply_content, r.author_id as reply_author,
          r.hidden_at is not null as reply_hidden, r.held_at is not null as reply_held,
          r.deleted_at is not null as reply_deleted
        from bookmarks b
        join discussions d on d.id = b.discussion_id
        left join discussion_replies r on r.id = b.reply_id
        where b.user_id = ${reader.id} ${after}
        order by b.created_at desc, b.id desc
        limit ${limit + 1}`,
  );
  const page = rows.slice(0, limit).map((row) => toItem(row, reader));
  return {
    bookmarks: page,
    nextCursor: nextTimeCursor(
      rows.map((row) => ({ id: row.id, cursorAt: row.created_at })),
      limit,
    ),
  };
}

/** The member's bookmarks in one discussion (its own and its replies'): the page's marks. */
export async function discussionBookmarks(
  db: Db,
  userId: string,
  discussionId: string,
): Promise<BookmarkMark[]> {
  const rows = await queryRows<MarkRow>(
    db,
    sql`select ${MARK_COLUMNS} from bookmarks b
        where b.user_id = ${userId} and b.discussion_id = ${discussionId}::uuid
        order by b.created_at`,
  );
  return rows.map(toMark);
}

/**
 * Whether `reader` may bookmark the reply: one of the discussion's, and not absent to them
 * (deleted, someone else's held reply). A hidden reply keeps its place, and may be bookmarked.
 */
export async function replyBookmarkable(
  db: Db,
  reader: NonNullable<Reader>,
  discussionId: string,
  replyId: string,
): Promise<boolean> {
  const [row] = await queryRows<{
    author_id: string | null;
    hidden: boolean;
    held: boolean;
    deleted: boolean;
  }>(
    db,
    sql`select author_id, hidden_at is not null as hidden, held_at is not null as held,
          deleted_at is not null as deleted
        from discussion_replies
        where id = ${replyId}::uuid and discussion_id = ${discussionId}::uuid`,
  );
  if (!row) return false;
  const post = {
    authorId: row.author_id,
    hidden: row.hidden,
    held: row.held,
    deleted: row.deleted,
  };
  return visibilityOf(reader, post) !== "absent";
}

type Changes = { note?: string; remindAt?: string | null };

/** The columns a change sets: an empty note is none; a new reminder time is still to send. */
function setChanges(changes: Changes): SQL[] {
  const set: SQL[] = [];
  if (changes.note !== undefined)
    set.push(sql`note = ${changes.note === "" ? null : changes.note}`);
  if (changes.remindAt !== undefined) {
    set.push(sql`remind_at = ${changes.remindAt}::timestamptz`);
    set.push(
      sql`reminded_at = case when b.remind_at is not distinct from ${changes.remindAt}::timestamptz
        then b.reminded_at end`,
    );
  }
  return set;
}

/**
 * Bookmarks the post for the member, or changes their bookmark of it (again is an update);
 * `created` tells which.
 */
export async function saveBookmark(
  db: Db,
  userId: string,
  target: { discussionId: string; replyId: string | null },
  changes: Changes,
): Promise<{ mark: BookmarkMark; created: boolean }> {
  const note = changes.note ? changes.note : null;
  const remindAt = changes.remindAt ?? null;
  const set = setChanges(changes);
  const [row] = await queryRows<MarkRow & { created: boolean }>(
    db,
    sql`insert into bookmarks as b (user_id, discussion_id, reply_id, note, remind_at)
        values (${userId}, ${target.discussionId}::uuid, ${target.replyId}::uuid, ${note},
          ${remindAt}::timestamptz)
        on conflict (user_id, discussion_id, reply_id) do update set
          ${sql.join([...set, sql`updated_at = now()`], sql`, `)}
        returning ${MARK_COLUMNS}, (xmax = 0) as created`,
  );
  if (!row) throw new Error("bookmark not saved");
  return { mark: toMark(row), created: row.created };
}

/** The member's bookmark `id` as it stands, or null (none, or someone else's). */
export async function findBookmark(
  db: Db,
  userId: string,
  id: string,
): Promise<BookmarkMark | null> {
  const [row] = await queryRows<MarkRow>(
    db,
    sql`select ${MARK_COLUMNS} from bookmarks b where b.id = ${id}::uuid and b.user_id = ${userId}`,
  );
  return row ? toMark(row) : null;
}

/** Changes the member's bookmark `id`; null when they have no such bookmark. */
export async function updateBookmark(
  db: Db,
  userId: string,
  id: string,
  changes: Changes,
): Promise<BookmarkMark | null> {
  const set = [...setChanges(changes), sql`updated_at = now()`];
  const [row] = await queryRows<MarkRow>(
    db,
    sql`update bookmarks b set ${sql.join(set, sql`, `)}
        where b.id = ${id}::uuid and b.user_id = ${userId}
        returning ${MARK_COLUMNS}`,
  );
  return row ? toMark(row) : null;
}

/** Removes the member's bookmark `id`; false when they have no such bookmark. */
export async function deleteBookmark(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`delete from bookmarks where id = ${id}::uuid and user_id = ${userId} returning id`,
  );
  return rows.length > 0;
}
