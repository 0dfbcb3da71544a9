import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { api } from "@/client/lib/api-client";
import type { AuthenticationResponse } from "@/shared/passkeys";

/**
 * One of the member's passkeys confirms it is them (an email change, an admin's reset: decision
 * 063). The browser library is imported here, not through passkey-prompt.ts: shared by settings,
 * the sign-in page and the CMS, that module became a chunk of its own that every page's
 * preload list names, and the home page went over its budget (bench/budget.test.ts).
 */
export async function confirmWithPasskey(): Promise<AuthenticationResponse> {
  const options = await api.post<PublicKeyCredentialRequestOptionsJSON>(
    "/api/auth/passkeys/confirmation-options",
  );
  const { startAuthentication } = await import("@simplewebauthn/browser");
  return (await startAuthentication({ optionsJSON: options })) as AuthenticationResponse;
}
