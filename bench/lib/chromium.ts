// Debian's Chromium (never a browser downloaded by Playwright), with the flags these machines need.
import { existsSync } from "node:fs";
import { type Browser, chromium } from "@playwright/test";

/** The whole browser: Lighthouse and the benchmarks measure what a person's Chrome does. */
export const CHROMIUM_PATH = "/usr/bin/chromium";

/**
 * Debian's `chromium-headless-shell`: the same Blink and V8 without the browser's windowing,
 * GPU process and compositor around them, which is what Playwright itself runs headless tests
 * in. On two cores the whole browser's GPU and browser processes took about a fifth of a core
 * each per worker, idle or not (docs/decisions/084).
 */
export const HEADLESS_SHELL_PATH = "/usr/bin/chromium-headless-shell";

/** The browser tests' browser: the headless shell where it is installed, else the whole browser. */
export function browserTestsChromiumPath(): string {
  return existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH;
}

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
