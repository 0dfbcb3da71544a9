import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { PasskeySummary, RenamePasskeyInput } from "@/shared/passkeys";
import { passkeysQueryKey } from "./get-passkeys";

export function renamePasskey({ id, name }: RenamePasskeyInput & { id: string }) {
  return api.patch<PasskeySummary>(`/api/auth/passkeys/${encodeURIComponent(id)}`, {
    body: { name },
  });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renamePasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}
