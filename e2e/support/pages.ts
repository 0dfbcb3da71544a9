import type { Browser, Locator, Page } from "@playwright/test";
import type { ConsoleGuard } from "./console-guard";
import { storeCookieConsent } from "./cookie-consent";

/** A page of its own in a new browser context (another visitor), watched for console errors. */
export async function newWatchedPage(browser: Browser, consoleGuard: ConsoleGuard): Promise<Page> {
  const context = await browser.newContext();
  consoleGuard.watch(context);
  const page = await context.newPage();
  await storeCookieConsent(page);
  return page;
}

/**
 * Screenshots at a phone's and a desktop's size, for a person to look at, when SCREENSHOT_DIR
 * is set; the page is left at the desktop size. `showing`: a part further down the page, brought
 * into view at each size (a resize keeps the scroll offset, not what was in view).
 */
export async function screenshotsForReview(
  page: Page,
  name: string,
  { fullPage = false, showing }: { fullPage?: boolean; showing?: Locator } = {},
): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await showing?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
