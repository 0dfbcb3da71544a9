import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { discussionsQueryKey } from "@/client/lib/query-keys";
import type { DiscussionPage } from "@/shared/api-types";
import type { DateRange, DiscussionSort } from "@/shared/constants";
import type { TopPeriod } from "@/shared/reactions";

/**
 * Search plus the docs/product.md §3.6 filters (status is always 'active') and the order of
 * §4.6: `newest`, or `activity` ("Latest activity", by the last reply).
 */
export type DiscussionFilters = {
  search: string;
  /** A category's slug (issue 41); empty for every category. */
  category: string;
  /** A tag (docs/decisions/067); empty for any. */
  tag: string;
  author: string;
  dateRange: DateRange;
  pinned: boolean;
  locked: boolean;
  /** A member's: only discussions with replies they have not read, or "New" to them (071). */
  unread: boolean;
  new: boolean;
  sort: DiscussionSort;
  /** The Top sort's period (docs/decisions/075); the other sorts leave it aside. */
  period: TopPeriod;
};

/** The API address of one page of the list (the server's render answers the same query). */
export function discussionsApiPath(filters: DiscussionFilters, cursor: string | null): string {
  const query = new URLSearchParams();
  if (filters.search) query.set("q", filters.search);
  if (filters.category) query.set("category", filters.category);
  if (filters.tag) query.set("tag", filters.tag);
  if (filters.author) query.set("author", filters.author);
  if (filters.dateRange !== "all") query.set("range", filters.dateRange);
  if (filters.pinned) query.set("pinned", "true");
  if (filters.locked) query.set("locked", "true");
  if (filters.unread) query.set("unread", "true");
  if (filters.new) query.set("new", "true");
  // The default is left out: the page preloads exactly /api/discussions (page-data-preloads.ts).
  if (filters.sort !== "newest") query.set("sort", filters.sort);
  if (filters.sort === "top" && filters.period !== "week") query.set("period", filters.period);
  if (cursor) query.set("cursor", cursor);
  const search = query.size ? `?${query}` : "";
  return `/api/discussions${search}`;
}

export function getDiscussions(
  filters: DiscussionFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<DiscussionPage> {
  return api.get<DiscussionPage>(discussionsApiPath(filters, cursor), { signal });
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

/** The forum list a page at a time: pinned first, then newest or by latest activity. */
export function useDiscussions(filters: DiscussionFilters) {
  return useInfiniteQuery(discussionsQueryOptions(filters));
}
