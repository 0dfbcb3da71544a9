import { useMutation } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { SignUpInput } from "@/shared/schemas";

/**
 * Email sign-up. The answer is the same whether or not the address has an account; the
 * emailed link leads to the page where the inbox's holder chooses the password that counts.
 */
export async function signUpWithEmail(input: SignUpInput): Promise<void> {
  await api.post<unknown>("/api/auth/sign-up/email", {
    body: { name: input.name, email: input.email, password: input.password },
  });
}

/** No session follows: the new account must confirm its email before signing in. */
export function useSignUp() {
  return useMutation({ mutationFn: signUpWithEmail });
}
