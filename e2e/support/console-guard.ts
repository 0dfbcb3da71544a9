import type { BrowserContext, Page } from "@playwright/test";

export type ConsoleGuard = {
  /**
   * Expects an answer with `status` (to a request whose path is `path`, if given): Chromium
   * logs "Failed to load resource: the server responded with a status of 401" for it, which
   * then passes.
   */
  expectResponse(status: number, path?: string): void;
  /** Lets other console errors matching `pattern` pass (a harness that provokes them). */
  allow(pattern: RegExp): void;
  /** Also watches the pages of another browser context. */
  watch(context: BrowserContext): void;
  /** Console errors and uncaught exceptions not allowed so far. */
  unexpected(): string[];
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

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
    expectResponse: (status, path) => {
      // "... status of 401 (Unauthorized) (http://localhost:3281/api/auth/sign-in/email)"
      const where = path ? `\\(https?://[^/]+${escapeRegExp(path)}(?:[?#].*)?\\)$` : "";
      allowed.push(new RegExp(`^Failed to load resource: .* status of ${status} .*${where}`));
    },
    allow: (pattern) => allowed.push(pattern),
    watch,
    unexpected: () => errors.filter((error) => !allowed.some((pattern) => pattern.test(error))),
  };
}
