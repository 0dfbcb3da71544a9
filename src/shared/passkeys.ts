// Passkeys (WebAuthn; docs/product.md §2.24, docs/decisions/063): the bodies of their endpoints
// and their messages, shared by the server's validation and the settings and sign-in forms.
// The browser's JSON (what @simplewebauthn/browser returns) is checked for shape only here;
// @simplewebauthn/server checks what it means.

import { passwordSchema } from "./schemas";
import { z } from "./zod";

export const PASSKEY_NAME_MAX = 60;

const passkeyNameSchema = z
  .string({ error: "Name the passkey" })
  .trim()
  .min(1, "Name the passkey")
  .max(PASSKEY_NAME_MAX, `Name the passkey in ${PASSKEY_NAME_MAX} characters or fewer`);

const MALFORMED = "The passkey's answer is not valid. Please try again.";

/** base64url text, as WebAuthn's JSON carries bytes; bounded so a body cannot be huge. */
const bytes = (max: number) =>
  z
    .string({ error: MALFORMED })
    .max(max, MALFORMED)
    .regex(/^[A-Za-z0-9_-]*$/, MALFORMED);

const credentialId = bytes(1400).min(1, MALFORMED);

/** A browser's answer to navigator.credentials.create(), as JSON (RegistrationResponseJSON). */
export const registrationResponseSchema = z.object(
  {
    id: credentialId,
    rawId: credentialId,
    type: z.literal("public-key", { error: MALFORMED }),
    response: z.object(
      {
        clientDataJSON: bytes(4000),
        attestationObject: bytes(20_000),
        transports: z.array(z.string().max(40)).max(10).optional(),
        publicKeyAlgorithm: z.number().int().optional(),
        publicKey: bytes(2000).optional(),
        authenticatorData: bytes(4000).optional(),
      },
      { error: MALFORMED },
    ),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  },
  { error: MALFORMED },
);

/** A browser's answer to navigator.credentials.get(), as JSON (AuthenticationResponseJSON). */
export const authenticationResponseSchema = z.object(
  {
    id: credentialId,
    rawId: credentialId,
    type: z.literal("public-key", { error: MALFORMED }),
    response: z.object(
      {
        clientDataJSON: bytes(4000),
        authenticatorData: bytes(4000),
        signature: bytes(2000),
        userHandle: bytes(200).optional(),
      },
      { error: MALFORMED },
    ),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  },
  { error: MALFORMED },
);

export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;
export type AuthenticationResponse = z.infer<typeof authenticationResponseSchema>;

/** POST /api/auth/passkeys: the new passkey; an empty name takes this browser's and system's. */
export const addPasskeySchema = z
  .object({
    name: z
      .string()
      .trim()
      .max(PASSKEY_NAME_MAX, `Name the passkey in ${PASSKEY_NAME_MAX} characters or fewer`)
      .optional(),
    response: registrationResponseSchema,
  })
  .strict();
export const renamePasskeySchema = z.object({ name: passkeyNameSchema }).strict();
/** The password is asked when the passkey is the member's only second factor (decision 060). */
export const removePasskeySchema = z.object({ password: passwordSchema.optional() }).strict();
export const passkeySignInSchema = z.object({ response: authenticationResponseSchema }).strict();

export type AddPasskeyInput = z.infer<typeof addPasskeySchema>;
export type RenamePasskeyInput = z.infer<typeof renamePasskeySchema>;
export type RemovePasskeyInput = z.infer<typeof removePasskeySchema>;

/** One of the member's passkeys as settings list it: never its key or counter. */
export type PasskeySummary = {
  id: string;
  name: string;
  /** ISO 8601. */
  createdAt: string;
  lastUsedAt: string | null;
};

/** GET /api/auth/passkeys. */
export type PasskeyList = {
  passkeys: PasskeySummary[];
  /** The authenticator app is on too: removing the last passkey leaves a second factor. */
  authenticatorApp: boolean;
};

/**
 * POST /api/auth/sign-in/email's answer when the password was right and the account's only
 * second factor is a passkey: no session; the passkey signs the member in (decision 063).
 */
export type PasskeyStepAnswer = { passkeyRequired: true };

/** The sign-in's passkey step (docs/product.md §2.24). */
export const PASSKEY_STEP_TEXT =
  "Your account's second factor is a passkey. Use it to finish signing in.";
