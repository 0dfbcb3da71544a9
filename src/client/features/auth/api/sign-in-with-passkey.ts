import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { assertPasskey } from "@/client/lib/passkey-prompt";
import { useAuth } from "@/client/lib/session/use-auth";

export type PasskeySignIn = {
  autofill: boolean;
  /** Called once the browser has handed back the passkey the member chose. */
  onChosen?: () => void;
};

/**
 * Signs in with a passkey alone (decision 063): the server's options, the browser's prompt (or,
 * with `autofill`, the email field's suggestions), then the server checks it and makes the
 * session. Throws the prompt's errors (passkey-prompt.ts) or ApiError.
 */
export async function signInWithPasskey({ autofill, onChosen }: PasskeySignIn): Promise<void> {
  const options = await api.post<PublicKeyCredentialRequestOptionsJSON>(
    "/api/auth/passkeys/sign-in/options",
  );
  const response = await assertPasskey(options, { autofill });
  onChosen?.();
  await api.post<unknown>("/api/auth/passkeys/sign-in", { body: { response } });
}

/** Signs in, then resolves once the new session has been read (the header flips). */
export function useSignInWithPasskey() {
  const { refreshSession } = useAuth();
  return useMutation({
    mutationFn: async (input: PasskeySignIn) => {
      await signInWithPasskey(input);
      await refreshSession();
    },
  });
}
