import { useMutation } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { EnableTwoFactorInput, TwoFactorEnrolment } from "@/shared/second-factor";

/** Step one of the set-up: the secret (QR code and text) and recovery codes, not yet on. */
export function enableTwoFactor(input: EnableTwoFactorInput): Promise<TwoFactorEnrolment> {
  return api.post<TwoFactorEnrolment>("/api/auth/two-factor/enable", { body: input });
}

export function useEnableTwoFactor() {
  return useMutation({ mutationFn: enableTwoFactor });
}
