import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { RemovePasskeyInput } from "@/shared/passkeys";
import { passkeysQueryKey } from "./get-passkeys";
import { accountSessionsQueryKey } from "./get-sessions";

/**
 * Removes a passkey. The member's only second factor asks the password (400 PASSWORD_REQUIRED
 * without it), and then every other session ends (decision 060).
 */
export function removePasskey({ id, password }: RemovePasskeyInput & { id: string }) {
  return api.delete<unknown>(`/api/auth/passkeys/${encodeURIComponent(id)}`, {
    body: password === undefined ? {} : { password },
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: passkeysQueryKey });
      await queryClient.invalidateQueries({ queryKey: accountSessionsQueryKey });
    },
  });
}
