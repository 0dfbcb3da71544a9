import { randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";

export type DialogWatch = {
  /** Every dialog the page opened so far ("alert: text"), dismissed as it opened. */
  readonly opened: string[];
  /**
   * The dialogs the page opened before now. A dialog nobody opened has no event to wait for,
   * so this opens one of its own as a sentinel: once the page has loaded all its images (a
   * payload's onerror fires after its image fails) and painted, a timer in a new task calls
   * alert(). Dialogs open one at a time and in order: anything the page had scheduled before
   * the sentinel is listed before it.
   */
  before(): Promise<string[]>;
};

/** Records (and dismisses) the dialogs `page` opens. */
export function watchDialogs(page: Page): DialogWatch {
  const opened: string[] = [];
  page.on("dialog", (dialog) => {
    opened.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => {});
  });
  return {
    opened,
    async before() {
      const sentinel = `sentinel ${randomBytes(4).toString("hex")}`;
      await page.waitForFunction(
        () =>
          document.readyState === "complete" &&
          // A lazy image out of view waits for a scroll, which no payload can count on.
          Array.from(document.images).every((image) => image.complete || image.loading === "lazy"),
      );
      await page.evaluate((text) => {
        requestAnimationFrame(() => setTimeout(() => alert(text), 0));
      }, sentinel);
      await expect.poll(() => opened.includes(`alert: ${sentinel}`)).toBe(true);
      const index = opened.indexOf(`alert: ${sentinel}`);
      return opened.splice(0, index + 1).slice(0, index);
    },
  };
}
