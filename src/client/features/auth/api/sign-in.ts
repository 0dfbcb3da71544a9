import type { SignInInput } from "../../../../shared/schemas";
import { api } from "../../../lib/api-client";
import { paths } from "../../../lib/paths";

/**
 * better-auth email sign-in; sets the session cookie. Throws ApiError (401, 403
 * EMAIL_NOT_VERIFIED, 429). An unverified account is sent a fresh confirmation link, which
 * `callbackURL` points back at the auth page.
 */
export async function signInWithEmail(input: SignInInput): Promise<void> {
  await api.post<unknown>("/api/auth/sign-in/email", {
    body: { email: input.email, password: input.password, callbackURL: paths.authVerified },
  });
}
