// The device cookie's name, and the account it names read from a Cookie header (decision 051).
// Apart from known-device.ts so that better-auth's hooks (auth.ts), which see headers and not a
// route's context, can tell a known browser from a new one (security-alerts.ts).
import { parseSigned } from "hono/utils/cookie";
import { AUTH_COOKIE_PREFIX } from "@/server/lib/session-cookie";

export const DEVICE_COOKIE = `${AUTH_COOKIE_PREFIX}.device`;

/** The cookie's name as sent: with `__Secure-` when the site is on HTTPS (Hono's prefix). */
export function deviceCookieName(secure: boolean): string {
  return secure ? `__Secure-${DEVICE_COOKIE}` : DEVICE_COOKIE;
}

/** The `userId:deviceId` value's parts, when the value has that shape. */
export function deviceCookieParts(value: string): { userId: string; deviceId: string } | null {
  const [userId, deviceId, extra] = value.split(":");
  if (!userId || !deviceId || extra !== undefined) return null;
  return { userId, deviceId };
}

/** The account the header's device cookie names, if this server signed the cookie. */
export async function deviceCookieAccount(
  cookieHeader: string | null | undefined,
  secret: string,
  secure: boolean,
): Promise<string | null> {
  if (!cookieHeader) return null;
  const name = deviceCookieName(secure);
  const value = (await parseSigned(cookieHeader, secret, name))[name];
  if (typeof value !== "string") return null;
  return deviceCookieParts(value)?.userId ?? null;
}
