import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { heroWordsQueryKey } from "@/client/lib/query-keys";
import type { CmsHeroWordsResponse } from "@/shared/api-types";

/** Starts with the home hero's key ("hero-words"): one invalidation refreshes both. */
export const cmsHeroWordsQueryKey = [...heroWordsQueryKey, "cms"] as const;

export function getCmsHeroWords(signal?: AbortSignal): Promise<CmsHeroWordsResponse> {
  return api.get<CmsHeroWordsResponse>("/api/cms/hero-words", { signal });
}

export function cmsHeroWordsQueryOptions() {
  return queryOptions({
    queryKey: cmsHeroWordsQueryKey,
    queryFn: ({ signal }) => getCmsHeroWords(signal),
  });
}

/** Every hero word, active or not, in display order. */
export function useCmsHeroWords() {
  return useQuery(cmsHeroWordsQueryOptions());
}
