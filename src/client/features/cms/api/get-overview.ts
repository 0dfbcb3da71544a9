import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { cmsOverviewQueryKey } from "@/client/lib/query-keys";
import type { CmsOverview } from "@/shared/api-types";

export function getOverview(signal?: AbortSignal): Promise<CmsOverview> {
  return api.get<CmsOverview>("/api/cms/overview", { signal });
}

export function overviewQueryOptions() {
  return queryOptions({
    queryKey: cmsOverviewQueryKey,
    queryFn: ({ signal }) => getOverview(signal),
  });
}

export function useOverview() {
  return useQuery(overviewQueryOptions());
}
