import { useMutation } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";

/**
 * Mails a member the link that turns their two-factor off (decision 060); the admin passes
 * their own second factor again with `code`.
 */
export function resetUserTwoFactor({ id, code }: { id: string; code: string }): Promise<unknown> {
  return api.post<unknown>(`/api/users/${encodeURIComponent(id)}/second-factor-reset`, {
    body: { code },
  });
}

export function useResetUserTwoFactor() {
  return useMutation({ mutationFn: resetUserTwoFactor });
}
