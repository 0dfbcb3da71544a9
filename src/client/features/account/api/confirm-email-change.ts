import { useMutation } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { EmailChangeConfirmed } from "@/shared/api-types";
import type { ConfirmEmailChangeInput } from "@/shared/schemas";

/**
 * Makes the new address the account's email. Works signed out too (the link may be opened on
 * another device). 400 INVALID_TOKEN; 409 EMAIL_IN_USE.
 */
export function confirmEmailChange(input: ConfirmEmailChangeInput): Promise<EmailChangeConfirmed> {
  return api.post<EmailChangeConfirmed>("/api/account/email/confirm", {
    body: { token: input.token },
  });
}

export function useConfirmEmailChange() {
  return useMutation({ mutationFn: confirmEmailChange });
}
