// A member's notifications (docs/product.md §2.23): the list, newest activity first, with its
// keyset cursor; the unread count; read state; email settings; following. Each entry's
// discussion and reply show as the visibility rule lets its owner read them (decision 052).
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { displayName } from "@/server/db/display-name";
import { queryPreparedRows } from "@/server/db/prepared";
import {
  maskedText,
  mayReadWords,
  type PostColumns,
  type Reader,
  visibilityOf,
  wordsReadable,
} from "@/server/domain/visibility/rule";
import { UUID_ID } from "@/server/lib/ids";
import {
  decodeCursor,
  encodeCursor,
  idItem,
  microsecondText,
  timestampItem,
} from "@/server/lib/page-cursor";
import {
  DEFAULT_EMAIL,
  type EmailChoice,
  type FollowState,
  NOTIFICATION_KINDS,
  type NotificationItem,
  type NotificationKind,
  type NotificationPage,
  type NotificationSettings,
} from "@/shared/notifications";

type EntryRow = {
  id: string;
  kind: string;
  actor_name: string | null;
  actor_count: number;
  discussion_id: string | null;
  discussion_title: string | null;
  discussion_author: string | null;
  discussion_hidden: boolean;
  reply_id: string | null;
  /** Null when the reply's row is gone. */
  reply_author: string | null;
  reply_hidden: boolean | null;
  reply_held: boolean | null;
  reply_deleted: boolean | null;
  data: {
    action?: string;
    role?: string;
    actionId?: string;
    contentKind?: string;
    reason?: string;
    /** moderation_action: the rule of the terms broken (docs/decisions/082). */
    rule?: string | null;
    endsAt?: string | null;
    /** followed_category: the category's name when the discussion was started. */
    category?: string;
    /** bookmark_reminder: the member's own note on the bookmark. */
    note?: string;
    /** online_safety_review: the record due for review (decision 076). */
    record?: string;
  } | null;
  at: string;
  read: boolean;
  appealed: boolean;
};

/**
 * The entries a member has: those about no discussion, or about one still listed. An entry
 * about a discussion deleted since is gone from the list and from the unread count alike
 * (docs/decisions/052); a hidden one stays, masked.
 */
const LISTED = sql`(n.discussion_id is null or d.status = 'active')`;

const discussionColumns: PostColumns = { hiddenAt: sql`d.hidden_at`, authorId: sql`d.author_id` };
const replyColumns: PostColumns = { hiddenAt: sql`r.hidden_at`, authorId: sql`r.author_id` };

/**
 * Entries whose discussion and newest reply `reader` may read now (docs/decisions/052): what a
 * mail may carry. One hidden or deleted since it was written is not mailed.
 */
function readableNow(reader: Reader): SQL {
  return sql`(n.discussion_id is null or ${wordsReadable(reader, discussionColumns)})
    and (n.reply_id is null or (r.id is not null and r.deleted_at is null and r.held_at is null
      and ${wordsReadable(reader, replyColumns)}))`;
}

/** The entry's discussion as `reader` may see it: its title, or the mask in its place. */
function entryDiscussion(row: EntryRow, reader: Reader): NotificationItem["discussion"] {
  if (!row.discussion_id || row.discussion_title === null) return null;
  const post = {
    authorId: row.discussion_author,
    hidden: row.discussion_hidden,
    held: false,
    deleted: false,
  };
  const title = mayReadWords(reader, post) ? row.discussion_title : maskedText(post);
  return { id: row.discussion_id, title };
}

/**
 * The entry's newest reply as `reader` may see it: its permalink, or the mask that stands for
 * it ("This reply was deleted." with no permalink; "Hidden by a moderator" at its place).
 */
function entryReply(
  row: EntryRow,
  reader: Reader,
): Pick<NotificationItem, "replyId" | "replyMasked"> {
  if (!row.reply_id || row.reply_deleted === null) {
    return { replyId: null, replyMasked: null };
  }
  const post = {
    authorId: row.reply_author,
    hidden: row.reply_hidden === true,
    held: row.reply_held === true,
    deleted: row.reply_deleted,
  };
  switch (visibilityOf(reader, post, { placeholder: true })) {
    case "shown":
      return { replyId: row.reply_id, replyMasked: null };
    case "masked":
      return { replyId: post.deleted ? null : row.reply_id, replyMasked: maskedText(post) };
    case "absent":
      return { replyId: null, replyMasked: null };
  }
}

/**
 * Entries of `where` (over notifications n) as `reader` (their owner) may see them, newest
 * activity first; `mailable`: only those `reader` may read every word of now.
 */
export async function loadEntries(
  db: Db,
  reader: NonNullable<Reader>,
  where: SQL,
  limit: number,
  { mailable = false }: { mailable?: boolean } = {},
): Promise<NotificationItem[]> {
  const rows = await queryRows<EntryRow>(
    db,
    sql`select n.id, n.kind,
          -- A private member who reacted is "Someone" (docs/decisions/075).
          case when n.actor_id is null or (n.kind = 'reacted' and not p.is_public) then null
            else ${displayName(sql`p.full_name`, sql`p.email`)} end as actor_name,
          n.actor_count, n.discussion_id, d.title as discussion_title,
          d.author_id as discussion_author, d.hidden_at is not null as discussion_hidden,
          n.reply_id, r.author_id as reply_author, r.hidden_at is not null as reply_hidden,
          r.held_at is not null as reply_held,
          case when r.id is not null then r.deleted_at is not null end as reply_deleted,
          n.data, ${microsecondText(sql`n.updated_at`)} as at, n.read_at is not null as read,
          -- One appeal per moderation action (docs/decisions/027).
          n.kind = 'moderation_action' and exists (
            select 1 from appeals a where a.action_id::text = n.data->>'actionId') as appealed
        from notifications n
        left join profiles p on p.id = n.actor_id
        left join discussions d on d.id = n.discussion_id
        left join discussion_replies r on r.id = n.reply_id
        where ${where} and ${LISTED} ${mailable ? sql`and ${readableNow(reader)}` : sql``}
        order by n.updated_at desc, n.id desc
        limit ${limit}`,
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    actorName: row.actor_name,
    othersCount: Math.max(0, row.actor_count - 1),
    discussion: entryDiscussion(row, reader),
    ...entryReply(row, reader),
    detail:
      row.data?.action ??
      row.data?.role ??
      row.data?.category ??
      row.data?.note ??
      row.data?.record ??
      null,
    at: row.at,
    read: row.read,
    moderation: row.data?.actionId
      ? {
          actionId: row.data.actionId,
          action: row.data.action ?? "",
          contentKind: row.data.contentKind ?? "",
          // Reporters are told the outcome, not the reason.
          reason: row.kind === "moderation_action" ? (row.data.reason ?? null) : null,
          rule: row.kind === "moderation_action" ? (row.data.rule ?? null) : null,
          endsAt: row.data.endsAt ?? null,
          appealed: row.appealed,
        }
      : null,
  }));
}

/** The member's own entries, a page at a time; `reader` is the member. */
export async function listNotifications(
  db: Db,
  reader: NonNullable<Reader>,
  cursor: string | undefined,
  limit: number,
): Promise<NotificationPage> {
  const conditions = [sql`n.user_id = ${reader.id}`];
  if (cursor) {
    const [at, id] = decodeCursor<[string, string]>(cursor, [timestampItem, idItem(UUID_ID)]);
    conditions.push(sql`(n.updated_at, n.id) < (${at}::timestamptz, ${id}::uuid)`);
  }
  const items = await loadEntries(db, reader, sql.join(conditions, sql` and `), limit + 1);
  const page = items.slice(0, limit);
  const last = page.at(-1);
  return {
    notifications: page,
    nextCursor: items.length > limit && last ? encodeCursor([last.at, last.id]) : null,
  };
}

/**
 * Unread entries the list shows, masked ones included (docs/decisions/052). Every member's page
 * asks it (the header's count): a named prepared statement (db/prepared.ts), the member's
 * unread entries by index whoever they are.
 */
export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await queryPreparedRows<{ unread: number }>(
    db,
    sql`select count(*)::int as unread from notifications n
        left join discussions d on d.id = n.discussion_id
        where n.user_id = ${userId} and n.read_at is null and ${LISTED}`,
  );
  return row?.unread ?? 0;
}

/** Marks one of the member's entries read; false when the member has no such entry. */
export async function markRead(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    // Read in the app: no email about it is needed any more.
    sql`update notifications set read_at = coalesce(read_at, now()), email_pending = null
        where id = ${id}::uuid and user_id = ${userId}
        returning id`,
  );
  return rows.length > 0;
}

export async function markAllRead(db: Db, userId: string): Promise<void> {
  await db.execute(
    sql`update notifications set read_at = now(), email_pending = null
        where user_id = ${userId} and read_at is null`,
  );
}

export async function emailSettings(db: Db, userId: string): Promise<NotificationSettings> {
  const rows = await queryRows<{ kind: string; email: EmailChoice }>(
    db,
    sql`select kind, email from notification_settings where user_id = ${userId}`,
  );
  const email = { ...DEFAULT_EMAIL };
  for (const row of rows) {
    if ((NOTIFICATION_KINDS as readonly string[]).includes(row.kind)) {
      email[row.kind as NotificationKind] = row.email;
    }
  }
  return { email };
}

export async function setEmailSettings(
  db: Db,
  userId: string,
  changes: Partial<Record<NotificationKind, EmailChoice>>,
): Promise<void> {
  const entries = Object.entries(changes);
  if (entries.length === 0) return;
  // Only for an account that still exists: a mailed unsubscribe link outlives its account
  // (erased since), and must still answer 200 (docs/decisions/050). The row lock waits out an
  // erasure under way, then finds nobody.
  await db.execute(
    sql`insert into notification_settings (user_id, kind, email)
        select v.user_id, v.kind, v.email
        from (values ${sql.join(
          entries.map(([kind, email]) => sql`(${userId}, ${kind}, ${email})`),
          sql`, `,
        )}) as v(user_id, kind, email)
        where exists (select 1 from "user" where id = ${userId} for key share)
        on conflict (user_id, kind) do update set email = excluded.email, updated_at = now()`,
  );
  // A kind turned off leaves nothing waiting to be mailed; a change between immediately and
  // daily moves what waits to the new choice.
  for (const [kind, email] of entries) {
    await db.execute(
      sql`update notifications set email_pending = ${email === "off" ? null : email}
          where user_id = ${userId} and kind = ${kind} and email_pending is not null`,
    );
  }
}

/**
 * What a member follows or mutes: a discussion (decision 023) or a whole category (decision
 * 068), each its own table of (subject, member, state).
 */
export type FollowSubject = { kind: "discussion" | "category"; id: string };

const FOLLOW_TABLES = {
  discussion: { table: sql.raw("discussion_follows"), column: sql.raw("discussion_id") },
  category: { table: sql.raw("category_follows"), column: sql.raw("category_id") },
};

/** The member's state for `subject`; "none" without a row. */
export async function followState(
  db: Db,
  userId: string,
  subject: FollowSubject,
): Promise<FollowState> {
  const { table, column } = FOLLOW_TABLES[subject.kind];
  const [row] = await queryRows<{ state: FollowState }>(
    db,
    sql`select state from ${table} where ${column} = ${subject.id}::uuid and user_id = ${userId}`,
  );
  return row?.state ?? "none";
}

export async function setFollowState(
  db: Db,
  userId: string,
  subject: FollowSubject,
  state: FollowState,
): Promise<void> {
  const { table, column } = FOLLOW_TABLES[subject.kind];
  if (state === "none") {
    await db.execute(
      sql`delete from ${table} where ${column} = ${subject.id}::uuid and user_id = ${userId}`,
    );
    return;
  }
  await db.execute(
    sql`insert into ${table} (${column}, user_id, state)
        values (${subject.id}::uuid, ${userId}, ${state})
        on conflict (${column}, user_id) do update set state = excluded.state, updated_at = now()`,
  );
}
