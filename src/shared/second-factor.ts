// Two-factor sign-in (docs/product.md §2.24, docs/decisions/060): the bodies of its endpoints and
// their messages, shared by the server's validation and the settings and sign-in forms.

import { authenticationResponseSchema } from "./passkeys";
import { changeEmailSchema, passwordSchema } from "./schemas";
import { z } from "./zod";

/** The code of a 403 for a member whose role must use a second factor and has none yet. */
export const SECOND_FACTOR_REQUIRED_CODE = "SECOND_FACTOR_REQUIRED";
export const SECOND_FACTOR_REQUIRED_MESSAGE =
  "Your role needs two-factor authentication. Set it up in your settings to continue.";

/**
 * The sign-in's second step's switch between the app's code and a recovery code, sent without
 * scripts (the button's name; its value the kind to ask for): the page comes back asking for it.
 * Here, not in public-forms.ts, which every page with a form downloads.
 */
export const SECOND_STEP_SWITCH_FIELD = "switchTo";

/** How many single-use recovery codes a member gets (better-auth's default too). */
export const RECOVERY_CODE_COUNT = 10;

const CODE_REQUIRED = "Enter the code";

/** A code from the authenticator app: six digits (spaces the app shows are removed). */
export const totpCodeSchema = z
  .string({ error: CODE_REQUIRED })
  .transform((code) => code.replace(/\s/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app"));

/** A recovery code as shown: two groups of five letters or digits. */
export const recoveryCodeSchema = z
  .string({ error: CODE_REQUIRED })
  .transform((code) => code.trim())
  .pipe(
    z.string().regex(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/, "Enter a recovery code like ab12c-3de45"),
  );

/** Either kind, where the member may use whichever they have (turning two-factor off). */
export const anySecondFactorCodeSchema = z
  .string({ error: CODE_REQUIRED })
  .transform((code) => code.trim())
  .pipe(
    z
      .string()
      .regex(
        /^(\d{3} ?\d{3}|[A-Za-z0-9]{5}-[A-Za-z0-9]{5})$/,
        "Enter the 6-digit code from your authenticator app, or a recovery code",
      ),
  );

export const enableTwoFactorSchema = z.object({ password: passwordSchema }).strict();
export const verifyTotpSchema = z.object({ code: totpCodeSchema }).strict();
export const verifyRecoveryCodeSchema = z.object({ code: recoveryCodeSchema }).strict();
export const regenerateRecoveryCodesSchema = z
  .object({ password: passwordSchema, code: totpCodeSchema })
  .strict();
export const disableTwoFactorSchema = z
  .object({ password: passwordSchema, code: anySecondFactorCodeSchema })
  .strict();
/**
 * An admin starting a member's reset passes their own second factor again (decisions 060, 063):
 * a code from their app, or an assertion of one of their own passkeys.
 */
export const startSecondFactorResetSchema = z
  .object({
    code: totpCodeSchema.optional(),
    passkey: authenticationResponseSchema.optional(),
  })
  .strict();
export type StartSecondFactorResetInput = z.infer<typeof startSecondFactorResetSchema>;
export const finishSecondFactorResetSchema = z
  .object({ token: z.string({ error: "The link is incomplete" }).min(1).max(200) })
  .strict();

/**
 * POST /api/account/email: a member with a second factor confirms with it too (decision 049's
 * note): a code from the app, or an assertion of one of their passkeys.
 */
export const changeEmailWithFactorSchema = changeEmailSchema.extend({
  code: totpCodeSchema.optional(),
  passkey: authenticationResponseSchema.optional(),
});
export type ChangeEmailWithFactorInput = z.infer<typeof changeEmailWithFactorSchema>;

/** The 400 code of an email change that needs the second factor too. */
export const SECOND_FACTOR_NEEDED_CODE = "SECOND_FACTOR_NEEDED";

export type EnableTwoFactorInput = z.infer<typeof enableTwoFactorSchema>;
export type VerifyTotpInput = z.infer<typeof verifyTotpSchema>;
export type VerifyRecoveryCodeInput = z.infer<typeof verifyRecoveryCodeSchema>;
export type RegenerateRecoveryCodesInput = z.infer<typeof regenerateRecoveryCodesSchema>;
export type DisableTwoFactorInput = z.infer<typeof disableTwoFactorSchema>;

/** POST /api/auth/two-factor/enable: what the authenticator app needs, and the recovery codes. */
export type TwoFactorEnrolment = {
  /** The otpauth:// address the QR code holds. */
  totpUri: string;
  /** The same secret as text (base32), for typing into an app. */
  secret: string;
  recoveryCodes: string[];
};

/** GET /api/auth/two-factor: the member's own second factor, never its secret. */
export type TwoFactorStatus = {
  enabled: boolean;
  /** When the authenticator app was confirmed (ISO 8601), or null. */
  enabledAt: string | null;
  /** The member's role must use a second factor (the CMS setting). */
  required: boolean;
};

/** The secret of an otpauth:// address (the `secret` parameter), or "" when there is none. */
export function secretOfTotpUri(uri: string): string {
  try {
    return new URL(uri).searchParams.get("secret") ?? "";
  } catch {
    return "";
  }
}
