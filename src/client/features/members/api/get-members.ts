import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { membersQueryKey } from "@/client/lib/query-keys";
import type { MembersPage } from "@/shared/api-types";
import type { MemberSort } from "@/shared/constants";
import type { Role } from "@/shared/permissions";

export type MemberFilters = {
  search: string;
  role: Role | "all";
  sort: MemberSort;
};

/** The API address of one page of the directory (the server's render answers the same query). */
export function membersApiPath(filters: MemberFilters, cursor: string | null): string {
  const query = new URLSearchParams({ sort: filters.sort, role: filters.role });
  if (filters.search) query.set("search", filters.search);
  if (cursor) query.set("cursor", cursor);
  return `/api/members?${query}`;
}

export function getMembers(
  filters: MemberFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<MembersPage> {
  return api.get<MembersPage>(membersApiPath(filters, cursor), { signal });
}

export function membersQueryOptions(filters: MemberFilters) {
  return infiniteQueryOptions({
    queryKey: [...membersQueryKey, "list", filters],
    queryFn: ({ pageParam, signal }) => getMembers(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // Keep showing the last results while a new search loads, rather than flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

/** The directory a page at a time, for the given search, role and sort. */
export function useMembers(filters: MemberFilters) {
  return useInfiniteQuery(membersQueryOptions(filters));
}
