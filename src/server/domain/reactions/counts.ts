// Reaction counts as the pages show them (issue 45, docs/decisions/075): read from
// reaction_counts (kept by a trigger, migration 0046), never counted per request. Counts include
// everyone; a post a visitor would not read (hidden, deleted, held) shows none, and a kind the
// admin turned off shows nowhere.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { readSiteSettings } from "@/server/domain/site/site-settings";
import { type PostState, visibilityOf } from "@/server/domain/visibility/rule";
import type { DiscussionItem, ReplyItem, ReplyPage } from "@/shared/api-types";
import type { ReactionCounts, ReactionKind } from "@/shared/reactions";

/**
 * Whether a post's reactions show and may be added to: where the one rule shows its words to a
 * visitor. A hidden post keeps its reactions, out of sight, even for moderators and its author.
 */
export function reactionsShown(post: PostState): boolean {
  return visibilityOf(null, post) === "shown";
}

/** A row of reaction_counts: one post's count of one kind. */
export type CountRow = { reply_id: string | null; kind: string; count: number };

function countsOf(
  rows: CountRow[],
  on: readonly ReactionKind[],
): Map<string | null, ReactionCounts> {
  const posts = new Map<string | null, ReactionCounts>();
  for (const kind of on) {
    for (const row of rows) {
      if (row.kind !== kind || row.count <= 0) continue;
      const counts = posts.get(row.reply_id) ?? {};
      counts[kind] = Number(row.count);
      posts.set(row.reply_id, counts);
    }
  }
  return posts;
}

/**
 * One post's counts per kind now (the opening post when `replyId` is null), for the kinds turned
 * on: what a toggle answers and its live event carries. `kindsOn` is the site settings'
 * `reactionKinds` when the caller has read them already (the toggle checks the kind first), so
 * the hot path reads the settings once; without it they are read here.
 */
export async function postReactionCounts(
  db: Db,
  discussionId: string,
  replyId: string | null,
  kindsOn?: readonly ReactionKind[] | Promise<readonly ReactionKind[]>,
): Promise<ReactionCounts> {
  const [rows, on] = await Promise.all([
    queryRows<CountRow>(
      db,
      sql`select reply_id, kind, count from reaction_counts
          where discussion_id = ${discussionId}::uuid
            and ${replyId === null ? sql`reply_id is null` : sql`reply_id = ${replyId}::uuid`}`,
    ),
    kindsOn ?? readSiteSettings(db).then((settings) => settings.reactionKinds),
  ]);
  return postCountsOf(rows, on, replyId);
}

/** One post's counts from its reaction_counts rows, for the kinds turned on. */
export function postCountsOf(
  rows: CountRow[],
  on: readonly ReactionKind[],
  replyId: string | null,
): ReactionCounts {
  return countsOf(rows, on).get(replyId) ?? {};
}

/** `item` with `counts` when there are any: no reactions is no field (as before reactions). */
function withCounts<T extends object>(item: T, counts: ReactionCounts | undefined): T {
  return counts && Object.keys(counts).length > 0 ? { ...item, reactions: counts } : item;
}

/**
 * A discussion as GET /api/discussions/{id} answers it, with its opening post's counts. `kindsOn`
 * as for postReactionCounts: the kinds turned on, when the request has read the settings.
 */
export async function withDiscussionReactions(
  db: Db,
  item: DiscussionItem,
  kindsOn?: Promise<readonly ReactionKind[]>,
): Promise<DiscussionItem> {
  const post = { authorId: item.authorId, hidden: item.hidden, held: !!item.awaitingReview };
  if (!reactionsShown({ ...post, deleted: false })) return item;
  return withCounts(item, await postReactionCounts(db, item.id, null, kindsOn));
}

const replyState = (item: ReplyItem): PostState => ({
  authorId: item.author?.id ?? null,
  hidden: item.hidden,
  held: !!item.awaitingReview,
  deleted: item.deleted,
});

/** A page of a thread with each reply's counts: one indexed read for the page. */
export async function withReplyReactions(
  db: Db,
  page: ReplyPage,
  kindsOn?: Promise<readonly ReactionKind[]>,
): Promise<ReplyPage> {
  const shown = page.items.filter((item) => reactionsShown(replyState(item)));
  const first = page.items[0];
  if (!first || shown.length === 0) return page;
  const ids = shown.map((item) => item.id);
  const [rows, on] = await Promise.all([
    queryRows<CountRow>(
      db,
      sql`select reply_id, kind, count from reaction_counts
          where discussion_id = ${first.discussionId}::uuid
            and reply_id = any(${sql.param(ids)}::uuid[]) and count > 0`,
    ),
    kindsOn ?? readSiteSettings(db).then((settings) => settings.reactionKinds),
  ]);
  const counts = countsOf(rows, on);
  return {
    ...page,
    items: page.items.map((item) =>
      reactionsShown(replyState(item)) ? withCounts(item, counts.get(item.id)) : item,
    ),
  };
}
