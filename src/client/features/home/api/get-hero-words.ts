import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { heroWordsQueryKey } from "@/client/lib/query-keys";
import type { HeroWordsResponse } from "@/shared/api-types";

export function getHeroWords(signal?: AbortSignal): Promise<HeroWordsResponse> {
  return api.get<HeroWordsResponse>("/api/hero-words", { signal });
}

export function heroWordsQueryOptions() {
  return queryOptions({
    queryKey: heroWordsQueryKey,
    queryFn: ({ signal }) => getHeroWords(signal),
    staleTime: 5 * 60_000,
  });
}

export function useHeroWords() {
  return useQuery(heroWordsQueryOptions());
}
