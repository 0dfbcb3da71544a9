import { useCallback, useMemo } from "react";
import type { DiscussionFilters } from "@/client/features/discussions/api/get-discussions";
import { useSearchParams } from "@/client/lib/location";
import {
  DATE_RANGES,
  type DateRange,
  DISCUSSION_SORTS,
  type DiscussionSort,
} from "@/shared/constants";
import { TOP_PERIODS, type TopPeriod } from "@/shared/reactions";

export const DEFAULT_DISCUSSION_FILTERS: DiscussionFilters = {
  search: "",
  category: "",
  tag: "",
  author: "",
  dateRange: "all",
  pinned: false,
  locked: false,
  unread: false,
  new: false,
  sort: "newest",
  period: "week",
};

/**
 * Address parameter of each filter and of the sort:
 * /discussion?q=…&category=…&tag=…&author=…&range=7d&pinned=1&locked=1&unread=1&new=1&sort=activity
 * (&sort=top&period=month: the Top sort's period, docs/decisions/075)
 */
const PARAMS: Record<keyof DiscussionFilters, string> = {
  search: "q",
  category: "category",
  tag: "tag",
  author: "author",
  dateRange: "range",
  pinned: "pinned",
  locked: "locked",
  unread: "unread",
  new: "new",
  sort: "sort",
  period: "period",
};

const isDateRange = (value: string | null): value is DateRange =>
  (DATE_RANGES as readonly (string | null)[]).includes(value);

const isPeriod = (value: string | null): value is TopPeriod =>
  (TOP_PERIODS as readonly (string | null)[]).includes(value);

const isSort = (value: string | null): value is DiscussionSort =>
  (DISCUSSION_SORTS as readonly (string | null)[]).includes(value);

/**
 * docs/product.md §5.9: the active-filter count leaves out the date range and status when
 * 'all'; a category counts on /discussion (issue 41), not on its own page, where it is fixed.
 */
export function activeFilterCount(filters: DiscussionFilters, fixedCategory = false): number {
  return [
    filters.category !== "" && !fixedCategory,
    filters.tag !== "",
    filters.author !== "",
    filters.dateRange !== "all",
    filters.pinned,
    filters.locked,
    filters.unread,
    filters.new,
  ].filter(Boolean).length;
}

/**
 * Whether "Clear filters" has anything to clear: the filters of the count, and the sort, which
 * the count leaves out (an order hides no discussion) but "Clear filters" resets too.
 */
export function hasFiltersToClear(filters: DiscussionFilters, fixedCategory = false): boolean {
  return (
    activeFilterCount(filters, fixedCategory) > 0 ||
    filters.sort !== DEFAULT_DISCUSSION_FILTERS.sort
  );
}

/**
 * The filters an address asks for (the server's render reads them the same way); a category's
 * page fixes its category whatever the query string says.
 */
export function discussionFiltersFrom(
  params: URLSearchParams,
  fixedCategory?: string,
): DiscussionFilters {
  const range = params.get(PARAMS.dateRange);
  const pinned = params.get(PARAMS.pinned);
  const locked = params.get(PARAMS.locked);
  const unread = params.get(PARAMS.unread);
  const fresh = params.get(PARAMS.new);
  const sort = params.get(PARAMS.sort);
  const period = params.get(PARAMS.period);
  return {
    search: (params.get(PARAMS.search) ?? "").trim(),
    category: fixedCategory ?? (params.get(PARAMS.category) ?? "").trim(),
    tag: (params.get(PARAMS.tag) ?? "").trim(),
    author: (params.get(PARAMS.author) ?? "").trim(),
    dateRange: isDateRange(range) ? range : "all",
    pinned: pinned === "1" || pinned === "true",
    locked: locked === "1" || locked === "true",
    unread: unread === "1" || unread === "true",
    new: fresh === "1" || fresh === "true",
    sort: isSort(sort) ? sort : DEFAULT_DISCUSSION_FILTERS.sort,
    period: isPeriod(period) ? period : DEFAULT_DISCUSSION_FILTERS.period,
  };
}

/**
 * Search, filters and the sort live in the address, so profiles can link to
 * /discussion?author={name}, a filtered list can be shared and the back button returns to it.
 * Defaults are left out.
 */
export function useDiscussionFilters(fixedCategory?: string) {
  const [params, setParams] = useSearchParams();
  // The search parameters change with the address only.
  const filters = useMemo(
    () => discussionFiltersFrom(params, fixedCategory),
    [params, fixedCategory],
  );

  const setFilters = useCallback(
    (change: Partial<DiscussionFilters>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(change)) {
            const name = PARAMS[key as keyof DiscussionFilters];
            // A category's page has its category in its path, not in the query string.
            if (key === "category" && fixedCategory !== undefined) continue;
            if (value === DEFAULT_DISCUSSION_FILTERS[key as keyof DiscussionFilters]) {
              next.delete(name);
            } else {
              next.set(name, value === true ? "1" : String(value));
            }
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams, fixedCategory],
  );

  const clearFilters = useCallback(
    () =>
      setFilters({
        category: DEFAULT_DISCUSSION_FILTERS.category,
        tag: DEFAULT_DISCUSSION_FILTERS.tag,
        author: DEFAULT_DISCUSSION_FILTERS.author,
        dateRange: DEFAULT_DISCUSSION_FILTERS.dateRange,
        pinned: false,
        locked: false,
        unread: false,
        new: false,
        sort: DEFAULT_DISCUSSION_FILTERS.sort,
        period: DEFAULT_DISCUSSION_FILTERS.period,
      }),
    [setFilters],
  );

  const clearAll = useCallback(() => setFilters(DEFAULT_DISCUSSION_FILTERS), [setFilters]);

  return { filters, setFilters, clearFilters, clearAll };
}
