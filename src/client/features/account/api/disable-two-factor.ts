import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { DisableTwoFactorInput } from "@/shared/second-factor";
import { accountSessionsQueryKey } from "./get-sessions";
import { twoFactorQueryKey } from "./two-factor-status";

/** Turns two-factor off (password and a code); every other session ends. */
export function disableTwoFactor(input: DisableTwoFactorInput): Promise<unknown> {
  return api.post<unknown>("/api/auth/two-factor/disable", { body: input });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: twoFactorQueryKey });
      await queryClient.invalidateQueries({ queryKey: accountSessionsQueryKey });
    },
  });
}
