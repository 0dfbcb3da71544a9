import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { SiteInfo } from "@/shared/api-types";

export function getSiteInfo(signal?: AbortSignal): Promise<SiteInfo> {
  return api.get<SiteInfo>("/api/site", { signal });
}

export function siteInfoQueryOptions() {
  return queryOptions({
    queryKey: ["site"],
    queryFn: ({ signal }) => getSiteInfo(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSiteInfo() {
  return useQuery(siteInfoQueryOptions());
}
