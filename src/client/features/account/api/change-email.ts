import { useMutation } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { EmailChangeRequested } from "@/shared/api-types";
import type { ChangeEmailInput } from "@/shared/schemas";

/** Mails a confirmation link to the new address; nothing changes until it is opened. */
export function changeEmail(input: ChangeEmailInput): Promise<EmailChangeRequested> {
  return api.post<EmailChangeRequested>("/api/account/email", { body: { email: input.email } });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
