import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { createPasskey } from "@/client/lib/passkey-prompt";
import { useAuth } from "@/client/lib/session/use-auth";
import type { PasskeySummary } from "@/shared/passkeys";
import { passkeysQueryKey } from "./get-passkeys";

/**
 * Adds a passkey: the server's options, the browser's prompt, then the server checks and keeps
 * it (an empty name takes the browser's and system's). Throws the prompt's DOMException-like
 * errors (passkey-prompt.ts) or ApiError.
 */
export async function addPasskey(name: string): Promise<PasskeySummary> {
  const options = await api.post<PublicKeyCredentialCreationOptionsJSON>(
    "/api/auth/passkeys/registration-options",
  );
  const response = await createPasskey(options);
  return api.post<PasskeySummary>("/api/auth/passkeys", { body: { name, response } });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  const { refreshSession } = useAuth();
  return useMutation({
    mutationFn: addPasskey,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: passkeysQueryKey });
      // A passkey is a second factor: a member whose role needs one gets the site back.
      await refreshSession();
    },
  });
}
