// The `test` and `expect` every spec imports: Playwright's, with a console guard on each test's
// browser context. A console error or an uncaught exception in any page fails the test, unless
// the test declared the answer that logged it: consoleGuard.expectResponse(401, "/api/...").
import { type BrowserContext, test as base, expect, type Page } from "@playwright/test";
import { startWorkerSite, type WorkerSite } from "./account-pool";
import { type ConsoleGuard, guardConsole } from "./console-guard";

/**
 * A server-rendered page shows before its scripts have started (docs/decisions/025): a click or
 * a keystroke then would go nowhere, as for a person in that split second. After a page load,
 * a test goes on once the page has started (the layout marks the document).
 */
async function untilStarted(page: Page): Promise<void> {
  // Rendered on the server: the data element until the page reads it, then the page's mark.
  await page.waitForFunction(() => {
    const html = document.documentElement;
    const rendered =
      document.getElementById("ssr-data") || html.hasAttribute("data-server-rendered");
    return !rendered || html.hasAttribute("data-started");
  });
}

/** Pages whose loads return before the page has started (holdScripts). */
const actingBeforeStart = new WeakSet<Page>();

function waitForStartAfterLoads(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    if (!actingBeforeStart.has(page)) await untilStarted(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    if (!actingBeforeStart.has(page)) await untilStarted(page);
    return response;
  };
}

/**
 * Holds the page's scripts back until the returned function is called, which then waits for
 * the page to start (docs/decisions/061): a test acts on the server's HTML as a person does in
 * the moment before hydration. Load with `waitUntil: "commit"`: the load events wait for the
 * scripts.
 */
export async function holdScripts(page: Page): Promise<() => Promise<void>> {
  actingBeforeStart.add(page);
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/*.js", async (route) => {
    await released;
    await route.continue();
  });
  return async () => {
    release();
    await untilStarted(page);
  };
}

export const test = base.extend<
  { consoleGuard: ConsoleGuard; startedPages: undefined },
  { site: WorkerSite }
>({
  // A site per worker, its own server and data (support/account-pool.ts, decision 055).
  site: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern.
    async ({}, use, workerInfo) => {
      const site = await startWorkerSite(workerInfo.parallelIndex);
      await use(site);
      await site.stop();
    },
    { scope: "worker", auto: true, timeout: 120_000 },
  ],
  baseURL: async ({ site }, use) => use(site.url),
  startedPages: [
    async ({ context, browser, javaScriptEnabled }, use) => {
      // Without scripts no page starts: a load returns when it has loaded.
      const watch = (watched: BrowserContext) => {
        if (javaScriptEnabled === false) return;
        for (const page of watched.pages()) waitForStartAfterLoads(page);
        watched.on("page", waitForStartAfterLoads);
      };
      watch(context);
      // The other browsers a test opens (a second member, a watcher) wait the same way, and
      // close with the test: the worker's browser outlives it, and a page left open keeps its
      // live connection, timers and animations running through every later test.
      const opened: BrowserContext[] = [];
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const another = await newContext(...args);
        opened.push(another);
        watch(another);
        return another;
      };
      await use(undefined);
      browser.newContext = newContext;
      await Promise.all(opened.map((another) => another.close()));
    },
    { auto: true },
  ],
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
