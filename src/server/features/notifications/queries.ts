// A member's notifications (docs/product.md §2.23): the list, newest activity first, with its
// keyset cursor; the unread count; read state; email settings; following.
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { displayName } from "@/server/db/display-name";
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
  reply_id: string | null;
  data: {
    action?: string;
    role?: string;
    actionId?: string;
    contentKind?: string;
    reason?: string;
    endsAt?: string | null;
  } | null;
  at: string;
  read: boolean;
  appealed: boolean;
};

/** Entries of `where` (over notifications n), newest activity first. */
export async function loadEntries(db: Db, where: SQL, limit: number): Promise<NotificationItem[]> {
  const rows = await queryRows<EntryRow>(
    db,
    sql`select n.id, n.kind,
          case when n.actor_id is null then null
            else ${displayName(sql`p.full_name`, sql`p.email`)} end as actor_name,
          n.actor_count, n.discussion_id, d.title as discussion_title,
          -- A reply deleted since is no permalink: the entry opens the discussion.
          case when r.deleted_at is null then n.reply_id end as reply_id,
          n.data, ${microsecondText(sql`n.updated_at`)} as at, n.read_at is not null as read,
          -- One appeal per moderation action (docs/decisions/027).
          n.kind = 'moderation_action' and exists (
            select 1 from appeals a where a.action_id::text = n.data->>'actionId') as appealed
        from notifications n
        left join profiles p on p.id = n.actor_id
        left join discussions d on d.id = n.discussion_id
        left join discussion_replies r on r.id = n.reply_id
        where ${where}
          and (n.discussion_id is null or d.status = 'active')
        order by n.updated_at desc, n.id desc
        limit ${limit}`,
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    actorName: row.actor_name,
    othersCount: Math.max(0, row.actor_count - 1),
    discussion:
      row.discussion_id && row.discussion_title !== null
        ? { id: row.discussion_id, title: row.discussion_title }
        : null,
    replyId: row.reply_id,
    detail: row.data?.action ?? row.data?.role ?? null,
    at: row.at,
    read: row.read,
    moderation: row.data?.actionId
      ? {
          actionId: row.data.actionId,
          action: row.data.action ?? "",
          contentKind: row.data.contentKind ?? "",
          // Reporters are told the outcome, not the reason.
          reason: row.kind === "moderation_action" ? (row.data.reason ?? null) : null,
          endsAt: row.data.endsAt ?? null,
          appealed: row.appealed,
        }
      : null,
  }));
}

export async function listNotifications(
  db: Db,
  userId: string,
  cursor: string | undefined,
  limit: number,
): Promise<NotificationPage> {
  const conditions = [sql`n.user_id = ${userId}`];
  if (cursor) {
    const [at, id] = decodeCursor<[string, string]>(cursor, [timestampItem, idItem(UUID_ID)]);
    conditions.push(sql`(n.updated_at, n.id) < (${at}::timestamptz, ${id}::uuid)`);
  }
  const items = await loadEntries(db, sql.join(conditions, sql` and `), limit + 1);
  const page = items.slice(0, limit);
  const last = page.at(-1);
  return {
    notifications: page,
    nextCursor: items.length > limit && last ? encodeCursor([last.at, last.id]) : null,
  };
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await queryRows<{ unread: number }>(
    db,
    sql`select count(*)::int as unread from notifications n
        left join discussions d on d.id = n.discussion_id
        where n.user_id = ${userId} and n.read_at is null
          and (n.discussion_id is null or d.status = 'active')`,
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

export async function followState(
  db: Db,
  userId: string,
  discussionId: string,
): Promise<FollowState> {
  const [row] = await queryRows<{ state: FollowState }>(
    db,
    sql`select state from discussion_follows
        where discussion_id = ${discussionId}::uuid and user_id = ${userId}`,
  );
  return row?.state ?? "none";
}

export async function setFollowState(
  db: Db,
  userId: string,
  discussionId: string,
  state: FollowState,
): Promise<void> {
  if (state === "none") {
    await db.execute(
      sql`delete from discussion_follows
          where discussion_id = ${discussionId}::uuid and user_id = ${userId}`,
    );
    return;
  }
  await db.execute(
    sql`insert into discussion_follows (discussion_id, user_id, state)
        values (${discussionId}::uuid, ${userId}, ${state})
        on conflict (discussion_id, user_id) do update set state = excluded.state, updated_at = now()`,
  );
}
