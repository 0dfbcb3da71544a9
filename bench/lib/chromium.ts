// Debian's Chromium (never a browser downloaded by Playwright), with the flags these machines need.
import { type Browser, chromium } from "@playwright/test";

export const CHROMIUM_PATH = "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** The flags for Playwright, which adds its own headless flag. */
export const PLAYWRIGHT_CHROMIUM_ARGS = CHROMIUM_FLAGS.filter((flag) => flag !== "--headless");

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: PLAYWRIGHT_CHROMIUM_ARGS,
  });
}
