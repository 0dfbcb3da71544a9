import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { accountSessionsQueryKey } from "./get-sessions";

/** Ends one of the member's other sessions (404 when it is not theirs or already gone). */
export function revokeSession(id: string): Promise<unknown> {
  return api.delete<unknown>(`/api/account/sessions/${encodeURIComponent(id)}`);
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    // Also after a 404: the list was out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsQueryKey }),
  });
}
