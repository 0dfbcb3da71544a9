import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { SearchResponse } from "@/shared/search";

/** What the address asks to search: /search?q=…&page=… (hooks/use-search-input.ts reads it). */
export type SearchInput = { q: string; page: number };

const searchQueryKey = ["search"] as const;

/** The API address of one page of results (the server's render answers the same query). */
export function searchApiPath({ q, page }: SearchInput): string {
  const query = new URLSearchParams({ q });
  if (page > 1) query.set("page", String(page));
  return `/api/search?${query}`;
}

export function getSearch(input: SearchInput, signal?: AbortSignal): Promise<SearchResponse> {
  return api.get<SearchResponse>(searchApiPath(input), { signal });
}

export function searchQueryOptions(input: SearchInput) {
  return queryOptions({
    queryKey: [...searchQueryKey, input.q, input.page],
    queryFn: ({ signal }) => getSearch(input, signal),
  });
}

/**
 * One page of results; nothing is asked while the query is empty. A query the server refuses
 * (too long, no word, a bad date) fails with its ApiError 400 and the message to show.
 */
export function useSearch(input: SearchInput) {
  return useQuery({ ...searchQueryOptions(input), enabled: input.q !== "" });
}
