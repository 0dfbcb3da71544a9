import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { PasskeyList } from "@/shared/passkeys";

/** Every passkey mutation invalidates from this root (decision 063). */
export const passkeysQueryKey = ["account", "passkeys"] as const;

export function getPasskeys(signal?: AbortSignal): Promise<PasskeyList> {
  return api.get<PasskeyList>("/api/auth/passkeys", { signal });
}

export function passkeysQueryOptions() {
  return queryOptions({
    queryKey: passkeysQueryKey,
    queryFn: ({ signal }) => getPasskeys(signal),
    staleTime: 0,
  });
}

/** The member's passkeys (name and dates), and whether the authenticator app is on too. */
export function usePasskeys() {
  return useQuery(passkeysQueryOptions());
}
