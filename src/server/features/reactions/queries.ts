// SQL for reactions (issue 45, docs/decisions/075): the post a reaction is for, adding and
// removing one (the unique constraint makes a repeat a no-op, whatever runs alongside), who
// reacted, and a member's own reactions in a thread. Counts follow by trigger (migration 0046).
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { displayName } from "@/server/db/display-name";
import { outboxInsert, reactedEvent } from "@/server/domain/notifications/outbox";
import { type CountRow, postCountsOf, reactionsShown } from "@/server/domain/reactions/counts";
import {
  isReactionKind,
  type MyReactions,
  REACTION_KINDS,
  type ReactionCounts,
  type ReactionKind,
  type ReactionState,
  WHO_REACTED_NAMED,
  type WhoReacted,
} from "@/shared/reactions";

/** A discussion's opening post (`replyId` null) or one of its replies. */
export type PostTarget = { discussionId: string; replyId: string | null };
export type ReactablePost = PostTarget & { authorId: string | null };

const postCondition = ({ discussionId, replyId }: PostTarget, alias = sql`r`) =>
  sql`${alias}.discussion_id = ${discussionId}::uuid and ${
    replyId === null ? sql`${alias}.reply_id is null` : sql`${alias}.reply_id = ${replyId}::uuid`
  }`;

type PostRow = {
  discussion_id: string;
  author_id: string | null;
  hidden: boolean;
  held: boolean;
  deleted: boolean;
};

/**
 * The post when its reactions show (the rule for a visitor: not hidden, held or deleted, in an
 * open discussion), else null: the routes answer 404, as reads of posts not shown do.
 */
export async function findReactablePost(
  db: Db,
  kind: "discussion" | "reply",
  id: string,
): Promise<ReactablePost | null> {
  const [row] = await queryRows<PostRow>(
    db,
    kind === "discussion"
      ? sql`select d.id as discussion_id, d.author_id, d.hidden_at is not null as hidden,
              d.status = 'held' as held, d.status <> 'active' and d.status <> 'held' as deleted
            from discussions d where d.id = ${id}::uuid`
      : sql`select r.discussion_id, r.author_id, r.hidden_at is not null as hidden,
              r.held_at is not null or d.status = 'held' as held,
              r.deleted_at is not null or (d.status <> 'active' and d.status <> 'held') as deleted
            from discussion_replies r join discussions d on d.id = r.discussion_id
            where r.id = ${id}::uuid`,
  );
  if (!row) return null;
  const post = {
    authorId: row.author_id,
    hidden: row.hidden,
    held: row.held,
    deleted: row.deleted,
  };
  if (!reactionsShown(post)) return null;
  return {
    discussionId: row.discussion_id,
    replyId: kind === "reply" ? id : null,
    authorId: row.author_id,
  };
}

/**
 * Adds the member's reaction and, in the same statement, its notification event (decision 092):
 * its id, or null when it was there already (a repeat, or a race lost to a parallel request:
 * the unique constraint decides, never a read before the write), and then no event either.
 */
export async function addReaction(
  db: Db,
  userId: string,
  post: PostTarget,
  kind: ReactionKind,
): Promise<string | null> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with added as (
          insert into reactions (user_id, discussion_id, reply_id, kind)
          values (${userId}, ${post.discussionId}::uuid, ${post.replyId}::uuid, ${kind})
          on conflict on constraint reactions_member_post_kind_unique do nothing
          returning id
        ), told as (${outboxInsert(sql`added`, reactedEvent(sql`added.id`))})
        select id::text from added`,
  );
  return rows[0]?.id ?? null;
}

/** Removes the member's reaction; false when there was none. */
export async function removeReaction(
  db: Db,
  userId: string,
  post: PostTarget,
  kind: ReactionKind,
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`delete from reactions r
        where r.user_id = ${userId} and ${postCondition(post)} and r.kind = ${kind}
        returning r.id`,
  );
  return rows.length > 0;
}

/**
 * The post's counts now, for the kinds turned on, and the kinds the member gave it (in the set's
 * order, turned off or not: they may take one back): what a toggle answers, in one statement.
 */
export async function reactionState(
  db: Db,
  userId: string,
  post: PostTarget,
  on: readonly ReactionKind[],
): Promise<ReactionState> {
  const rows = await queryRows<CountRow & { mine: boolean }>(
    db,
    sql`select r.reply_id, r.kind, r.count, false as mine
        from reaction_counts r where ${postCondition(post)}
        union all
        select r.reply_id, r.kind, 1, true
        from reactions r where r.user_id = ${userId} and ${postCondition(post)}`,
  );
  const given = new Set(rows.filter((row) => row.mine).map((row) => row.kind));
  return {
    counts: postCountsOf(
      rows.filter((row) => !row.mine),
      on,
      post.replyId,
    ),
    mine: REACTION_KINDS.filter((kind) => given.has(kind)),
  };
}

/** The member's reactions in a discussion's posts, for the page's pressed buttons. */
export async function reactionsInDiscussion(
  db: Db,
  userId: string,
  discussionId: string,
  on: readonly ReactionKind[],
): Promise<MyReactions> {
  const rows = await queryRows<{ reply_id: string | null; kind: string }>(
    db,
    sql`select reply_id, kind from reactions
        where user_id = ${userId} and discussion_id = ${discussionId}::uuid
        order by id`,
  );
  return {
    reactions: rows.flatMap((row) =>
      isReactionKind(row.kind) && on.includes(row.kind)
        ? [{ replyId: row.reply_id, kind: row.kind }]
        : [],
    ),
    kinds: [...on],
  };
}

/**
 * Who reacted, per kind with reactions: public members by name, oldest first, up to
 * WHO_REACTED_NAMED each; the members `leftOut` names (those the viewer blocked) never. Everyone
 * else (private members, the rest) is counted in `others`, so `count` stays everyone's.
 */
export async function whoReacted(
  db: Db,
  post: PostTarget,
  counts: ReactionCounts,
  leftOut: ReadonlySet<string>,
): Promise<WhoReacted> {
  const kinds = (Object.keys(counts) as ReactionKind[]).filter((kind) => (counts[kind] ?? 0) > 0);
  if (kinds.length === 0) return { kinds: [] };
  const rows = await queryRows<{ kind: string; id: string; name: string }>(
    db,
    sql`select k.kind, named.id, named.name
        from unnest(${sql.param(kinds)}::text[]) with ordinality as k(kind, n)
        cross join lateral (
          select r.user_id as id, ${displayName(sql`p.full_name`, sql`p.email`)} as name
          from reactions r join profiles p on p.id = r.user_id
          where ${postCondition(post)} and r.kind = k.kind and p.is_public
            and r.user_id <> all(${sql.param([...leftOut])}::text[])
          order by r.created_at, r.id
          limit ${WHO_REACTED_NAMED}
        ) named
        order by k.n`,
  );
  return {
    kinds: kinds.map((kind) => {
      const members = rows
        .filter((row) => row.kind === kind)
        .map((row) => ({ id: row.id, displayName: row.name }));
      const count = counts[kind] ?? 0;
      return { kind, count, members, others: Math.max(0, count - members.length) };
    }),
  };
}
