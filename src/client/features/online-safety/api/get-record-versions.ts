import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { RecordHistory } from "@/shared/online-safety";
import { onlineSafetyQueryKey } from "./get-online-safety";

export function getRecordVersions(key: string, signal?: AbortSignal): Promise<RecordHistory> {
  return api.get<RecordHistory>(`/api/cms/online-safety/versions/${encodeURIComponent(key)}`, {
    signal,
  });
}

export function recordVersionsQueryOptions(key: string) {
  return queryOptions({
    queryKey: [...onlineSafetyQueryKey, "versions", key] as const,
    queryFn: ({ signal }) => getRecordVersions(key, signal),
  });
}

/** Every saved version of one record, newest first; fetched when the history is opened. */
export function useRecordVersions(key: string, enabled: boolean) {
  return useQuery({ ...recordVersionsQueryOptions(key), enabled });
}
