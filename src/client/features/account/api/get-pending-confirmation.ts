import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { PendingConfirmation } from "@/shared/api-types";

/**
 * The account a confirmation link would confirm: its address, and the name typed at sign-up
 * (which the inbox's holder may correct). Reading it uses nothing up. 400 INVALID_TOKEN.
 */
export function getPendingConfirmation(
  token: string,
  signal?: AbortSignal,
): Promise<PendingConfirmation> {
  const query = new URLSearchParams({ token });
  return api.get<PendingConfirmation>(`/api/auth/confirm-email?${query}`, { signal });
}

export function pendingConfirmationQueryOptions(token: string) {
  return queryOptions({
    queryKey: ["account", "pending-confirmation", token],
    queryFn: ({ signal }) => getPendingConfirmation(token, signal),
    // A link's answer changes only when it is used or replaced, and then the page says so.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    // Nor when the session changes: confirming signs in while this page may still be on screen
    // (navigations are transitions), and the used link would then answer 400.
    meta: { sameForEveryone: true },
  });
}

export function usePendingConfirmation(token: string) {
  return useQuery(pendingConfirmationQueryOptions(token));
}
