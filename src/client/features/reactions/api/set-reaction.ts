import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { MyReactions, ReactionCounts, ReactionKind, ReactionState } from "@/shared/reactions";
import { myReactionsQueryKey } from "./get-my-reactions";
import { reactionCountsQueryKey, setReactionCounts } from "./reaction-counts";

export type ReactionChange = {
  discussionId: string;
  replyId: string | null;
  kind: ReactionKind;
  /** The state wanted: PUT adds, DELETE takes back; both idempotent (decision 075). */
  on: boolean;
};

export function setReaction({ discussionId, replyId, kind, on }: ReactionChange) {
  const post = replyId
    ? `replies/${encodeURIComponent(replyId)}`
    : `discussions/${encodeURIComponent(discussionId)}`;
  const path = `/api/reactions/${post}/${kind}`;
  return on ? api.put<ReactionState>(path) : api.delete<ReactionState>(path);
}

const withMine = (mine: MyReactions | undefined, change: ReactionChange) => {
  if (!mine) return mine;
  const others = mine.reactions.filter(
    (reaction) => !(reaction.replyId === change.replyId && reaction.kind === change.kind),
  );
  return {
    ...mine,
    reactions: change.on ? [...others, { replyId: change.replyId, kind: change.kind }] : others,
  };
};

/**
 * Adds or takes back a reaction at once on the page (optimistic), then sets the server's counts;
 * a refusal puts the counts and the pressed state back as they were.
 */
export function useSetReaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setReaction,
    onMutate: async (change) => {
      const countsKey = reactionCountsQueryKey(change.discussionId, change.replyId);
      const mineKey = myReactionsQueryKey(change.discussionId);
      await queryClient.cancelQueries({ queryKey: mineKey });
      const counts = queryClient.getQueryData<ReactionCounts>(countsKey) ?? {};
      const mine = queryClient.getQueryData<MyReactions>(mineKey);
      const next = Math.max(0, (counts[change.kind] ?? 0) + (change.on ? 1 : -1));
      queryClient.setQueryData(countsKey, { ...counts, [change.kind]: next });
      queryClient.setQueryData(mineKey, withMine(mine, change));
      return { counts, mine };
    },
    onError: (_error, change, before) => {
      if (!before) return;
      setReactionCounts(queryClient, change.discussionId, change.replyId, before.counts);
      queryClient.setQueryData(myReactionsQueryKey(change.discussionId), before.mine);
    },
    onSuccess: (state, change) => {
      setReactionCounts(queryClient, change.discussionId, change.replyId, state.counts);
    },
  });
}
