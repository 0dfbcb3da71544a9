import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SiteInfo } from "../../../../shared/api-types";
import { api } from "../../../lib/api-client";

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
