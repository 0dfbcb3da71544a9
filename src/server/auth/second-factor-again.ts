// The second factor asked again for a change that could take the account (docs/decisions/049's
// note, 063): a member with a factor confirms an email change, and an admin a member's
// two-factor reset, with a code from the app or with one of their own passkeys (the
// `confirmation` flow). Counted like the sign-in's codes and passkeys.
import type { AppDeps } from "@/server/context";
import { HttpError } from "@/server/lib/http-error";
import type { AuthenticationResponse } from "@/shared/passkeys";
import { SECOND_FACTOR_NEEDED_CODE } from "@/shared/second-factor";
import { PASSKEY_LIMITS, PASSKEY_REFUSALS, verifyPasskeyAssertion } from "./passkeys";
import { codeDepsOf, requireTotpCode, SECOND_FACTOR_LIMITS } from "./second-factor-codes";
import { hasSecondFactor } from "./second-factor-gate";
import type { Viewer } from "./viewer";

export type SecondFactorProof = { code?: string; passkey?: AuthenticationResponse };

const APP_OR_PASSKEY =
  "Enter the 6-digit code from your authenticator app, or confirm with your passkey.";
const PASSKEY_ONLY = "Confirm with your passkey.";
const OWN_FACTOR_FIRST =
  "Set up two-factor authentication for your own account first: this asks for your own second factor.";

/**
 * Throws 400/401 (429 when over the limits) unless `proof` passes, or the member has no factor
 * and it is not `required` (then 409 `NOT_ENROLLED`: an admin's reset, decision 060).
 */
export async function requireSecondFactorAgain(
  deps: AppDeps,
  viewer: Viewer,
  proof: SecondFactorProof,
  clientIp: string,
  { required = false }: { required?: boolean } = {},
): Promise<void> {
  if (!(await hasSecondFactor(deps.db, viewer.id))) {
    if (!required) return;
    throw new HttpError(409, OWN_FACTOR_FIRST, { code: "NOT_ENROLLED" });
  }
  if (proof.passkey) {
    await deps.rateLimiter.hit(PASSKEY_LIMITS.perClient, clientIp);
    await deps.rateLimiter.hit(PASSKEY_LIMITS.perAccount, viewer.id);
    const passkeyDeps = { db: deps.db, siteUrl: deps.env.siteUrl, siteName: deps.env.siteName };
    const outcome = await verifyPasskeyAssertion(
      passkeyDeps,
      "confirmation",
      proof.passkey,
      viewer.id,
    );
    if (!outcome.ok) {
      const { status, code, message } = PASSKEY_REFUSALS[outcome.refusal];
      throw new HttpError(status, message, { code });
    }
    return;
  }
  if (proof.code && viewer.authenticatorApp) {
    await deps.rateLimiter.hit(SECOND_FACTOR_LIMITS.perClient, clientIp);
    await deps.rateLimiter.hit(SECOND_FACTOR_LIMITS.perAccount, viewer.id);
    await requireTotpCode(await codeDepsOf(deps), viewer.id, proof.code);
    return;
  }
  const message = viewer.authenticatorApp ? APP_OR_PASSKEY : PASSKEY_ONLY;
  throw new HttpError(400, message, {
    code: SECOND_FACTOR_NEEDED_CODE,
    ...(viewer.authenticatorApp ? { fields: { code: message } } : {}),
  });
}
