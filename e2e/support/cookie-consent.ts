import type { Page } from "@playwright/test";

/** Stores a cookie choice before the page loads, so the banner stays out of the way. */
export async function storeCookieConsent(page: Page): Promise<void> {
  await page.addInitScript(() => {
    // about:blank (between two visitors) has no storage of its own.
    if (window.location.protocol === "about:") return;
    window.localStorage.setItem(
      "cookie-consent",
      JSON.stringify({
        necessary: true,
        analytics: false,
        marketing: false,
        timestamp: new Date().toISOString(),
      }),
    );
  });
}
