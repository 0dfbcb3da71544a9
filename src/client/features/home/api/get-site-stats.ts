import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { SiteStats } from "@/shared/api-types";

export function getSiteStats(signal?: AbortSignal): Promise<SiteStats> {
  return api.get<SiteStats>("/api/site/stats", { signal });
}

export function siteStatsQueryOptions() {
  return queryOptions({
    queryKey: ["site", "stats"],
    queryFn: ({ signal }) => getSiteStats(signal),
  });
}

export function useSiteStats() {
  return useQuery(siteStatsQueryOptions());
}
