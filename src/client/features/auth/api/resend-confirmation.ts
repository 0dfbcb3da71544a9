import { useMutation } from "@tanstack/react-query";
import type { EmailOnlyInput } from "../../../../shared/schemas";
import { api } from "../../../lib/api-client";

/** Mails a fresh confirmation link if an unconfirmed account exists; the answer is the same. */
export function resendConfirmation(input: EmailOnlyInput): Promise<unknown> {
  return api.post<unknown>("/api/auth/resend-confirmation", { body: { email: input.email } });
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
