import { useMutation } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { EmailChangeRequested } from "@/shared/api-types";
import type { ChangeEmailInput } from "@/shared/schemas";

/**
 * Mails a confirmation link to the new address; nothing changes until it is opened. A wrong
 * current password answers 400 with `fields.currentPassword`; a change within the last one's
 * undo week 409 EMAIL_CHANGE_LOCKED.
 */
export function changeEmail(input: ChangeEmailInput): Promise<EmailChangeRequested> {
  return api.post<EmailChangeRequested>("/api/account/email", {
    body: { email: input.email, currentPassword: input.currentPassword },
  });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
