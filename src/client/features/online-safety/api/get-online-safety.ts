import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { OnlineSafetyRecords } from "@/shared/online-safety";

/** The CMS Online safety tab's records (decision 076): moderators read, admins save. */
export const onlineSafetyQueryKey = ["cms", "online-safety"] as const;

export function getOnlineSafety(signal?: AbortSignal): Promise<OnlineSafetyRecords> {
  return api.get<OnlineSafetyRecords>("/api/cms/online-safety", { signal });
}

export function onlineSafetyQueryOptions() {
  return queryOptions({
    queryKey: onlineSafetyQueryKey,
    queryFn: ({ signal }) => getOnlineSafety(signal),
  });
}

export function useOnlineSafety() {
  return useQuery(onlineSafetyQueryOptions());
}
