import { useMutation } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { StartSecondFactorResetInput } from "@/shared/second-factor";

/**
 * Mails a member the link that turns their two-factor off (decision 060); the admin passes
 * their own second factor again: a `code` from their app or a `passkey` assertion (063).
 */
export function resetUserTwoFactor({
  id,
  ...proof
}: StartSecondFactorResetInput & { id: string }): Promise<unknown> {
  return api.post<unknown>(`/api/users/${encodeURIComponent(id)}/second-factor-reset`, {
    body: proof,
  });
}

export function useResetUserTwoFactor() {
  return useMutation({ mutationFn: resetUserTwoFactor });
}
