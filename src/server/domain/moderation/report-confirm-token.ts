// The link that confirms a visitor's report came from its address's owner (docs/decisions/079).
// The token is the address alone, signed (lib/signed-token.ts): opening it confirms every
// report from that address, so the same mail can go out whether or not the post exists.
import { z } from "zod";
import { signedToken } from "@/server/lib/signed-token";

/** Where the link lands (client paths.reportConfirm). */
export const REPORT_CONFIRM_PAGE_PATH = "/report/confirm";

const token = signedToken("visitor-report-confirm v1", z.tuple([z.string()]));

export function reportConfirmToken(secret: string, email: string): string {
  return token.issue(secret, [email]);
}

export function reportConfirmLink(siteUrl: string, secret: string, email: string): string {
  return `${siteUrl}${REPORT_CONFIRM_PAGE_PATH}?token=${encodeURIComponent(reportConfirmToken(secret, email))}`;
}

/** The address of a token this server made; null for anything else. */
export function readReportConfirmToken(secret: string, given: string): string | null {
  return token.read(secret, given)?.[0] ?? null;
}
