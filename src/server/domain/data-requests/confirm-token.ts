// The link that proves a data request came from its address's owner (docs/decisions/029):
// anyone can file a request without signing in, so the inbox acts on an account ("Export
// data", "Erase account") only once the link mailed to that address has been opened. The token
// is the request's id and address with an HMAC under the auth secret: it cannot be made for
// another request or another address, and it stops working if the request is removed.
import { keyedHash, keyedHashMatches } from "@/server/lib/keyed-hash";

const PURPOSE = "data-request-confirm v1";

export type ConfirmClaim = { requestId: string; email: string };

/** Where the link lands (client paths.dataRequestConfirm). */
export const CONFIRM_PAGE_PATH = "/data-request/confirm";

export function dataRequestConfirmToken(secret: string, claim: ConfirmClaim): string {
  const payload = Buffer.from(JSON.stringify([claim.requestId, claim.email])).toString("base64url");
  return `${payload}.${keyedHash(secret, PURPOSE, payload)}`;
}

export function dataRequestConfirmLink(siteUrl: string, secret: string, claim: ConfirmClaim) {
  return `${siteUrl}${CONFIRM_PAGE_PATH}?token=${encodeURIComponent(dataRequestConfirmToken(secret, claim))}`;
}

/** The claim of a token this server made; null for anything else. */
export function readDataRequestConfirmToken(secret: string, token: string): ConfirmClaim | null {
  const [payload, given, extra] = token.split(".");
  if (!payload || !given || extra !== undefined) return null;
  if (!keyedHashMatches(secret, PURPOSE, payload, given)) return null;
  try {
    const [requestId, email] = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as [
      unknown,
      unknown,
    ];
    if (typeof requestId !== "string" || typeof email !== "string") return null;
    return { requestId, email };
  } catch {
    return null;
  }
}
