// The token of a newsletter confirmation link (docs/decisions/028): the address and the time
// it was made, signed (lib/signed-token.ts). Nothing is stored, so every link sent stays valid
// until it expires (PENDING_DAYS): a stranger asking again can never void the owner's.
import { z } from "zod";
import { signedToken } from "@/server/lib/signed-token";

/** [address, issued at in seconds since the epoch] */
const token = signedToken("newsletter-confirm v1", z.tuple([z.string(), z.number()]));

export function confirmToken(secret: string, email: string, now = Date.now()): string {
  return token.issue(secret, [email.toLowerCase(), Math.floor(now / 1000)]);
}

/** The address of a token this server made within `maxAgeDays`; null for anything else. */
export function readConfirmToken(
  secret: string,
  given: string,
  maxAgeDays: number,
  now = Date.now(),
): string | null {
  const claim = token.read(secret, given);
  if (!claim) return null;
  const [email, issuedAt] = claim;
  const ageSeconds = now / 1000 - issuedAt;
  if (ageSeconds < -60 || ageSeconds > maxAgeDays * 24 * 3600) return null;
  return email;
}
