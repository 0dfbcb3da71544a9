// The forum's categories (issue 41, docs/decisions/066), read by the forum, the home page's
// cards and the CMS: one query, one key root (lib/query-keys.ts).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { categoriesQueryKey } from "@/client/lib/query-keys";
import type { CategoriesResponse } from "@/shared/api-types";

export function getCategories(signal?: AbortSignal): Promise<CategoriesResponse> {
  return api.get<CategoriesResponse>("/api/categories", { signal });
}

export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: [...categoriesQueryKey, "list"],
    queryFn: ({ signal }) => getCategories(signal),
  });
}

/** Every category in its order, with its count of discussions. */
export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
