// The time a public form was shown, signed by the server (docs/decisions/034). The form asks
// for a token when it is shown (GET /api/forms/token) and sends it back with the submission;
// the token is the issue time in milliseconds and an HMAC of it under the auth secret, so a
// client cannot claim its form was shown earlier than it was. Nothing is stored.
import { keyedHash, keyedHashMatches } from "@/server/lib/keyed-hash";
import type { HoldReason } from "@/shared/spam";

const PURPOSE = "form-shown v1";

/** A token older than this is no proof of anything: the form was shown too long ago. */
export const FORM_TOKEN_MAX_AGE_MS = 24 * 3600 * 1000;

export function issueFormToken(secret: string, now = Date.now()): string {
  const issuedAt = String(now);
  return `${issuedAt}.${keyedHash(secret, PURPOSE, issuedAt)}`;
}

/** When a token this server made was issued; null for anything else. */
export function formTokenIssuedAt(secret: string, token: string): number | null {
  const [issuedAt, given, extra] = token.split(".");
  if (!issuedAt || !given || extra !== undefined || !/^\d{1,15}$/.test(issuedAt)) return null;
  if (!keyedHashMatches(secret, PURPOSE, issuedAt, given)) return null;
  return Number(issuedAt);
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
