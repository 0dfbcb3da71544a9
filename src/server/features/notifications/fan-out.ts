// Who hears of an event (docs/decisions/023), run by the queue's worker, never in the request.
// One statement writes every recipient's entry, however many follow the discussion: a new
// entry, or the recipient's unread entry of the same group gathering one more event.
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { MODERATION_ACTIONS_TOLD_TO_MEMBER } from "@/server/domain/moderation/log";
import {
  NOTIFICATION_EVENTS_QUEUE,
  type NotificationEvent,
} from "@/server/domain/notifications/events";
import { type ReaderColumns, wordsReadableBy } from "@/server/domain/visibility/rule";
import type { JobQueue } from "@/server/lib/jobs";
import { DEFAULT_EMAIL, NOTIFICATION_KINDS } from "@/shared/notifications";
import { mailJobKey, NOTIFICATION_MAIL_QUEUE, type NotificationMailJob } from "./notification-mail";

/** Each kind's default email choice as a SQL relation (kind, email). */
const defaults = sql.join(
  NOTIFICATION_KINDS.map((kind) => sql`(${kind}::text, ${DEFAULT_EMAIL[kind]}::text)`),
  sql`, `,
);

type Written = { user_id: string; email_pending: string | null; topic: string };

/**
 * Whether `recipient` may read the event's discussion and reply at this moment (decision 052):
 * listed (active, not held, not deleted) and, if hidden, theirs or a moderator's to read. An
 * entry is written only about what its recipient may read.
 */
function readableBy(recipient: ReaderColumns, discussion: SQL, reply: SQL): SQL {
  const d = { hiddenAt: sql`d.hidden_at`, authorId: sql`d.author_id` };
  const p = { hiddenAt: sql`p.hidden_at`, authorId: sql`p.author_id` };
  return sql`(${discussion} is null or exists (
      select 1 from discussions d
      where d.id = ${discussion} and d.status = 'active' and ${wordsReadableBy(recipient, d)}))
    and (${reply} is null or exists (
      select 1 from discussion_replies p
      where p.id = ${reply} and p.deleted_at is null and p.held_at is null
        and ${wordsReadableBy(recipient, p)}))`;
}

/**
 * Writes entries for `recipients` (a relation of user_id, kind, grouped), skipping the actor,
 * unverified accounts, members who muted the discussion, members who may not read its
 * discussion or reply (decision 052) and, for what a member wrote (`fromMember`), members who
 * blocked the actor (docs/decisions/031); returns who now has an email due. No entry means no
 * mail and no digest line either.
 */
async function writeEntries(
  tx: Db,
  event: {
    recipients: SQL;
    discussionId: string | null;
    replyId: string | null;
    actorId: string | null;
    data: object | null;
    /**
     * The event is something the actor wrote (a reply, a mention): the actor's blockers hear
     * nothing of it. Staff actions about a member's own content or account still reach them.
     */
    fromMember?: boolean;
    /** Asked for by the recipient (a bookmark's reminder): their mute of the discussion stands aside. */
    evenIfMuted?: boolean;
    /** The group of a grouped entry, when not `{kind}:{discussion}` (a post's hour of reactions). */
    groupKey?: string;
  },
): Promise<Written[]> {
  const discussion = event.discussionId ? sql`${event.discussionId}::uuid` : sql`null::uuid`;
  const reply = event.replyId ? sql`${event.replyId}::uuid` : sql`null::uuid`;
  const actor = sql`${event.actorId}::text`;
  const recipient = { id: sql`r.user_id`, role: sql`coalesce(ur.role, 'user')` };
  const unblocked = event.fromMember
    ? sql`and not exists (
            select 1 from member_blocks b
            where b.blocker_id = r.user_id and b.blocked_id = ${actor})`
    : sql``;
  return queryRows<Written>(
    tx,
    sql`with recipients as (${event.recipients}),
      defaults (kind, email) as (values ${defaults}),
      chosen as (
        select r.user_id, r.kind, r.grouped,
          coalesce(s.email, d.email) as email
        from recipients r
        join "user" u on u.id = r.user_id and u.email_verified
        left join user_roles ur on ur.user_id = r.user_id
        join defaults d on d.kind = r.kind
        left join notification_settings s on s.user_id = r.user_id and s.kind = r.kind
        where r.user_id is distinct from ${actor}
          and ${readableBy(recipient, discussion, reply)}
          ${
            event.evenIfMuted
              ? sql``
              : sql`and not exists (
            select 1 from discussion_follows m
            where m.discussion_id = ${discussion} and m.user_id = r.user_id and m.state = 'muted')`
          }
          ${unblocked}
      ),
      written as (
        insert into notifications as n (user_id, kind, group_key, discussion_id, reply_id,
          actor_id, data, email_pending)
        select c.user_id, c.kind,
          case when c.grouped then ${
            event.groupKey
              ? sql`${event.groupKey}::text`
              : sql`c.kind || ':' || ${discussion}::text`
          } end,
          ${discussion}, ${reply}, ${actor}, ${event.data ? JSON.stringify(event.data) : null}::jsonb,
          case when c.email <> 'off' then c.email end
        from chosen c
        on conflict (user_id, group_key) where read_at is null and group_key is not null
        do update set
          reply_id = excluded.reply_id,
          actor_id = excluded.actor_id,
          event_count = n.event_count + 1,
          actor_count = n.actor_count + case when excluded.actor_id is null or exists (
            select 1 from notification_actors a
            where a.notification_id = n.id and a.actor_id = excluded.actor_id) then 0 else 1 end,
          email_pending = coalesce(excluded.email_pending, n.email_pending),
          updated_at = now()
        returning n.id, n.user_id, n.email_pending
      ),
      actors as (
        insert into notification_actors (notification_id, actor_id)
        select w.id, ${actor} from written w where ${actor} is not null
        on conflict do nothing
      )
      select user_id, email_pending, coalesce(${discussion}::text, 'account') as topic
      from written`,
  );
}

/** Recipients per transaction: a request waits for at most one part on PGlite's one connection. */
export const FAN_OUT_PART = 100;

type Range = { after?: string | null; upTo?: string };

/** The recipients of a new reply, each once, by the closest reason (answer, mention, author, follower). */
function replyRecipients(replyId: string, range: Range = {}): SQL {
  const after = range.after ? sql`and c.user_id > ${range.after}` : sql``;
  const upTo = range.upTo ? sql`and c.user_id <= ${range.upTo}` : sql``;
  return sql`select distinct on (c.user_id) c.user_id, c.kind, true as grouped
    from (
      select t.author_id as user_id, 'reply_to_reply' as kind, 1 as rank
      from discussion_replies r
      join discussion_replies t on t.id = r.reply_to_id and t.deleted_at is null
      where r.id = ${replyId}::uuid
      union all
      select m.user_id, 'mention', 2 from reply_mentions m where m.reply_id = ${replyId}::uuid
      union all
      select f.user_id,
        case when f.user_id = d.author_id then 'reply_to_discussion' else 'followed_discussion' end,
        case when f.user_id = d.author_id then 3 else 4 end
      from discussion_replies r
      join discussions d on d.id = r.discussion_id
      join discussion_follows f on f.discussion_id = r.discussion_id and f.state = 'following'
      where r.id = ${replyId}::uuid
    ) c
    where c.user_id is not null ${after} ${upTo}
    order by c.user_id, c.rank`;
}

/** The followers of a new discussion's category (issue 41), the author left out by writeEntries. */
function categoryFollowerRecipients(discussionId: string, range: Range = {}): SQL {
  const after = range.after ? sql`and f.user_id > ${range.after}` : sql``;
  const upTo = range.upTo ? sql`and f.user_id <= ${range.upTo}` : sql``;
  return sql`select f.user_id, 'followed_category' as kind, false as grouped
    from discussions d
    join category_follows f on f.category_id = d.category_id and f.state = 'following'
    where d.id = ${discussionId}::uuid ${after} ${upTo}`;
}

/** Events whose recipients may be many: split into parts of FAN_OUT_PART. */
type PartedEvent = Extract<NotificationEvent, { type: "reply-created" | "discussion-created" }>;

function partedRecipients(event: PartedEvent, range: Range = {}): SQL {
  return event.type === "reply-created"
    ? replyRecipients(event.replyId, range)
    : categoryFollowerRecipients(event.discussionId, range);
}

/**
 * The last recipient id of each part when an event has more than FAN_OUT_PART recipients; an
 * empty list when it can be done at once.
 */
async function partBounds(tx: Db, event: PartedEvent): Promise<string[]> {
  const rows = await queryRows<{ user_id: string; n: number }>(
    tx,
    sql`select user_id, row_number() over (order by user_id)::int as n, count(*) over ()::int as total
        from (${partedRecipients(event)}) r
        order by user_id`,
  );
  if (rows.length <= FAN_OUT_PART) return [];
  const bounds = rows.filter((row) => row.n % FAN_OUT_PART === 0).map((row) => row.user_id);
  const last = rows.at(-1)?.user_id;
  if (last && bounds.at(-1) !== last) bounds.push(last);
  return bounds;
}

type ReplyFacts = { discussion_id: string; author_id: string | null };

async function fanOutReply(tx: Db, replyId: string, range: Range = {}): Promise<Written[]> {
  // A reply deleted (or a discussion removed) before the worker got to it tells no one.
  const [reply] = await queryRows<ReplyFacts>(
    tx,
    sql`select r.discussion_id, r.author_id from discussion_replies r
        join discussions d on d.id = r.discussion_id and d.status = 'active'
        where r.id = ${replyId}::uuid and r.deleted_at is null`,
  );
  if (!reply) return [];
  return writeEntries(tx, {
    recipients: replyRecipients(replyId, range),
    discussionId: reply.discussion_id,
    replyId,
    actorId: reply.author_id,
    data: null,
    fromMember: true,
  });
}

/** A new discussion, to its category's followers, naming the category as it was then. */
async function fanOutDiscussion(tx: Db, discussionId: string, range: Range): Promise<Written[]> {
  // Removed, held again or deleted before the worker got to it: it tells no one.
  const [discussion] = await queryRows<{ author_id: string | null; category: string }>(
    tx,
    sql`select d.author_id, c.name as category from discussions d
        join categories c on c.id = d.category_id
        where d.id = ${discussionId}::uuid and d.status = 'active'`,
  );
  if (!discussion) return [];
  return writeEntries(tx, {
    recipients: categoryFollowerRecipients(discussionId, range),
    discussionId,
    replyId: null,
    actorId: discussion.author_id,
    data: { category: discussion.category },
    fromMember: true,
  });
}

/**
 * A moderator's action (docs/decisions/027): the reporters whose reports it closed hear the
 * outcome (never who decided); the member acted on hears what and why. Neither entry names a
 * discussion: a deleted one would hide the entry, and a hidden one's title is not theirs to see.
 */
async function fanOutModeration(tx: Db, actionId: string): Promise<Written[]> {
  const [action] = await queryRows<{
    action: string;
    target_kind: string;
    subject_id: string | null;
    reason: string;
    rule: string | null;
    ends_at: string | null;
  }>(
    tx,
    sql`select action, target_kind, subject_id, reason, rule,
          to_char(ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as ends_at
        from moderation_actions where id = ${actionId}::uuid`,
  );
  if (!action) return [];
  const reporters = await writeEntries(tx, {
    recipients: sql`select reporter_id as user_id, 'report_outcome' as kind, false as grouped
      from reports where resolution_id = ${actionId}::uuid and reporter_id is not null`,
    discussionId: null,
    replyId: null,
    // The moderator stays unnamed: null actor.
    actorId: null,
    data: { action: action.action, contentKind: action.target_kind, actionId },
  });
  if (!action.subject_id || !MODERATION_ACTIONS_TOLD_TO_MEMBER.includes(action.action))
    return reporters;
  const member = await writeEntries(tx, {
    recipients: sql`select ${action.subject_id}::text as user_id, 'moderation_action' as kind, false as grouped`,
    discussionId: null,
    replyId: null,
    actorId: null,
    data: {
      action: action.action,
      contentKind: action.target_kind,
      reason: action.reason,
      rule: action.rule,
      endsAt: action.ends_at,
      actionId,
    },
  });
  return [...reporters, ...member];
}

/**
 * A bookmark's reminder (issue 42, docs/decisions/072), to its member. The entry names the post
 * only while the member may read it (decision 052's rule, as every entry): else it names none,
 * and says the post is no longer available. A bookmark removed since reminds no one.
 */
async function fanOutReminder(tx: Db, bookmarkId: string): Promise<Written[]> {
  const [bookmark] = await queryRows<{
    user_id: string;
    discussion_id: string;
    reply_id: string | null;
    note: string | null;
    readable: boolean;
  }>(
    tx,
    sql`select b.user_id, b.discussion_id, b.reply_id, b.note,
          ${readableBy(
            { id: sql`b.user_id`, role: sql`coalesce(ur.role, 'user')` },
            sql`b.discussion_id`,
            sql`b.reply_id`,
          )} as readable
        from bookmarks b left join user_roles ur on ur.user_id = b.user_id
        where b.id = ${bookmarkId}::uuid`,
  );
  if (!bookmark) return [];
  return writeEntries(tx, {
    recipients: sql`select ${bookmark.user_id}::text as user_id, 'bookmark_reminder' as kind, false as grouped`,
    discussionId: bookmark.readable ? bookmark.discussion_id : null,
    replyId: bookmark.readable ? bookmark.reply_id : null,
    actorId: null,
    data: { bookmarkId, ...(bookmark.note ? { note: bookmark.note } : {}) },
    evenIfMuted: true,
  });
}

/**
 * A reaction (issue 45, docs/decisions/075), to its post's author: one entry per post and clock
 * hour gathers the reactions ("Ana and 3 others reacted to your reply"). A reaction taken back
 * before the worker got to it tells no one; the author's mute and block stand (writeEntries).
 */
async function fanOutReaction(tx: Db, reactionId: string): Promise<Written[]> {
  const [reaction] = await queryRows<{
    user_id: string;
    discussion_id: string;
    reply_id: string | null;
    author_id: string | null;
    hour: string;
  }>(
    tx,
    sql`select x.user_id, x.discussion_id, x.reply_id,
          coalesce(r.author_id, d.author_id) as author_id,
          to_char(x.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24') as hour
        from reactions x
        join discussions d on d.id = x.discussion_id
        left join discussion_replies r on r.id = x.reply_id
        where x.id = ${reactionId}::bigint
          and (x.reply_id is null or r.author_id is not null)`,
  );
  if (!reaction?.author_id) return [];
  return writeEntries(tx, {
    recipients: sql`select ${reaction.author_id}::text as user_id, 'reacted' as kind, true as grouped`,
    discussionId: reaction.discussion_id,
    replyId: reaction.reply_id,
    actorId: reaction.user_id,
    data: null,
    fromMember: true,
    groupKey: `reacted:${reaction.reply_id ?? reaction.discussion_id}:${reaction.hour}`,
  });
}

async function fanOut(tx: Db, event: NotificationEvent): Promise<Written[]> {
  switch (event.type) {
    case "reply-created":
      return fanOutReply(tx, event.replyId, event);
    case "discussion-created":
      return fanOutDiscussion(tx, event.discussionId, event);
    case "discussion-moderated":
      return writeEntries(tx, {
        recipients: sql`select author_id as user_id, 'discussion_moderated' as kind, false as grouped
          from discussions where id = ${event.discussionId}::uuid and status = 'active'`,
        discussionId: event.discussionId,
        replyId: null,
        actorId: event.actorId,
        data: { action: event.action },
      });
    case "moderation-outcome":
      return fanOutModeration(tx, event.actionId);
    case "role-changed":
      return writeEntries(tx, {
        recipients: sql`select ${event.userId}::text as user_id, 'role_changed' as kind, false as grouped`,
        discussionId: null,
        replyId: null,
        actorId: event.actorId,
        data: { role: event.role },
      });
    case "bookmark-reminder":
      return fanOutReminder(tx, event.bookmarkId);
    case "reacted":
      return fanOutReaction(tx, event.reactionId);
    case "terms-changed":
      // Every member who has not accepted this version yet (docs/decisions/082); one
      // statement, as a reply's followers are written.
      return writeEntries(tx, {
        recipients: sql`select id as user_id, 'terms_changed' as kind, false as grouped
          from profiles where coalesce(terms_version_accepted, 0) < ${event.version}`,
        discussionId: null,
        replyId: null,
        actorId: null,
        data: { version: event.version },
      });
  }
}

/**
 * Writes `event`'s entries in `tx`, or splits a large fan-out into parts, each its own job and
 * transaction; returns the mail now due to whoever has an email choice of "immediately".
 */
async function writeEvent(
  tx: Db,
  jobs: JobQueue,
  event: NotificationEvent,
): Promise<NotificationMailJob[]> {
  if (
    (event.type === "reply-created" || event.type === "discussion-created") &&
    event.upTo === undefined
  ) {
    const bounds = await partBounds(tx, event);
    if (bounds.length > 0) {
      await jobs.sendMany(
        NOTIFICATION_EVENTS_QUEUE,
        bounds.map((upTo, index) => ({
          data: { ...event, after: index === 0 ? null : bounds[index - 1], upTo },
        })),
        { tx },
      );
      return [];
    }
  }
  const written = await fanOut(tx, event);
  return written
    .filter((row) => row.email_pending === "immediately")
    .map((row) => ({ userId: row.user_id, topic: row.topic }));
}

/** The mail jobs, one per member and topic however many events asked for it. */
async function sendMail(tx: Db, jobs: JobQueue, mails: NotificationMailJob[]): Promise<void> {
  const byKey = new Map(mails.map((data) => [mailJobKey(data), data]));
  await jobs.sendMany(
    NOTIFICATION_MAIL_QUEUE,
    [...byKey].map(([singletonKey, data]) => ({ data, singletonKey })),
    { tx },
  );
}

/**
 * Handles one event in one transaction: the entries, the mail jobs for whoever has an email
 * due now, and the event's own completion (`complete(tx)`), so a repeat after a crash finds
 * the job done and writes nothing twice.
 */
export async function handleNotificationEvent(
  db: Db,
  jobs: JobQueue,
  event: NotificationEvent,
  complete: (tx: Db) => Promise<void>,
): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await sendMail(tx, jobs, await writeEvent(tx, jobs, event));
    await complete(tx);
  });
}

/**
 * Writes a batch of events inside `tx` (the outbox's, decision 092): each event's entries in
 * turn, then the mail jobs of them all in one insert. An event that fails fails the batch.
 */
export async function writeNotificationEvents(
  tx: Db,
  jobs: JobQueue,
  events: readonly NotificationEvent[],
): Promise<void> {
  const mails: NotificationMailJob[] = [];
  for (const event of events) mails.push(...(await writeEvent(tx, jobs, event)));
  await sendMail(tx, jobs, mails);
}
