import { useLiveReactions } from "@/client/features/reactions/hooks/use-live-reactions";

/** Keeps the page's reaction counts live (one subscription for the whole thread). */
export function LiveReactions({ discussionId }: { discussionId: string }) {
  useLiveReactions(discussionId);
  return null;
}
