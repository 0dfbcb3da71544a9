import { useMutation } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { EmailOnlyInput } from "@/shared/schemas";

/** Mails a reset link (valid 1 hour, single use) if the address has an account; same answer. */
export function requestPasswordReset(input: EmailOnlyInput): Promise<unknown> {
  return api.post<unknown>("/api/auth/request-password-reset", { body: { email: input.email } });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
