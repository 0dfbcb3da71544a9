import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { SessionResponse } from "@/shared/api-types";

export const sessionQueryKey = ["session"] as const;

/** Whether a cached query is the session itself (everything else was read with it). */
export const isSessionQuery = (query: { queryKey: readonly unknown[] }) =>
  query.queryKey[0] === sessionQueryKey[0];

export const SIGNED_OUT: SessionResponse = { user: null, profile: null, role: null };

export function getSession(signal?: AbortSignal): Promise<SessionResponse> {
  return api.get<SessionResponse>("/api/session", { signal });
}

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 5 * 60_000,
  });
}

export function useSession() {
  return useQuery(sessionQueryOptions());
}
