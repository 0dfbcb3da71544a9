// The `test` and `expect` every spec imports: Playwright's, with a console guard on each test's
// browser context. A console error or an uncaught exception in any page fails the test, unless
// the test declared the answer that logged it: consoleGuard.expectResponse(401, "/api/...").
import { test as base, expect } from "@playwright/test";
import { type ConsoleGuard, guardConsole } from "./console-guard";

export const test = base.extend<{ consoleGuard: ConsoleGuard }>({
  consoleGuard: [
    async ({ context }, use) => {
      const guard = guardConsole(context);
      await use(guard);
      expect(guard.unexpected(), "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
