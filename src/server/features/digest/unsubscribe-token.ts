// The token of a digest's unsubscribe link (RFC 8058 one-click, and the page that works signed
// out): the member's id, signed (lib/signed-token.ts) for this purpose only, so it cannot be
// forged for another member nor used as another kind of token.
import { z } from "zod";
import { signedToken } from "@/server/lib/signed-token";

const token = signedToken("digest-unsubscribe v1", z.tuple([z.string().min(1)]));

export function digestUnsubscribeToken(secret: string, userId: string): string {
  return token.issue(secret, [userId]);
}

/** The member a token this server made names; null for anything else. */
export function readDigestUnsubscribeToken(secret: string, given: string): string | null {
  return token.read(secret, given)?.[0] ?? null;
}
