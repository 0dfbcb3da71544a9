import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { FollowAnswer, FollowState } from "@/shared/notifications";

const followQueryKey = (discussionId: string) => ["follow", discussionId] as const;
const followUrl = (discussionId: string) =>
  `/api/discussions/${encodeURIComponent(discussionId)}/follow`;

export function getFollowState(discussionId: string, signal?: AbortSignal): Promise<FollowAnswer> {
  return api.get<FollowAnswer>(followUrl(discussionId), { signal });
}

export function followStateQueryOptions(discussionId: string) {
  return queryOptions({
    queryKey: followQueryKey(discussionId),
    queryFn: ({ signal }) => getFollowState(discussionId, signal),
  });
}

export function useFollowState(discussionId: string, enabled = true) {
  return useQuery({ ...followStateQueryOptions(discussionId), enabled });
}

export function setFollowState(discussionId: string, state: FollowState): Promise<FollowAnswer> {
  return api.put<FollowAnswer>(followUrl(discussionId), { body: { state } });
}

export function useSetFollowState(discussionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (state: FollowState) => setFollowState(discussionId, state),
    onSuccess: (answer) => queryClient.setQueryData(followQueryKey(discussionId), answer),
  });
}
