import { useMutation } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";

/** The admin-started reset link: turns two-factor off and signs everyone out. */
export function finishTwoFactorReset(token: string): Promise<unknown> {
  return api.post<unknown>("/api/auth/two-factor/reset", { body: { token } });
}

export function useFinishTwoFactorReset() {
  return useMutation({ mutationFn: finishTwoFactorReset });
}
