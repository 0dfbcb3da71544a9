import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SessionResponse } from "../../../shared/api-types";
import { api } from "../api-client";

export const sessionQueryKey = ["session"] as const;

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
