// The token in a newsletter email's unsubscribe link: an HMAC of the address under the auth
// secret, so the link works without a sign-in and cannot be forged for someone else's address.
import { createHmac, timingSafeEqual } from "node:crypto";

const PURPOSE = "newsletter-unsubscribe";

export function unsubscribeToken(secret: string, email: string): string {
  return createHmac("sha256", secret)
    .update(`${PURPOSE}\n${email.toLowerCase()}`)
    .digest("base64url");
}

export function isValidUnsubscribeToken(secret: string, email: string, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(secret, email));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
