import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { api } from "@/client/lib/api-client";
import { assertPasskey } from "@/client/lib/passkey-prompt";
import type { AuthenticationResponse } from "@/shared/passkeys";

/** One of the member's passkeys confirms it is them (an email change, an admin's reset: decision 063). */
export async function confirmWithPasskey(): Promise<AuthenticationResponse> {
  const options = await api.post<PublicKeyCredentialRequestOptionsJSON>(
    "/api/auth/passkeys/confirmation-options",
  );
  return (await assertPasskey(options)) as AuthenticationResponse;
}
