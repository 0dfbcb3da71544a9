import { useMutation } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { SignUpInput } from "@/shared/schemas";
import type { SpamFields } from "@/shared/spam";

/**
 * Email sign-up. The answer is the same whether or not the address has an account; the
 * emailed link leads to the page where the inbox's holder chooses the password that counts.
 */
export async function signUpWithEmail(input: SignUpInput & SpamFields): Promise<void> {
  await api.post<unknown>("/api/auth/sign-up/email", {
    body: {
      name: input.name,
      email: input.email,
      website: input.website,
      formToken: input.formToken,
    },
  });
}

/** No session follows: the new account must confirm its email before signing in. */
export function useSignUp() {
  return useMutation({ mutationFn: signUpWithEmail });
}
