import type { AccountSession } from "@/shared/api-types";

const MOBILE_SYSTEMS = /android|ios|iphone|ipad/i;

/** "Firefox 128 on macOS 14", or as much as the user agent told. */
export function deviceLabel(session: Pick<AccountSession, "browser" | "os">): string {
  const { browser, os } = session;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? "Unknown device";
}

/** Phones and tablets get a phone icon, everything else a screen. */
export function isMobileSystem(os: string | null): boolean {
  return os !== null && MOBILE_SYSTEMS.test(os);
}
