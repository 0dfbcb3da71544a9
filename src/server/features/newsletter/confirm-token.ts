// The token of a newsletter confirmation link (docs/decisions/028): the address and the time
// it was made, with an HMAC under the auth secret. Nothing is stored, so every link sent stays
// valid until it expires (PENDING_DAYS): a stranger asking again can never void the owner's.
import { createHmac, timingSafeEqual } from "node:crypto";

const PURPOSE = "newsletter-confirm v1";

function mac(secret: string, payload: string): string {
  return createHmac("sha256", secret).update(`${PURPOSE}\n${payload}`).digest("base64url");
}

export function confirmToken(secret: string, email: string, now = Date.now()): string {
  const payload = Buffer.from(
    JSON.stringify([email.toLowerCase(), Math.floor(now / 1000)]),
  ).toString("base64url");
  return `${payload}.${mac(secret, payload)}`;
}

/** The address of a token this server made within `maxAgeDays`; null for anything else. */
export function readConfirmToken(
  secret: string,
  token: string,
  maxAgeDays: number,
  now = Date.now(),
): string | null {
  const [payload, given, extra] = token.split(".");
  if (!payload || !given || extra !== undefined) return null;
  const expected = Buffer.from(mac(secret, payload));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  try {
    const [email, issuedAt] = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as [
      unknown,
      unknown,
    ];
    if (typeof email !== "string" || typeof issuedAt !== "number") return null;
    const ageSeconds = now / 1000 - issuedAt;
    if (ageSeconds < -60 || ageSeconds > maxAgeDays * 24 * 3600) return null;
    return email;
  } catch {
    return null;
  }
}
