// Passkeys (WebAuthn, docs/decisions/063) with @simplewebauthn/server: the options a browser
// needs, and the checks of what it answers. The relying party is the site's configured public
// URL (SITE_URL), never the request's Host. Challenges are single-use and short-lived, kept in
// better-auth's verification table under the flow's prefix (and, but for sign-in, the member's
// id), so an answer made for one flow or member works for no other. User verification is
// always required: a passkey then is the sign-in and the second factor at once.
import {
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { COSEALG, isoBase64URL, isoUint8Array } from "@simplewebauthn/server/helpers";
import { and, eq, gt, lt, or, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { passkey, verification } from "@/server/db/schema";
import type { RateLimitRule } from "@/server/lib/rate-limit";
import type { AuthenticationResponse, RegistrationResponse } from "@/shared/passkeys";

/** How long a challenge answers (the browser's prompt waits as long). */
export const CHALLENGE_SECONDS = 5 * 60;

/** Registering a passkey; signing in with one; confirming it is the member (an email change). */
export type ChallengeFlow = "registration" | "sign-in" | "confirmation";

/** The passkeys' algorithms (COSE ids). */
const SUPPORTED_ALGORITHMS = [COSEALG.EdDSA, COSEALG.ES256, COSEALG.RS256];

/** The verification row's value of a sign-in challenge, which is for no member yet. */
const ANY_MEMBER = "-";

/** Passkey attempts per account and per client address (docs/product.md §2.24), like codes'. */
export const PASSKEY_LIMITS = {
  perAccount: {
    name: "passkey-account",
    max: 10,
    windowSeconds: 15 * 60,
    message: "Too many passkey attempts. Please wait 15 minutes and try again.",
  },
  perClient: {
    name: "passkey-client",
    max: 30,
    windowSeconds: 15 * 60,
    message: "Too many passkey attempts. Please wait 15 minutes and try again.",
  },
  /** Each visit to the sign-in page asks for options (autofill): looser, it only bounds rows. */
  optionsPerClient: {
    name: "passkey-options-client",
    max: 100,
    windowSeconds: 15 * 60,
    message: "Too many passkey requests. Please wait 15 minutes and try again.",
  },
} as const satisfies Record<string, RateLimitRule>;

/** Why an answer was refused, as the API says it (docs/product.md §2.24). */
export const PASSKEY_REFUSALS = {
  malformed: {
    status: 400,
    code: "INVALID_PASSKEY_RESPONSE",
    message: "The passkey's answer is not valid. Please try again.",
  },
  expired: {
    status: 400,
    code: "PASSKEY_REQUEST_EXPIRED",
    message: "This passkey request has expired or was used already. Please try again.",
  },
  unknown: {
    status: 401,
    code: "UNKNOWN_PASSKEY",
    message: "This passkey is not registered to an account here.",
  },
  failed: {
    status: 401,
    code: "PASSKEY_NOT_VERIFIED",
    message:
      "The passkey could not be verified. Please try again, and unlock it when your device asks.",
  },
  taken: {
    status: 409,
    code: "PASSKEY_REGISTERED",
    message: "This passkey is registered already.",
  },
} as const;

export type PasskeyRefusal = keyof typeof PASSKEY_REFUSALS;

/** The site's relying party: its host name is the RP ID, its origin the only one accepted. */
export function relyingParty(siteUrl: string): { id: string; origin: string } {
  const url = new URL(siteUrl);
  return { id: url.hostname, origin: url.origin };
}

export type PasskeyDeps = { db: Db; siteUrl: string; siteName: string };

function challengeKey(flow: ChallengeFlow, challenge: string): string {
  return `webauthn-${flow}:${challenge}`;
}

async function storeChallenge(
  db: Db,
  flow: ChallengeFlow,
  challenge: string,
  userId: string | null,
): Promise<void> {
  // Expired challenges of any flow go with each new one: nothing else reads them.
  await db
    .delete(verification)
    .where(
      and(
        sql`${verification.identifier} like 'webauthn-%'`,
        lt(verification.expiresAt, new Date()),
      ),
    );
  await db.insert(verification).values({
    id: crypto.randomUUID(),
    identifier: challengeKey(flow, challenge),
    value: userId ?? ANY_MEMBER,
    expiresAt: new Date(Date.now() + CHALLENGE_SECONDS * 1000),
  });
}

/** Uses up the challenge if it is current, of this flow and for this member: one use only. */
async function claimChallenge(
  db: Db,
  flow: ChallengeFlow,
  challenge: string,
  userId: string | null,
): Promise<boolean> {
  const claimed = await db
    .delete(verification)
    .where(
      and(
        eq(verification.identifier, challengeKey(flow, challenge)),
        eq(verification.value, userId ?? ANY_MEMBER),
        gt(verification.expiresAt, new Date()),
      ),
    )
    .returning({ id: verification.id });
  return claimed.length > 0;
}

/** The challenge the browser signed (client data's), or null when the data is not JSON. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as { challenge?: unknown };
    return typeof data.challenge === "string" && data.challenge.length > 0 ? data.challenge : null;
  } catch {
    return null;
  }
}

/** The user handle a member's passkeys hold: their id's bytes (an id says nothing of them). */
function userHandleOf(userId: string): string {
  return isoBase64URL.fromUTF8String(userId);
}

function transportsOf(stored: string): AuthenticatorTransport[] | undefined {
  return stored ? (stored.split(",") as AuthenticatorTransport[]) : undefined;
}

/** Options for adding a passkey: resident (it names the account at sign-in), verified user. */
export async function registrationOptions(
  deps: PasskeyDeps,
  member: { id: string; email: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const rp = relyingParty(deps.siteUrl);
  const existing = await deps.db
    .select({ credentialId: passkey.credentialId, transports: passkey.transports })
    .from(passkey)
    .where(eq(passkey.userId, member.id));
  const options = await generateRegistrationOptions({
    rpName: deps.siteName,
    rpID: rp.id,
    userID: isoUint8Array.fromUTF8String(member.id),
    userName: member.email,
    attestationType: "none",
    // The browser refuses to register an authenticator that holds one of these already.
    excludeCredentials: existing.map((row) => ({
      id: row.credentialId,
      transports: transportsOf(row.transports),
    })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    // Every runtime verifies these. By default v14 offers ML-DSA-44 first where the runtime
    // has it (Chromium's authenticator then picks it): a passkey must not depend on the Node
    // the site runs on next year.
    supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
    timeout: CHALLENGE_SECONDS * 1000,
  });
  await storeChallenge(deps.db, "registration", options.challenge, member.id);
  return options;
}

export type Registered = { ok: true; id: string } | { ok: false; refusal: PasskeyRefusal };

/** Checks the browser's answer to the member's registration options and keeps the passkey. */
export async function registerPasskey(
  deps: PasskeyDeps,
  userId: string,
  response: RegistrationResponse,
  name: string,
): Promise<Registered> {
  const challenge = challengeOf(response.response.clientDataJSON);
  if (!challenge) return { ok: false, refusal: "malformed" };
  if (!(await claimChallenge(deps.db, "registration", challenge, userId))) {
    return { ok: false, refusal: "expired" };
  }
  const rp = relyingParty(deps.siteUrl);
  let info: Awaited<ReturnType<typeof verifyRegistrationResponse>>["registrationInfo"];
  try {
    const verified = await verifyRegistrationResponse({
      response: response as Parameters<typeof verifyRegistrationResponse>[0]["response"],
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
    info = verified.verified ? verified.registrationInfo : undefined;
  } catch {
    info = undefined;
  }
  if (!info) return { ok: false, refusal: "failed" };
  const id = crypto.randomUUID();
  const inserted = await deps.db
    .insert(passkey)
    .values({
      id,
      userId,
      name,
      credentialId: info.credential.id,
      publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
      counter: info.credential.counter,
      transports: (response.response.transports ?? []).join(","),
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
    })
    .onConflictDoNothing({ target: passkey.credentialId })
    .returning({ id: passkey.id });
  return inserted.length > 0 ? { ok: true, id } : { ok: false, refusal: "taken" };
}

/**
 * Options for a sign-in (no member named: the browser offers the site's passkeys, also as
 * autofill) or for confirming it is `member` (their passkeys only).
 */
export async function assertionOptions(
  deps: PasskeyDeps,
  flow: "sign-in" | "confirmation",
  memberId: string | null,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const rp = relyingParty(deps.siteUrl);
  const allowed = memberId
    ? await deps.db
        .select({ credentialId: passkey.credentialId, transports: passkey.transports })
        .from(passkey)
        .where(eq(passkey.userId, memberId))
    : [];
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: "required",
    allowCredentials: allowed.map((row) => ({
      id: row.credentialId,
      transports: transportsOf(row.transports),
    })),
    timeout: CHALLENGE_SECONDS * 1000,
  });
  await storeChallenge(deps.db, flow, options.challenge, memberId);
  return options;
}

export type Asserted =
  | { ok: true; userId: string; passkeyId: string }
  | { ok: false; refusal: PasskeyRefusal };

/**
 * Checks an assertion: the challenge (this flow's, for this member, unused), the passkey
 * (registered; the member's when one is named), the origin and RP ID, the signature, user
 * verification, and the signature counter where the authenticator keeps one. `beforeCheck`
 * runs once the account is known (the per-account limit), before the signature is checked.
 */
export async function verifyPasskeyAssertion(
  deps: PasskeyDeps,
  flow: "sign-in" | "confirmation",
  response: AuthenticationResponse,
  memberId: string | null,
  beforeCheck: (userId: string) => Promise<void> = async () => {},
): Promise<Asserted> {
  const challenge = challengeOf(response.response.clientDataJSON);
  if (!challenge) return { ok: false, refusal: "malformed" };
  if (!(await claimChallenge(deps.db, flow, challenge, memberId))) {
    return { ok: false, refusal: "expired" };
  }
  const [stored] = await deps.db
    .select()
    .from(passkey)
    .where(
      memberId
        ? and(eq(passkey.credentialId, response.id), eq(passkey.userId, memberId))
        : eq(passkey.credentialId, response.id),
    );
  if (!stored) return { ok: false, refusal: "unknown" };
  // A resident passkey names its account; it must be the one the credential is registered to.
  const handle = response.response.userHandle;
  if (handle && handle !== userHandleOf(stored.userId)) return { ok: false, refusal: "unknown" };
  await beforeCheck(stored.userId);
  const rp = relyingParty(deps.siteUrl);
  let newCounter: number;
  try {
    const verified = await verifyAuthenticationResponse({
      response: response as Parameters<typeof verifyAuthenticationResponse>[0]["response"],
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: stored.credentialId,
        publicKey: isoBase64URL.toBuffer(stored.publicKey),
        counter: stored.counter,
        transports: transportsOf(stored.transports),
      },
      requireUserVerification: true,
    });
    if (!verified.verified || !verified.authenticationInfo.userVerified) {
      return { ok: false, refusal: "failed" };
    }
    newCounter = verified.authenticationInfo.newCounter;
  } catch {
    return { ok: false, refusal: "failed" };
  }
  // Only a higher count passes (or none kept at all): the same count twice, even at once, is a
  // copy of the authenticator or a replay.
  const used = await deps.db
    .update(passkey)
    .set({ counter: newCounter, lastUsedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(passkey.id, stored.id),
        or(
          lt(passkey.counter, newCounter),
          and(eq(passkey.counter, 0), sql`${newCounter}::bigint = 0`),
        ),
      ),
    )
    .returning({ id: passkey.id });
  if (used.length === 0) return { ok: false, refusal: "failed" };
  return { ok: true, userId: stored.userId, passkeyId: stored.id };
}

/** Whether the member has a passkey (one is a second factor, decision 063). */
export async function hasPasskey(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: passkey.id })
    .from(passkey)
    .where(eq(passkey.userId, userId))
    .limit(1);
  return row !== undefined;
}
