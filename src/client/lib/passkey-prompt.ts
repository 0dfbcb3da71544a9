// The browser's passkey prompts (WebAuthn, decision 063) through @simplewebauthn/browser, which
// downloads only when a passkey is used (settings, the sign-in page), never with the home page
// (bench/budget.test.ts). Its errors are told in docs/product.md §2.24's words by
// passkey-prompt-message.ts.
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/browser";

const browserCode = () => import("@simplewebauthn/browser");

/** Whether this browser can use passkeys at all. */
export function passkeysSupported(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}

/** Whether the browser offers passkeys in the email field's autofill (conditional UI). */
export async function passkeyAutofillSupported(): Promise<boolean> {
  if (!passkeysSupported()) return false;
  const check = window.PublicKeyCredential.isConditionalMediationAvailable;
  return typeof check === "function" ? check.call(window.PublicKeyCredential) : false;
}

/** Asks the browser to create a passkey for the options the server gave. */
export async function createPasskey(
  optionsJSON: PublicKeyCredentialCreationOptionsJSON,
): Promise<RegistrationResponseJSON> {
  const { startRegistration } = await browserCode();
  return startRegistration({ optionsJSON });
}

/**
 * Asks the browser for a passkey's assertion; with `autofill`, the request waits in the email
 * field's suggestions until the member picks a passkey there (or it is cancelled).
 */
export async function assertPasskey(
  optionsJSON: PublicKeyCredentialRequestOptionsJSON,
  { autofill = false }: { autofill?: boolean } = {},
): Promise<AuthenticationResponseJSON> {
  const { startAuthentication } = await browserCode();
  return startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
}

/** Ends a waiting autofill request (the page is left, or the button starts another). */
export async function cancelPasskeyPrompt(): Promise<void> {
  const { WebAuthnAbortService } = await browserCode();
  WebAuthnAbortService.cancelCeremony();
}
