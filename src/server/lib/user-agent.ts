// A user agent as people name a device: "Firefox 128" on "macOS 14" (bowser's parse). The
// settings' session list and the new sign-in notice (docs/decisions/060) describe it alike.
import Bowser from "bowser";

/** The major version is enough to recognise a device. */
export function describeUserAgent(userAgent: string | null): {
  browser: string | null;
  os: string | null;
} {
  if (!userAgent) return { browser: null, os: null };
  const parsed = Bowser.parse(userAgent);
  const named = (name?: string, version?: string) =>
    name ? [name, version?.split(".")[0]].filter(Boolean).join(" ") : null;
  return {
    browser: named(parsed.browser.name, parsed.browser.version),
    os: named(parsed.os.name, parsed.os.versionName ?? parsed.os.version),
  };
}

/** "Firefox 128 on macOS 14", or as much as the user agent told. */
export function deviceName(userAgent: string | null): string {
  const { browser, os } = describeUserAgent(userAgent);
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? "An unknown device";
}
