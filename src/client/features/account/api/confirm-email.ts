import { useMutation } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { ConfirmEmailInput } from "@/shared/schemas";

/**
 * Finishes a sign-up from the emailed link: the name and password given here become the
 * account's, the terms version shown is accepted (decision 082), and the answer sets the session
 * cookie (signed in). 400 INVALID_TOKEN; 409 TERMS_CHANGED.
 */
export function confirmEmail(input: ConfirmEmailInput): Promise<unknown> {
  return api.post<unknown>("/api/auth/confirm-email", {
    body: {
      token: input.token,
      name: input.name,
      password: input.password,
      termsVersion: input.termsVersion,
    },
  });
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail });
}
