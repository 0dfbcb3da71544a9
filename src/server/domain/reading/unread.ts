// What is new to a member (issue 42, docs/decisions/071), in SQL the forum's queries join:
// - a discussion's unread replies: shown_replies_count less the member's seen_count (both kept
//   by migration 0042's triggers), a subtraction per card; none when the member muted the
//   discussion, never opened it, or marked everything up to its last activity as read;
// - "New": created since the member's last visit (profiles.last_visit_at), by someone else,
//   never opened and not marked read.
// The marks are "Mark all as read", site-wide (profiles.marked_read_at) or per category.
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";

/**
 * The member whose state is read: an id in hand, or a column of the query (the digest reads a
 * batch of members in one statement, docs/decisions/073).
 */
export type MemberRef = string | SQL;

/** A reply anyone reading its thread sees (the triggers' "shown"). */
export const SHOWN_REPLY = sql`r.deleted_at is null and r.held_at is null and r.hidden_at is null`;

/** Neither the member's own reply nor one by a member they blocked: those are never unread. */
export const othersReply = (userId: MemberRef) => sql`r.author_id is distinct from ${userId}
  and not exists (select 1 from member_blocks b
    where b.blocker_id = ${userId} and b.blocked_id = r.author_id)`;

/**
 * The member's mark for the discussion d's category (the later of the two), or null. The
 * site-wide mark does not depend on d: PostgreSQL reads it once per statement (an InitPlan), and
 * only the category's mark per card (bench/RESULTS.md §24: a join of the two read the profile
 * again for each card and each use of the mark).
 */
const markOf = (userId: MemberRef) => sql`greatest(
  (select me.marked_read_at from profiles me where me.id = ${userId}),
  (select crm.marked_read_at from category_read_marks crm
    where crm.user_id = ${userId} and crm.category_id = d.category_id))`;

/** Since when discussions are "New" to the member: their last visit, else their joining. */
const visitOf = (userId: MemberRef) => sql`(select coalesce(me.last_visit_at, me.created_at)
  from profiles me where me.id = ${userId})`;

/**
 * Joins, for the discussion aliased d, the member's read state as `rd.unread` (a count) and
 * `rd.is_new`. Key lookups per card: the position, a mute, the marks.
 */
export function readStateJoin(userId: MemberRef): SQL {
  return sql`left join lateral (
    select
      case
        when df.user_id is not null or rp.user_id is null or d.last_activity_at <= rs.mark then 0
        -- Opened before the mark: the replies after the mark, counted (docs/decisions/071).
        when rp.read_at < rs.mark then (select count(*)::int from discussion_replies r
          where r.discussion_id = d.id and r.created_at > rs.mark and ${SHOWN_REPLY}
            and ${othersReply(userId)})
        else greatest(d.shown_replies_count - rp.seen_count, 0)
      end as unread,
      (rp.user_id is null and df.user_id is null and d.author_id is distinct from ${userId}
        and d.created_at > rs.visit and (rs.mark is null or d.created_at > rs.mark)) as is_new,
      rp.last_read_seq, rs.mark
    from (select ${markOf(userId)} as mark, ${visitOf(userId)} as visit) rs
    left join read_positions rp on rp.user_id = ${userId} and rp.discussion_id = d.id
    left join discussion_follows df
      on df.discussion_id = d.id and df.user_id = ${userId} and df.state = 'muted'
  ) rd on true`;
}

/**
 * The list's "Unread" filter, on the discussion aliased d: opened, with shown replies the
 * member has not seen, active since their mark, not muted.
 */
export function unreadCondition(userId: string): SQL {
  return sql`exists (select 1 from read_positions rp
      where rp.user_id = ${userId} and rp.discussion_id = d.id
        and d.shown_replies_count > rp.seen_count)
    and not exists (select 1 from discussion_follows df
      where df.discussion_id = d.id and df.user_id = ${userId} and df.state = 'muted')
    and d.last_activity_at > coalesce(${markOf(userId)}, '-infinity')`;
}

/** The list's "New" filter, on the discussion aliased d: "New" as readStateJoin says it. */
export function newCondition(userId: string): SQL {
  return sql`d.created_at > ${visitOf(userId)}
    and d.created_at > coalesce(${markOf(userId)}, '-infinity')
    and d.author_id is distinct from ${userId}
    and not exists (select 1 from read_positions rp
      where rp.user_id = ${userId} and rp.discussion_id = d.id)
    and not exists (select 1 from discussion_follows df
      where df.discussion_id = d.id and df.user_id = ${userId} and df.state = 'muted')`;
}

export type DiscussionReadState = {
  unread: number;
  /** The first reply the member has not seen, where the thread should open; null: the top. */
  firstUnreadReplyId: string | null;
};

/** The member's read state in one discussion: its unread count and first unread reply. */
export async function discussionReadState(
  db: Db,
  userId: string,
  discussionId: string,
): Promise<DiscussionReadState> {
  const [row] = await queryRows<{ unread: number; first_unread: string | null }>(
    db,
    sql`select rd.unread,
        case when rd.unread > 0 then (
          select r.id from discussion_replies r
          where r.discussion_id = d.id and r.seq > rd.last_read_seq
            and (rd.mark is null or r.created_at > rd.mark)
            and ${SHOWN_REPLY} and ${othersReply(userId)}
          order by r.seq limit 1
        ) end as first_unread
      from discussions d ${readStateJoin(userId)}
      where d.id = ${discussionId}::uuid`,
  );
  return { unread: Number(row?.unread ?? 0), firstUnreadReplyId: row?.first_unread ?? null };
}

/**
 * "Mark all as read", site-wide or for one category: one time per member (and category), never
 * a row per discussion.
 */
export async function markAllRead(db: Db, userId: string, categoryId?: string): Promise<void> {
  if (categoryId === undefined) {
    await db.execute(sql`update profiles set marked_read_at = now() where id = ${userId}`);
    return;
  }
  await db.execute(sql`insert into category_read_marks (user_id, category_id, marked_read_at)
    values (${userId}, ${categoryId}::uuid, now())
    on conflict (user_id, category_id) do update set marked_read_at = excluded.marked_read_at`);
}
