// The device cookie (decision 051): a browser that signed in to an account is remembered by a
// long-lived, httpOnly cookie signed with the auth secret (Hono's signed cookies), naming the
// account and a random device id. Such a browser's sign-ins to that account count their
// failures under the device, never under its network, so guesses from elsewhere never slow it.
import type { Context } from "hono";
import { generateSignedCookie, getSignedCookie } from "hono/cookie";
import type { AppEnv } from "@/server/context";
import { DEVICE_COOKIE, deviceCookieParts } from "./device-cookie";

/** Sent to the account endpoints only: nothing else has a use for it. */
const DEVICE_COOKIE_PATH = "/api/auth";
/** A year: browsers cap cookies at about 400 days. */
export const DEVICE_COOKIE_DAYS = 365;

export type KnownDevice = { userId: string; deviceId: string };

function securePrefix(c: Context<AppEnv>): "secure" | undefined {
  return new URL(c.var.deps.env.siteUrl).protocol === "https:" ? "secure" : undefined;
}

/** The device this request's cookie names, if the cookie is one this server signed. */
export async function knownDeviceOf(c: Context<AppEnv>): Promise<KnownDevice | null> {
  const value = await getSignedCookie(c, c.var.deps.secret, DEVICE_COOKIE, securePrefix(c));
  if (typeof value !== "string") return null;
  return deviceCookieParts(value);
}

/**
 * The Set-Cookie header that remembers this browser for `userId`. A browser already known
 * keeps its device id (its failures stay its own); the cookie names the latest account only.
 */
export async function deviceCookieFor(
  c: Context<AppEnv>,
  userId: string,
  known: KnownDevice | null,
): Promise<string> {
  const deviceId = known?.deviceId ?? crypto.randomUUID();
  const secure = securePrefix(c);
  return generateSignedCookie(DEVICE_COOKIE, `${userId}:${deviceId}`, c.var.deps.secret, {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: "Lax",
    maxAge: DEVICE_COOKIE_DAYS * 24 * 3600,
    ...(secure ? { prefix: secure, secure: true } : {}),
  });
}
