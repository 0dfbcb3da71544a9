import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { TwoFactorStatus } from "@/shared/second-factor";

/** Every two-factor mutation invalidates from this root (decision 060). */
export const twoFactorQueryKey = ["account", "two-factor"] as const;

export function getTwoFactorStatus(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return api.get<TwoFactorStatus>("/api/auth/two-factor", { signal });
}

export function twoFactorStatusQueryOptions() {
  return queryOptions({
    queryKey: twoFactorQueryKey,
    queryFn: ({ signal }) => getTwoFactorStatus(signal),
    staleTime: 0,
  });
}

/** Whether the member's authenticator app is on, and whether their role needs one. */
export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQueryOptions());
}
