// docs/product.md §3 "Cookie consent (stored locally)": the three flags and when the choice was made.

export const CONSENT_STORAGE_KEY = "cookie-consent";

export type CookieConsent = {
  necessary: true;
  analytics: boolean;
  marketing: boolean;
  /** ISO date-time of the choice. */
  timestamp: string;
};

/** The stored choice, or null when there is none (or storage is unreadable). */
export function readConsent(): CookieConsent | null {
  try {
    const raw = window.localStorage.getItem(CONSENT_STORAGE_KEY);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (
      typeof value === "object" &&
      value !== null &&
      "analytics" in value &&
      "marketing" in value &&
      typeof value.analytics === "boolean" &&
      typeof value.marketing === "boolean"
    ) {
      return value as CookieConsent;
    }
    return null;
  } catch {
    return null;
  }
}

/** docs/product.md §4: Accept All stores all true; Necessary Only stores analytics and marketing false. */
export function saveConsent(choice: "all" | "necessary"): void {
  const consent: CookieConsent = {
    necessary: true,
    analytics: choice === "all",
    marketing: choice === "all",
    timestamp: new Date().toISOString(),
  };
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(consent));
  } catch {
    // Storage full or blocked: the banner simply shows again next time.
  }
}
