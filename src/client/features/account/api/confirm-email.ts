import { useMutation } from "@tanstack/react-query";
import type { ConfirmEmailInput } from "../../../../shared/schemas";
import { api } from "../../../lib/api-client";

/**
 * Finishes a sign-up from the emailed link: the password given here becomes the account's
 * password, and the answer sets the session cookie (signed in). 400 INVALID_TOKEN.
 */
export function confirmEmail(input: ConfirmEmailInput): Promise<unknown> {
  return api.post<unknown>("/api/auth/confirm-email", {
    body: { token: input.token, password: input.password },
  });
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail });
}
