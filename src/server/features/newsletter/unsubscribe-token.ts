// The token in a newsletter email's unsubscribe link: the address's keyed hash under the auth
// secret (lib/keyed-hash.ts), so the link works without a sign-in and cannot be forged for
// someone else's address. The address travels beside it in the link, so unlike the tokens of
// lib/signed-token.ts it carries no claim of its own; links already mailed keep working.
import { keyedHash, keyedHashMatches } from "@/server/lib/keyed-hash";

const PURPOSE = "newsletter-unsubscribe";

export function unsubscribeToken(secret: string, email: string): string {
  return keyedHash(secret, PURPOSE, email.toLowerCase());
}

export function isValidUnsubscribeToken(secret: string, email: string, token: string): boolean {
  return keyedHashMatches(secret, PURPOSE, email.toLowerCase(), token);
}
