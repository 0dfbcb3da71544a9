// A post's reaction counts as the page shows them (docs/decisions/075): one cache entry per
// post, seeded from the discussion or thread payload, then written by toggles and live events,
// so neither refetches the thread nor moves the reader's place.
import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { ReactionCounts } from "@/shared/reactions";

export const reactionsQueryKey = ["reactions"] as const;

export const reactionCountsQueryKey = (discussionId: string, replyId: string | null) =>
  [...reactionsQueryKey, "counts", discussionId, replyId ?? "opening"] as const;

export function setReactionCounts(
  queryClient: QueryClient,
  discussionId: string,
  replyId: string | null,
  counts: ReactionCounts,
): void {
  queryClient.setQueryData(reactionCountsQueryKey(discussionId, replyId), counts);
}

/** The post's counts now: the payload's until a toggle or a live event says otherwise. */
export function useReactionCounts(
  discussionId: string,
  replyId: string | null,
  fromPayload: ReactionCounts,
): ReactionCounts {
  const queryClient = useQueryClient();
  const key = reactionCountsQueryKey(discussionId, replyId);
  const seen = JSON.stringify(fromPayload);
  const last = useRef(seen);
  // A payload refetched since (after a reconnect) is newer than what the cache holds; on mount
  // the cache's own (a live event's) is kept.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `seen` stands for the payload's counts.
  useEffect(() => {
    if (last.current === seen) return;
    last.current = seen;
    queryClient.setQueryData(key, fromPayload);
  }, [seen]);
  return (
    useQuery({
      queryKey: key,
      queryFn: () => fromPayload,
      initialData: fromPayload,
      staleTime: Number.POSITIVE_INFINITY,
    }).data ?? fromPayload
  );
}
