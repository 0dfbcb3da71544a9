import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { accountSessionsQueryKey } from "./get-sessions";

/** Ends every session of the member except the one making the request. */
export function revokeOtherSessions(): Promise<unknown> {
  return api.post<unknown>("/api/account/sessions/revoke-others", { body: {} });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsQueryKey }),
  });
}
