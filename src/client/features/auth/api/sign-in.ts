import { useMutation } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { useAuth } from "@/client/lib/session/use-auth";
import type { SignInInput } from "@/shared/schemas";

/** The code of a 403 answer to sign-in: the account's email is not confirmed yet. */
export const EMAIL_NOT_VERIFIED = "EMAIL_NOT_VERIFIED";

/**
 * Signed in, or the password was right and the second factor comes next: a code (decision
 * 060), or the account's passkey when that is its only factor (decision 063).
 */
export type SignInOutcome = "signed-in" | "second-step" | "passkey-step";

/**
 * Email sign-in; sets the session cookie, or (two-factor on) the pending sign-in's. Throws
 * ApiError (401, 403 EMAIL_NOT_VERIFIED, 429). Nothing is mailed on a refused sign-in: the
 * Sign in tab offers to resend the link instead.
 */
export async function signInWithEmail(input: SignInInput): Promise<SignInOutcome> {
  const answer = await api.post<{ twoFactorRedirect?: boolean; passkeyRequired?: boolean } | null>(
    "/api/auth/sign-in/email",
    { body: { email: input.email, password: input.password } },
  );
  if (answer?.passkeyRequired) return "passkey-step";
  return answer?.twoFactorRedirect ? "second-step" : "signed-in";
}

/** Signs in, then resolves once the new session has been read (the header flips). */
export function useSignIn() {
  const { refreshSession } = useAuth();
  return useMutation({
    mutationFn: async (input: SignInInput): Promise<SignInOutcome> => {
      const outcome = await signInWithEmail(input);
      if (outcome === "signed-in") await refreshSession();
      return outcome;
    },
  });
}
