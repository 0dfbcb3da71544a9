import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { DiscussionBookmarks } from "@/shared/bookmarks";
import { bookmarksQueryKey } from "./get-bookmarks";

export const discussionBookmarksQueryKey = (discussionId: string) =>
  [...bookmarksQueryKey, "discussion", discussionId] as const;

export function getDiscussionBookmarks(
  discussionId: string,
  signal?: AbortSignal,
): Promise<DiscussionBookmarks> {
  return api.get<DiscussionBookmarks>(
    `/api/discussions/${encodeURIComponent(discussionId)}/bookmarks`,
    { signal },
  );
}

export function discussionBookmarksQueryOptions(discussionId: string) {
  return queryOptions({
    queryKey: discussionBookmarksQueryKey(discussionId),
    queryFn: ({ signal }) => getDiscussionBookmarks(discussionId, signal),
  });
}

/**
 * The member's bookmarks in one discussion (its own and its replies'): one request for the
 * page, which each Bookmark control reads its post's mark from.
 */
export function useDiscussionBookmarks(discussionId: string) {
  return useQuery(discussionBookmarksQueryOptions(discussionId));
}
