// The newsletter's links in mail: the confirmation page, and the unsubscribe page with its
// RFC 8058 one-click address. The tokens are HMACs under the auth secret, so the links work
// without signing in and cannot be made for someone else's address.
import { confirmToken } from "./confirm-token";
import { unsubscribeToken } from "./unsubscribe-token";

/** The client pages the mails link to; they ask before acting (mail scanners open links). */
export const UNSUBSCRIBE_PAGE = "/newsletter/unsubscribe";
export const CONFIRM_PAGE = "/newsletter/confirm";
/** Where a mail provider POSTs `List-Unsubscribe=One-Click` (the page posts here too). */
export const UNSUBSCRIBE_API = "/api/newsletter/unsubscribe";

export function confirmUrl(secret: string, siteUrl: string, email: string): string {
  const url = new URL(CONFIRM_PAGE, siteUrl);
  url.searchParams.set("token", confirmToken(secret, email));
  return url.href;
}

export function unsubscribeUrls(
  secret: string,
  siteUrl: string,
  email: string,
): { pageUrl: string; oneClickUrl: string } {
  const token = unsubscribeToken(secret, email);
  const page = new URL(UNSUBSCRIBE_PAGE, siteUrl);
  const oneClick = new URL(UNSUBSCRIBE_API, siteUrl);
  for (const url of [page, oneClick]) {
    url.searchParams.set("email", email);
    url.searchParams.set("token", token);
  }
  return { pageUrl: page.href, oneClickUrl: oneClick.href };
}
