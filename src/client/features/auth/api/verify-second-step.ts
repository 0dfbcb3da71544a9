import { useMutation } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { useAuth } from "@/client/lib/session/use-auth";

/** The second step of a sign-in: a code from the app, or a recovery code (decision 060). */
export type SecondStepInput = { kind: "app" | "recovery"; code: string };

export async function verifySecondStep({ kind, code }: SecondStepInput): Promise<void> {
  const path =
    kind === "app" ? "/api/auth/two-factor/verify-totp" : "/api/auth/two-factor/verify-backup-code";
  await api.post<unknown>(path, { body: { code } });
}

/** Finishes the sign-in, then resolves once the new session has been read. */
export function useVerifySecondStep() {
  const { refreshSession } = useAuth();
  return useMutation({
    mutationFn: async (input: SecondStepInput) => {
      await verifySecondStep(input);
      await refreshSession();
    },
  });
}
