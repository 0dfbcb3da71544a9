import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { useAuth } from "@/client/lib/session/use-auth";
import type { VerifyTotpInput } from "@/shared/second-factor";
import { twoFactorQueryKey } from "./two-factor-status";

/** Step two: a code from the app turns two-factor on (the session is renewed). */
export function confirmTwoFactor(input: VerifyTotpInput): Promise<unknown> {
  return api.post<unknown>("/api/auth/two-factor/verify-totp", { body: input });
}

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  const { refreshSession } = useAuth();
  return useMutation({
    mutationFn: confirmTwoFactor,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: twoFactorQueryKey });
      // A member whose role needs it gets the rest of the site back.
      await refreshSession();
    },
  });
}
