import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { AccountSessionsResponse } from "@/shared/api-types";

export const accountSessionsQueryKey = ["account", "sessions"] as const;

export function getAccountSessions(signal?: AbortSignal): Promise<AccountSessionsResponse> {
  return api.get<AccountSessionsResponse>("/api/account/sessions", { signal });
}

export function accountSessionsQueryOptions() {
  return queryOptions({
    queryKey: accountSessionsQueryKey,
    queryFn: ({ signal }) => getAccountSessions(signal),
    // Sessions start and end on other devices: read them afresh each time settings open.
    staleTime: 0,
  });
}

/** The signed-in member's sessions, the current one among them. */
export function useAccountSessions() {
  return useQuery(accountSessionsQueryOptions());
}
