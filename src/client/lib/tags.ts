// The forum's tags (issue 41, docs/decisions/067): the ones a reader may see, most used first,
// or those starting with what is typed. One key root (lib/query-keys.ts).
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { tagsQueryKey } from "@/client/lib/query-keys";
import type { TagsResponse } from "@/shared/api-types";

export function tagsQueryOptions(prefix = "") {
  return queryOptions({
    queryKey: [...tagsQueryKey, "list", prefix],
    queryFn: ({ signal }) =>
      api.get<TagsResponse>(
        prefix ? `/api/tags?q=${encodeURIComponent(prefix)}&limit=10` : "/api/tags?limit=50",
        { signal },
      ),
    staleTime: 60_000,
  });
}

/** Tags starting with `prefix` (ten), or the fifty most used without one. */
export function useTags(prefix = "", enabled = true) {
  return useQuery({ ...tagsQueryOptions(prefix), enabled, placeholderData: keepPreviousData });
}
