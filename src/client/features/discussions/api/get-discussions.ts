import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import type { DiscussionPage } from "../../../../shared/api-types";
import type { DateRange } from "../../../../shared/constants";
import { api } from "../../../lib/api-client";
import { discussionsQueryKey } from "../../../lib/query-keys";

/** Search plus the SPEC §3 filters (status is always 'active'). */
export type DiscussionFilters = {
  search: string;
  author: string;
  dateRange: DateRange;
  pinned: boolean;
  locked: boolean;
};

export function getDiscussions(
  filters: DiscussionFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<DiscussionPage> {
  const query = new URLSearchParams();
  if (filters.search) query.set("q", filters.search);
  if (filters.author) query.set("author", filters.author);
  if (filters.dateRange !== "all") query.set("range", filters.dateRange);
  if (filters.pinned) query.set("pinned", "true");
  if (filters.locked) query.set("locked", "true");
  if (cursor) query.set("cursor", cursor);
  const search = query.size ? `?${query}` : "";
  return api.get<DiscussionPage>(`/api/discussions${search}`, { signal });
}

export function discussionsQueryOptions(filters: DiscussionFilters) {
  return infiniteQueryOptions({
    queryKey: [...discussionsQueryKey, "list", filters],
    queryFn: ({ pageParam, signal }) => getDiscussions(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // Keep the last results on screen while a new search loads, rather than flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

/** The forum list a page at a time: pinned first, then newest. */
export function useDiscussions(filters: DiscussionFilters) {
  return useInfiniteQuery(discussionsQueryOptions(filters));
}
