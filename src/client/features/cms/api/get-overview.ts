import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CmsOverview } from "../../../../shared/api-types";
import { api } from "../../../lib/api-client";

/** Writes elsewhere in the CMS (publishing, deleting) invalidate this key. */
export const overviewQueryKey = ["cms", "overview"] as const;

export function getOverview(signal?: AbortSignal): Promise<CmsOverview> {
  return api.get<CmsOverview>("/api/cms/overview", { signal });
}

export function overviewQueryOptions() {
  return queryOptions({ queryKey: overviewQueryKey, queryFn: ({ signal }) => getOverview(signal) });
}

export function useOverview() {
  return useQuery(overviewQueryOptions());
}
