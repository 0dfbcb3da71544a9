// The checks better-auth's two-factor plugin leaves to us (docs/decisions/060): a TOTP code is
// accepted once only (RFC 6238 §5.2: the newest accepted time-step is stored per member and
// only a later one passes), and a recovery code is matched without using it up (turning
// two-factor off removes them all). The codes are computed with the plugin's own helper.
import { timingSafeEqual } from "node:crypto";
import { createOTP } from "@better-auth/utils/otp";
import { type SecretConfig, symmetricDecrypt } from "better-auth/crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { twoFactor } from "@/server/db/schema";
import { HttpError } from "@/server/lib/http-error";
import type { RateLimitRule } from "@/server/lib/rate-limit";

/** RFC 6238's defaults, which the plugin and every authenticator app use. */
export const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
/** The plugin accepts the step before and after the current one (a clock a little off). */
const TOTP_WINDOW = 1;

/** Codes tried per account and per client address (docs/product.md §2.24), besides better-auth's. */
export const SECOND_FACTOR_LIMITS = {
  perAccount: {
    name: "second-factor-account",
    max: 10,
    windowSeconds: 15 * 60,
    message: "Too many codes tried. Please wait 15 minutes and try again.",
  },
  perClient: {
    name: "second-factor-client",
    max: 30,
    windowSeconds: 15 * 60,
    message: "Too many codes tried. Please wait 15 minutes and try again.",
  },
} as const satisfies Record<string, RateLimitRule>;

export type TotpOutcome = "accepted" | "wrong" | "reused" | "not-enrolled";

function sameCode(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The database, and better-auth's key for what the plugin encrypts (`ctx.context.secretConfig`). */
export type CodeDeps = { db: Db; secretConfig: string | SecretConfig };

/** The CodeDeps of the app's dependencies (better-auth's context holds the key). */
export async function codeDepsOf(deps: {
  db: Db;
  auth: { $context: Promise<{ secretConfig: string | SecretConfig }> };
}): Promise<CodeDeps> {
  return { db: deps.db, secretConfig: (await deps.auth.$context).secretConfig };
}

function decrypt(deps: CodeDeps, data: string): Promise<string> {
  return symmetricDecrypt({ key: deps.secretConfig, data });
}

/** The time-step `code` belongs to for this secret, within the window around `now`; or null. */
export async function matchingStep(
  secret: string,
  code: string,
  now = Date.now(),
): Promise<number | null> {
  const otp = createOTP(secret, { period: TOTP_PERIOD_SECONDS, digits: TOTP_DIGITS });
  const current = Math.floor(now / (TOTP_PERIOD_SECONDS * 1000));
  let matched: number | null = null;
  // Every step is computed, so the time taken does not tell which one matched.
  for (let step = current - TOTP_WINDOW; step <= current + TOTP_WINDOW; step++) {
    if (sameCode(code, await otp.hotp(step))) matched = step;
  }
  return matched;
}

/**
 * Checks a TOTP code for the member and, when right, claims its time-step: one atomic update
 * that only a later step passes, so the same code sent twice (or at once) is accepted once.
 */
export async function claimTotpCode(
  deps: CodeDeps,
  userId: string,
  code: string,
): Promise<TotpOutcome> {
  const [row] = await deps.db
    .select({ secret: twoFactor.secret })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId));
  if (!row) return "not-enrolled";
  const step = await matchingStep(await decrypt(deps, row.secret), code);
  if (step === null) return "wrong";
  const claimed = await deps.db
    .update(twoFactor)
    .set({ lastAcceptedStep: step, updatedAt: new Date() })
    .where(
      and(
        eq(twoFactor.userId, userId),
        or(isNull(twoFactor.lastAcceptedStep), lt(twoFactor.lastAcceptedStep, step)),
      ),
    )
    .returning({ id: twoFactor.id });
  return claimed.length > 0 ? "accepted" : "reused";
}

export const WRONG_TOTP_CODE =
  "That code is not right. Check your authenticator app and try again.";
export const REUSED_TOTP_CODE =
  "This code has been used already. Wait for the next one in your authenticator app.";

/** A TOTP code of the member's, claimed (never twice); throws the matching error otherwise. */
export async function requireTotpCode(deps: CodeDeps, userId: string, code: string): Promise<void> {
  const outcome = await claimTotpCode(deps, userId, code);
  if (outcome === "not-enrolled") {
    throw new HttpError(409, "Two-factor authentication is not on.", { code: "NOT_ENROLLED" });
  }
  if (outcome === "wrong") {
    throw new HttpError(400, WRONG_TOTP_CODE, {
      code: "INVALID_CODE",
      fields: { code: WRONG_TOTP_CODE },
    });
  }
  if (outcome === "reused") {
    throw new HttpError(400, REUSED_TOTP_CODE, {
      code: "TOTP_CODE_REUSED",
      fields: { code: REUSED_TOTP_CODE },
    });
  }
}

/** Whether `code` is one of the member's unused recovery codes (it is not used up here). */
export async function isRecoveryCode(
  deps: CodeDeps,
  userId: string,
  code: string,
): Promise<boolean> {
  const [row] = await deps.db
    .select({ backupCodes: twoFactor.backupCodes, verified: twoFactor.verified })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId));
  if (!row?.verified) return false;
  const codes = JSON.parse(await decrypt(deps, row.backupCodes)) as unknown;
  return (
    Array.isArray(codes) && codes.some((one) => typeof one === "string" && sameCode(code, one))
  );
}
