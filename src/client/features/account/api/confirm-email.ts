import { useMutation } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { ConfirmEmailInput } from "@/shared/schemas";

/**
 * Finishes a sign-up from the emailed link: the name and password given here become the
 * account's, and the answer sets the session cookie (signed in). 400 INVALID_TOKEN.
 */
export function confirmEmail(input: ConfirmEmailInput): Promise<unknown> {
  return api.post<unknown>("/api/auth/confirm-email", {
    body: { token: input.token, name: input.name, password: input.password },
  });
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail });
}
