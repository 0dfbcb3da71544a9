// The page's live stream of discussion changes (GET /api/discussions/events, decision 006),
// shared by every feature that listens (live-event-stream.ts): the forum's lists and the
// discussion page refetch, a reply thread fetches the reply an event names (decision 020).
import type { DiscussionChange } from "@/shared/api-types";
import {
  createLiveEventStream,
  type LiveChannel,
  type LiveEventListener,
  type LiveEventStream,
  type StreamHost,
  subscribeToLiveEvents,
} from "./live-event-stream";

/** GET /api/discussions/events: Server-Sent Events, one per change to any discussion. */
export const DISCUSSION_EVENTS_URL = "/api/discussions/events";

export type DiscussionEventListener = LiveEventListener<DiscussionChange>;

/** A change as the server sends it (src/shared/api-types.ts DiscussionChange); else null. */
export function parseDiscussionChange(data: unknown): DiscussionChange | null {
  if (typeof data !== "string") return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { type, id, reply, reaction } = value as Record<string, unknown>;
  if (type === "reacted") return typeof id === "string" ? reactedChange(id, reaction) : null;
  if (type !== "created" && type !== "updated" && type !== "deleted") return null;
  if (typeof id !== "string") return null;
  if (reply === undefined) return { type, id };
  if (typeof reply !== "object" || reply === null) return null;
  const { type: replyType, id: replyId } = reply as Record<string, unknown>;
  if (replyType !== "created" && replyType !== "edited" && replyType !== "deleted") return null;
  if (typeof replyId !== "string") return null;
  return { type, id, reply: { type: replyType, id: replyId } };
}

/**
 * A reaction's change (decision 075): the post and its counts, whose numbers the reactions
 * feature checks where it uses them (features/reactions/hooks/use-live-reactions.ts), so that
 * every page's download does not carry that check.
 */
function reactedChange(id: string, reaction: unknown): DiscussionChange | null {
  const { replyId, counts } = (reaction ?? {}) as Record<string, unknown>;
  return (replyId === null || typeof replyId === "string") && counts && typeof counts === "object"
    ? { type: "reacted", id, reaction: { replyId, counts } }
    : null;
}

const DISCUSSION_CHANNEL: LiveChannel<DiscussionChange> = {
  url: DISCUSSION_EVENTS_URL,
  event: "discussion",
  parse: parseDiscussionChange,
};

export function createDiscussionEventStream(host: StreamHost): LiveEventStream<DiscussionChange> {
  return createLiveEventStream(host, DISCUSSION_CHANNEL);
}

/**
 * Listens to the page's one stream of discussion changes; returns the unsubscribe. Does
 * nothing where the browser has no EventSource.
 */
export function subscribeToDiscussionEvents(listener: DiscussionEventListener): () => void {
  return subscribeToLiveEvents(DISCUSSION_CHANNEL, listener);
}
