import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CmsOverview } from "../../../../shared/api-types";
import { api } from "../../../lib/api-client";
import { cmsOverviewQueryKey } from "../../../lib/query-keys";

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
