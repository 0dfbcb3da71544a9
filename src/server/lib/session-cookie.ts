// The session cookie's name, and whether a request carries one: the auth layer sets it, and the
// anonymous cache before the app (which never imports auth) passes any request holding one to it.
import { getSessionCookie } from "better-auth/cookies";

/** Our session cookies are `rc.session_token` (with `__Secure-` behind HTTPS). */
export const AUTH_COOKIE_PREFIX = "rc";

/** Whether a Cookie header (or none) holds a session cookie at all (valid or not). */
export function cookiesHaveSession(cookies: string | undefined): boolean {
  // Most requests carry no cookie at all: no need to make web Headers to learn it.
  if (!cookies) return false;
  const headers = new Headers({ cookie: cookies });
  return Boolean(getSessionCookie(headers, { cookiePrefix: AUTH_COOKIE_PREFIX }));
}
