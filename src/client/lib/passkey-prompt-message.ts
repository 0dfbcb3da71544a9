// A passkey prompt's failure in the product's words (docs/product.md §2.24). Apart from
// passkey-prompt.ts: the CMS's reset dialog needs the words, not the prompts (its passkey
// comes through confirm-with-passkey.ts), and the page-weight budget counts every shared chunk.

/** The member closed the prompt, or it timed out, or a newer one replaced it: nothing to say. */
export function isPasskeyPromptCancelled(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === "NotAllowedError" || name === "AbortError";
}

/** A prompt's failure in the product's words (docs/product.md §2.24). */
export function passkeyPromptMessage(error: unknown): string {
  const name = (error as { name?: unknown; code?: unknown } | null)?.name;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" || name === "InvalidStateError") {
    return "This device holds a passkey for your account already.";
  }
  if (isPasskeyPromptCancelled(error)) {
    return "The passkey request was cancelled or timed out. Please try again.";
  }
  return "This browser could not use a passkey. Please try again, or use another device.";
}
