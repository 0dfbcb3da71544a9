import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { DataRequestsPage } from "@/shared/api-types";

export const dataRequestsQueryKey = ["inbox", "data-requests"] as const;

export function getDataRequests(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<DataRequestsPage> {
  const query = cursor ? `?${new URLSearchParams({ cursor })}` : "";
  return api.get<DataRequestsPage>(`/api/inbox/data-requests${query}`, { signal });
}

export function dataRequestsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: dataRequestsQueryKey,
    queryFn: ({ pageParam, signal }) => getDataRequests(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** Stored data requests, newest first. */
export function useDataRequests() {
  return useInfiniteQuery(dataRequestsQueryOptions());
}
