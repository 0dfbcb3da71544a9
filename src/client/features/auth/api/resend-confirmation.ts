import { useMutation } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { EmailOnlyInput } from "@/shared/schemas";

/** Mails a fresh confirmation link if an unconfirmed account exists; the answer is the same. */
export function resendConfirmation(input: EmailOnlyInput): Promise<unknown> {
  return api.post<unknown>("/api/auth/resend-confirmation", { body: { email: input.email } });
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
