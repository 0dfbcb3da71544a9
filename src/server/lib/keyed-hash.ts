// The one HMAC-SHA256 under the auth secret (docs/decisions/047): what signs links and tokens,
// and what is kept in place of a value that must be recognised but not read. `purpose` keeps
// each use apart, so one use's output is never valid for another.
import { createHmac, timingSafeEqual } from "node:crypto";

export function keyedHash(secret: string, purpose: string, payload: string): string {
  return createHmac("sha256", secret).update(`${purpose}\n${payload}`).digest("base64url");
}

/** Whether `given` is `payload`'s keyed hash for `purpose`, compared in constant time. */
export function keyedHashMatches(
  secret: string,
  purpose: string,
  payload: string,
  given: string,
): boolean {
  const expected = Buffer.from(keyedHash(secret, purpose, payload));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
