import { useMutation } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { ResetPasswordInput } from "@/shared/schemas";

/** Sets a new password from a reset link; every session of the account ends. 400 INVALID_TOKEN. */
export function resetPassword(input: ResetPasswordInput): Promise<unknown> {
  return api.post<unknown>("/api/auth/reset-password", {
    body: { token: input.token, newPassword: input.newPassword },
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
