// The link that proves a data request came from its address's owner (docs/decisions/029):
// anyone can file a request without signing in, so the inbox acts on an account ("Export
// data", "Erase account") only once the link mailed to that address has been opened. The token
// is the request's id and address, signed (lib/signed-token.ts): it cannot be made for
// another request or another address, and it stops working if the request is removed.
import { z } from "zod";
import { signedToken } from "@/server/lib/signed-token";

export type ConfirmClaim = { requestId: string; email: string };

/** Where the link lands (client paths.dataRequestConfirm). */
export const CONFIRM_PAGE_PATH = "/data-request/confirm";

const token = signedToken("data-request-confirm v1", z.tuple([z.string(), z.string()]));

export function dataRequestConfirmToken(secret: string, claim: ConfirmClaim): string {
  return token.issue(secret, [claim.requestId, claim.email]);
}

export function dataRequestConfirmLink(siteUrl: string, secret: string, claim: ConfirmClaim) {
  return `${siteUrl}${CONFIRM_PAGE_PATH}?token=${encodeURIComponent(dataRequestConfirmToken(secret, claim))}`;
}

/** The claim of a token this server made; null for anything else. */
export function readDataRequestConfirmToken(secret: string, given: string): ConfirmClaim | null {
  const claim = token.read(secret, given);
  return claim && { requestId: claim[0], email: claim[1] };
}
