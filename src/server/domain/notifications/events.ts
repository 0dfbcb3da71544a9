// What happened that someone may hear about (docs/decisions/023). The features where things
// happen (replies, discussions, users) queue an event; the notifications feature's worker
// decides who hears of it (features/notifications/fan-out.ts), so a reply's request never
// waits for its followers. Events carry ids only.
import type { Db } from "@/server/db/client";
import type { JobQueue } from "@/server/lib/jobs";

export const NOTIFICATION_EVENTS_QUEUE = "notification-events";

export type NotificationEvent =
  | {
      type: "reply-created";
      replyId: string;
      /**
       * A part of a large fan-out: the recipients whose ids sort after `after` (when set) and
       * up to `upTo`. The worker splits a reply's recipients into such parts.
       */
      after?: string | null;
      upTo?: string;
    }
  | {
      /**
       * A discussion members can now read (posted, or its hold released): the followers of its
       * category hear of it (issue 41). Split into parts as a reply's recipients are.
       */
      type: "discussion-created";
      discussionId: string;
      after?: string | null;
      upTo?: string;
    }
  | {
      type: "discussion-moderated";
      discussionId: string;
      action: "pinned" | "locked" | "unlocked";
      actorId: string;
    }
  | { type: "role-changed"; userId: string; role: string; actorId: string | null }
  /** A bookmark's reminder time came (issue 42): its member hears of it, by the bookmark's id. */
  | { type: "bookmark-reminder"; bookmarkId: string }
  /** A member reacted to a post (issue 45): its author hears of it, by the reaction's id. */
  | { type: "reacted"; reactionId: string }
  /**
   * A moderator's action (docs/decisions/027): the reporters of the item hear the outcome,
   * the member acted on hears what and why (and may appeal).
   */
  | { type: "moderation-outcome"; actionId: string }
  /**
   * The Terms of Service changed in a way members must accept (docs/decisions/082): every
   * member who has not accepted that version hears of it.
   */
  | { type: "terms-changed"; version: number };

/**
 * Queues `event`; inside `tx` the event exists exactly when the transaction commits (a reply
 * and its fan-out are one commit).
 */
export async function queueNotificationEvent(
  jobs: Pick<JobQueue, "send">,
  event: NotificationEvent,
  options: { tx?: Db } = {},
): Promise<void> {
  await jobs.send(NOTIFICATION_EVENTS_QUEUE, event, { tx: options.tx });
}
