import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { MyReactions } from "@/shared/reactions";
import { reactionsQueryKey } from "./reaction-counts";

export const myReactionsQueryKey = (discussionId: string) =>
  [...reactionsQueryKey, "mine", discussionId] as const;

export function getMyReactions(discussionId: string, signal?: AbortSignal): Promise<MyReactions> {
  return api.get<MyReactions>(
    `/api/reactions/discussions/${encodeURIComponent(discussionId)}/mine`,
    { signal },
  );
}

/**
 * The member's reactions in one discussion (its opening post and its replies): one request for
 * the page, which each post's buttons read their pressed state from. Visitors ask nothing.
 */
export function useMyReactions(discussionId: string, signedIn: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: myReactionsQueryKey(discussionId),
      queryFn: ({ signal }) => getMyReactions(discussionId, signal),
    }),
    enabled: signedIn,
  });
}
