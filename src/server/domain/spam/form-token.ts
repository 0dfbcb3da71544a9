// The time a public form was shown, signed by the server (docs/decisions/034). The form asks
// for a token when it is shown (GET /api/forms/token) and sends it back with the submission;
// the token is the issue time in milliseconds, signed (lib/signed-token.ts), so a client cannot
// claim its form was shown earlier than it was. Nothing is stored.
import { z } from "zod";
import { keyedHashMatches } from "@/server/lib/keyed-hash";
import { signedToken } from "@/server/lib/signed-token";
import type { HoldReason } from "@/shared/spam";

// v2: the time as a signed claim (lib/signed-token.ts).
const token = signedToken("form-shown v2", z.tuple([z.number().int().nonnegative()]));

/** A token older than this is no proof of anything: the form was shown too long ago. */
export const FORM_TOKEN_MAX_AGE_MS = 24 * 3600 * 1000;

export function issueFormToken(secret: string, now = Date.now()): string {
  return token.issue(secret, [now]);
}

// A v1 token (`issuedAt.mac`) from a form shown before an upgrade to v2 and sent after it
// still counts, for the day any form token lives: held as forged, it would wait for staff
// (decision 058 lets only a "too fast" one go out by itself).
const V1_PURPOSE = "form-shown v1";

function v1IssuedAt(secret: string, given: string): number | null {
  const [issuedAt, mac, extra] = given.split(".");
  if (!issuedAt || !mac || extra !== undefined || !/^\d{1,15}$/.test(issuedAt)) return null;
  return keyedHashMatches(secret, V1_PURPOSE, issuedAt, mac) ? Number(issuedAt) : null;
}

/** When a token this server made was issued; null for anything else. */
export function formTokenIssuedAt(secret: string, given: string): number | null {
  return token.read(secret, given)?.[0] ?? v1IssuedAt(secret, given);
}

/**
 * Why a submission with this honeypot value and token is held, or null when it passes. With a
 * minimum of 0 seconds the time is not checked at all (no token needed).
 */
export function holdReason(
  options: { secret: string; minFillSeconds: number; now?: number },
  honeypot: unknown,
  token: unknown,
): HoldReason | null {
  if (typeof honeypot === "string" ? honeypot.length > 0 : honeypot != null) return "honeypot";
  if (options.minFillSeconds <= 0) return null;
  if (typeof token !== "string" || token === "") return "no_token";
  const issuedAt = formTokenIssuedAt(options.secret, token);
  const now = options.now ?? Date.now();
  if (issuedAt === null || issuedAt > now || now - issuedAt > FORM_TOKEN_MAX_AGE_MS) {
    return "bad_token";
  }
  return now - issuedAt < options.minFillSeconds * 1000 ? "too_fast" : null;
}
