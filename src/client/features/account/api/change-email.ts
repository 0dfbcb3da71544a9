import { useMutation } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { EmailChangeRequested } from "@/shared/api-types";
import type { ChangeEmailWithFactorInput } from "@/shared/second-factor";

/**
 * Mails a confirmation link to the new address; nothing changes until it is opened. A wrong
 * current password answers 400 with `fields.currentPassword`; a change within the last one's
 * undo week 409 EMAIL_CHANGE_LOCKED. A member with a second factor sends a code from the app
 * or a passkey's assertion too (400 SECOND_FACTOR_NEEDED without, decision 063).
 */
export function changeEmail(input: ChangeEmailWithFactorInput): Promise<EmailChangeRequested> {
  const { email, currentPassword, code, passkey } = input;
  return api.post<EmailChangeRequested>("/api/account/email", {
    body: { email, currentPassword, code, passkey },
  });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
