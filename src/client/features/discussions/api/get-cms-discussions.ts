import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { discussionsQueryKey } from "@/client/lib/query-keys";
import type { DiscussionPage } from "@/shared/api-types";

/**
 * Starts with the forum's key ("discussions"): a write here refreshes the forum's cached lists
 * in this tab too (other tabs and browsers hear of it through the live stream).
 */
export const cmsDiscussionsQueryKey = [...discussionsQueryKey, "cms"] as const;

export function getCmsDiscussions(
  search: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<DiscussionPage> {
  const query = new URLSearchParams({ limit: "20" });
  if (search) query.set("q", search);
  if (cursor) query.set("cursor", cursor);
  return api.get<DiscussionPage>(`/api/cms/discussions?${query}`, { signal });
}

export function cmsDiscussionsQueryOptions(search: string) {
  return infiniteQueryOptions({
    queryKey: [...cmsDiscussionsQueryKey, "list", search],
    queryFn: ({ pageParam, signal }) => getCmsDiscussions(search, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: keepPreviousData,
  });
}

/** Active discussions, pinned first then newest, searched by title, content or author. */
export function useCmsDiscussions(search: string) {
  return useInfiniteQuery(cmsDiscussionsQueryOptions(search));
}
