import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { discussionQueryKey } from "@/client/lib/discussion-query-key";
import type { DiscussionItem } from "@/shared/api-types";

export function getDiscussion(id: string, signal?: AbortSignal): Promise<DiscussionItem> {
  return api.get<DiscussionItem>(`/api/discussions/${encodeURIComponent(id)}`, { signal });
}

export function discussionQueryOptions(id: string) {
  return queryOptions({
    queryKey: discussionQueryKey(id),
    queryFn: ({ signal }) => getDiscussion(id, signal),
  });
}

/**
 * One active discussion; a missing one fails with ApiError 404. Not `enabled`, it is not read
 * again (a page leaving a discussion it deleted).
 */
export function useDiscussion(id: string, enabled = true) {
  return useQuery({ ...discussionQueryOptions(id), enabled });
}
