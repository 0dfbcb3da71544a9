import { queryOptions, useQuery } from "@tanstack/react-query";
import type { HeroWordsResponse } from "../../../../shared/api-types";
import { api } from "../../../lib/api-client";
import { heroWordsQueryKey } from "../../../lib/query-keys";

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
