import { useMutation } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { RegenerateRecoveryCodesInput } from "@/shared/second-factor";

/** New recovery codes (the old ones stop working): the password and an app code. */
export function regenerateRecoveryCodes(
  input: RegenerateRecoveryCodesInput,
): Promise<{ recoveryCodes: string[] }> {
  return api.post<{ recoveryCodes: string[] }>("/api/auth/two-factor/generate-backup-codes", {
    body: input,
  });
}

export function useRegenerateRecoveryCodes() {
  return useMutation({ mutationFn: regenerateRecoveryCodes });
}
