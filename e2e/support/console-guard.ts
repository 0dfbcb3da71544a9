import type { BrowserContext, Page } from "@playwright/test";

export type ConsoleGuard = {
  /**
   * Lets console errors matching `pattern` pass: Chromium logs "Failed to load resource: the
   * server responded with a status of 401" for an answer the test itself expects.
   */
  allow(pattern: RegExp): void;
  /** Also watches the pages of another browser context. */
  watch(context: BrowserContext): void;
  /** Console errors and uncaught exceptions not allowed so far. */
  unexpected(): string[];
};

/** Records console errors and uncaught exceptions of every page of the watched contexts. */
export function guardConsole(context: BrowserContext): ConsoleGuard {
  const allowed: RegExp[] = [];
  const errors: string[] = [];

  const watchPage = (page: Page) => {
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const where = message.location().url;
      errors.push(where ? `${message.text()} (${where})` : message.text());
    });
    page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
  };
  const watch = (watched: BrowserContext) => {
    for (const page of watched.pages()) watchPage(page);
    watched.on("page", watchPage);
  };
  watch(context);

  return {
    allow: (pattern) => allowed.push(pattern),
    watch,
    unexpected: () => errors.filter((error) => !allowed.some((pattern) => pattern.test(error))),
  };
}
