import { useQueryClient } from "@tanstack/react-query";
import { setReactionCounts } from "@/client/features/reactions/api/reaction-counts";
import { useDiscussionEvents } from "@/client/hooks/use-discussion-events";
import { isReactionKind, type ReactionCounts } from "@/shared/reactions";

/**
 * A reaction anywhere shows on this page within the live event's time: the event carries the
 * post's counts (docs/decisions/075), written straight into that post's cache entry, so nothing
 * is refetched and the reader's place stays.
 */
export function useLiveReactions(discussionId: string): void {
  const queryClient = useQueryClient();
  useDiscussionEvents({
    onChange: (change) => {
      if (change.type !== "reacted" || change.id !== discussionId || !change.reaction) return;
      const counts: ReactionCounts = {};
      for (const [kind, count] of Object.entries(change.reaction.counts)) {
        // Only the kinds there are, as whole numbers: anything else is not a count.
        if (!isReactionKind(kind) || !Number.isInteger(count) || (count as number) < 0) return;
        counts[kind] = count as number;
      }
      setReactionCounts(queryClient, discussionId, change.reaction.replyId, counts);
    },
  });
}
