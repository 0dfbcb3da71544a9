import type { SignUpInput } from "../../../../shared/schemas";
import { api } from "../../../lib/api-client";
import { paths } from "../../../lib/paths";

/** better-auth email sign-up; the account stays unusable until the emailed link is opened. */
export async function signUpWithEmail(input: SignUpInput): Promise<void> {
  await api.post<unknown>("/api/auth/sign-up/email", {
    body: {
      name: input.name,
      email: input.email,
      password: input.password,
      callbackURL: paths.authVerified,
    },
  });
}
