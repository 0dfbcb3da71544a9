// Every write to discussions (forum, CMS) and to their replies calls publishDiscussionChange so
// that open lists refetch (docs/product.md §4.6) and open threads follow their replies.

import type { Db } from "@/server/db/client";
import type { DiscussionChange, ReplyChangeType } from "@/shared/api-types";
import { isReactionKind, type ReactionCounts } from "@/shared/reactions";
import { notify } from "./live-bus";
import type { Logger } from "./logger";

export const DISCUSSIONS_CHANNEL = "discussions_changed";

/**
 * Announces a change to every app instance. The write has already happened, so a failed
 * NOTIFY is logged rather than turned into an error for the person who made the change.
 */
export async function publishDiscussionChange(
  db: Pick<Db, "execute">,
  change: DiscussionChange,
  logger?: Logger,
): Promise<void> {
  try {
    await notify(db, DISCUSSIONS_CHANNEL, JSON.stringify(change));
  } catch (error) {
    logger?.error({ err: error, change }, "could not publish a discussion change");
  }
}

// Every kind of live event, as records so that a kind added to the types must be added here
// (test/visibility/visibility-matrix.ts lists what each one carries: ids, never words).
export const DISCUSSION_CHANGE_KINDS: Record<DiscussionChange["type"], true> = {
  created: true,
  updated: true,
  deleted: true,
  reacted: true,
};
export const REPLY_CHANGE_KINDS: Record<ReplyChangeType, true> = {
  created: true,
  edited: true,
  deleted: true,
};
const REPLY_CHANGES: readonly unknown[] = Object.keys(REPLY_CHANGE_KINDS);

/** A reaction change's counts, kinds and whole numbers only; null for anything else. */
function reactionCounts(value: unknown): ReactionCounts | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const counts: ReactionCounts = {};
  for (const [kind, count] of Object.entries(value)) {
    if (!isReactionKind(kind) || !Number.isInteger(count) || (count as number) < 0) return null;
    counts[kind] = count as number;
  }
  return counts;
}

/**
 * The change a NOTIFY payload announces, or null for anything else. A reply's change keeps its
 * `reply`, a reaction's its `reaction` (docs/decisions/075); other changes are exactly
 * `{ type, id }`, as before replies existed.
 */
export function parseDiscussionChange(payload: string): DiscussionChange | null {
  try {
    const { type, id, reply, reaction } = JSON.parse(payload) as Partial<DiscussionChange>;
    if (typeof type !== "string" || !Object.hasOwn(DISCUSSION_CHANGE_KINDS, type)) return null;
    if (typeof id !== "string") return null;
    if (type === "reacted") {
      const counts = reactionCounts(reaction?.counts);
      const replyId = reaction?.replyId;
      return counts && (replyId === null || typeof replyId === "string")
        ? { type, id, reaction: { replyId, counts } }
        : null;
    }
    if (reply === undefined) return { type, id };
    return REPLY_CHANGES.includes(reply?.type) && typeof reply?.id === "string"
      ? { type, id, reply: { type: reply.type, id: reply.id } }
      : null;
  } catch {
    return null;
  }
}
