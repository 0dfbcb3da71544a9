// Notifications in the browser (issue 16): a second member's reply lights the bell live, and
// the entry opens the reply's permalink; the bell's panel of recent notifications, by mouse and
// keyboard, on a desktop and a phone; Follow and Mute on the discussion page.
import { randomBytes } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import type { DiscussionItem, ReplyItem } from "../src/shared/api-types";
import { newMemberOn } from "./support/accounts";
import type { ConsoleGuard } from "./support/console-guard";
import { storeCookieConsent } from "./support/cookie-consent";
import { expect, test } from "./support/test";

const token = () => `zn${randomBytes(4).toString("hex")}`;

const signedInMember = (page: Page, name: string) => newMemberOn(page, { name });

/** A discussion started through the API by the member signed in on `page`. */
async function startDiscussion(page: Page, title: string): Promise<DiscussionItem> {
  const created = await page.request.post("/api/discussions", {
    data: { category: "rants-and-vents", title, content: "Tell me when someone answers." },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as DiscussionItem;
}

/**
 * Another member, signed in in a browser context of their own (the test's page keeps its
 * session), replying once in each of `discussions`.
 */
async function repliesFromAnotherMember(
  browser: Browser,
  consoleGuard: ConsoleGuard,
  name: string,
  discussions: DiscussionItem[],
): Promise<void> {
  const context = await browser.newContext();
  consoleGuard.watch(context);
  try {
    const other = await context.newPage();
    await signedInMember(other, name);
    for (const discussion of discussions) {
      const posted = await other.request.post(`/api/discussions/${discussion.id}/replies`, {
        data: { content: `An answer from ${name}` },
      });
      expect(posted.status()).toBe(201);
    }
  } finally {
    await context.close();
  }
}

test("a second member's reply lights the bell live; the entry opens the reply", async ({
  page,
  browser,
  consoleGuard,
}) => {
  await signedInMember(page, "Bell Author");
  const title = `Bell ${token()}`;
  const discussion = await startDiscussion(page, title);

  // The panel's code (docs/decisions/012) is fetched when the bell is reached for, and held
  // back here until the bell has been clicked: the click made meanwhile opens it.
  const panelChunks: string[] = [];
  let release = () => {};
  const clicked = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/notification-popover/, async (route) => {
    panelChunks.push(route.request().url());
    await clicked;
    await route.continue();
  });
  const streamOpen = page.waitForResponse((response) =>
    response.url().endsWith("/api/notifications/events"),
  );
  await page.goto("/");
  await streamOpen;
  const bell = page.getByRole("button", { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName("Notifications");

  const otherContext = await browser.newContext();
  consoleGuard.watch(otherContext);
  const other = await otherContext.newPage();
  await signedInMember(other, "Bell Replier");
  const posted = await other.request.post(`/api/discussions/${discussion.id}/replies`, {
    data: { content: "Here is my answer" },
  });
  expect(posted.status()).toBe(201);
  const reply = (await posted.json()) as ReplyItem;

  // No reload: the stream says something changed, and the count is asked for again.
  await expect(bell).toHaveAccessibleName("Notifications, 1 unread", { timeout: 5_000 });
  expect(panelChunks).toEqual([]);
  await bell.click();
  release();
  expect(panelChunks).toHaveLength(1);
  const panel = page.getByRole("dialog", { name: /^Notifications/ });
  await expect(panel).toBeVisible();
  const entry = panel.getByRole("link", {
    name: `Bell Replier replied to your discussion “${title}”`,
  });
  await entry.click();
  await expect(panel).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/discussion/${discussion.id}\\?reply=${reply.id}$`));
  await expect(page.getByText("Here is my answer")).toBeVisible();
  // Opening it read it.
  await expect(bell).toHaveAccessibleName("Notifications");
  await otherContext.close();
});

test("the bell's panel: opened from the keyboard, Escape gives the focus back, Mark all read, See all", async ({
  page,
  browser,
  consoleGuard,
}) => {
  await storeCookieConsent(page);
  await signedInMember(page, "Panel Author");
  const first = await startDiscussion(page, `Panel ${token()}`);
  const second = await startDiscussion(page, `Panel ${token()}`);
  await repliesFromAnotherMember(browser, consoleGuard, "Panel Replier", [first, second]);
  // Keys go to the bell once it has started: its live stream says so (see the phone test).
  const bellStarted = page.waitForResponse((response) =>
    response.url().endsWith("/api/notifications/events"),
  );

  await page.goto("/");
  await bellStarted;
  const bell = page.getByRole("banner").getByRole("button", { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName("Notifications, 2 unread");
  await expect(bell).toHaveAttribute("aria-expanded", "false");

  // From the keyboard: the bell takes the focus like any button and opens on Enter; the focus
  // moves into the panel.
  await bell.focus();
  await page.keyboard.press("Enter");
  const panel = page.getByRole("dialog", { name: /^Notifications/ });
  await expect(panel).toBeVisible();
  await expect(bell).toHaveAttribute("aria-expanded", "true");
  await expect(panel.getByRole("listitem")).toHaveCount(2);
  // Newest activity first.
  await expect(panel.getByRole("link", { name: /replied to your discussion/ })).toHaveText([
    `Panel Replier replied to your discussion “${second.title}”`,
    `Panel Replier replied to your discussion “${first.title}”`,
  ]);
  await expect
    .poll(() => panel.evaluate((node) => node.contains(document.activeElement)))
    .toBe(true);
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(bell).toBeFocused();
  await expect(bell).toHaveAttribute("aria-expanded", "false");

  await page.keyboard.press("Enter");
  await expect(panel).toBeVisible();
  await panel.getByRole("button", { name: "Mark all read" }).click();
  await expect(bell).toHaveAccessibleName("Notifications");
  await expect(panel.getByRole("button", { name: "Mark all read" })).toBeDisabled();
  await expect(panel.getByRole("listitem")).toHaveCount(2);

  await panel.getByRole("link", { name: "See all notifications" }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(panel).toBeHidden();
  await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark read" })).toHaveCount(0);
});

test("the bell holds its place in the header from the first paint, on a phone and a desktop", async ({
  page,
}) => {
  await storeCookieConsent(page);
  await signedInMember(page, "Steady Member");
  // Every layout shift inside the header, from the first paint on.
  await page.addInitScript(() => {
    const shifts: string[] = [];
    Object.assign(window, { __headerShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{
        sources?: Array<{ node?: Node | null }>;
      }>) {
        for (const source of entry.sources ?? []) {
          const node = source.node;
          const element = node instanceof Element ? node : node?.parentElement;
          if (element?.closest("header")) shifts.push(element.outerHTML.slice(0, 100));
        }
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  const bell = page.getByRole("banner").getByRole("button", { name: /^Notifications/ });
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    // A reload, as the member would: the session is read again before the bell can show.
    await page.goto("/");
    await expect(bell).toBeVisible();
    await page.reload();
    await expect(bell).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Layout shifts are reported after the frame that made them.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))),
    );
    const shifts = await page.evaluate(
      () => (window as unknown as { __headerShifts: string[] }).__headerShifts,
    );
    expect(shifts, `header layout shifts at ${width}px`).toEqual([]);
  }
});

test("on a phone the bell's panel fits the screen, and the menu lists Notifications with the count", async ({
  page,
  browser,
  consoleGuard,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await storeCookieConsent(page);
  await signedInMember(page, "Phone Author");
  const discussion = await startDiscussion(page, `Phone ${token()}`);
  await repliesFromAnotherMember(browser, consoleGuard, "Phone Replier", [discussion]);
  // The bell starts after the page, in a part of its own; a click before then went nowhere once
  // in three full runs (2026-11-27). Its live stream opening says it has started.
  const bellStarted = page.waitForResponse((response) =>
    response.url().endsWith("/api/notifications/events"),
  );

  await page.goto("/");
  await bellStarted;
  const bell = page.getByRole("banner").getByRole("button", { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName("Notifications, 1 unread");
  const box = await bell.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);

  await bell.click();
  const panel = page.getByRole("dialog", { name: /^Notifications/ });
  await expect(panel.getByRole("link", { name: /^Phone Replier replied/ })).toBeVisible();
  const panelBox = await panel.boundingBox();
  expect(panelBox?.x).toBeGreaterThanOrEqual(0);
  expect(panelBox && panelBox.x + panelBox.width).toBeLessThanOrEqual(390);
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(bell).toBeFocused();

  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.locator("#mobile-menu");
  const menuLink = menu.getByRole("link", { name: /^Notifications\s*1\s*unread$/ });
  await expect(menuLink).toBeVisible();
  await menuLink.click();
  await expect(page).toHaveURL(/\/notifications$/);
});

test("Follow and Mute on a discussion change with a click, stay after a reload, and a reply follows", async ({
  page,
  browser,
  consoleGuard,
}) => {
  await storeCookieConsent(page);
  await signedInMember(page, "Follow Author");
  const discussion = await startDiscussion(page, `Follow ${token()}`);
  await signedInMember(page, "Follow Reader");

  await page.goto(`/discussion/${discussion.id}`);
  await expect(page.getByRole("heading", { name: discussion.title, level: 1 })).toBeVisible();
  const follow = page.getByRole("button", { name: "Follow", exact: true });
  const following = page.getByRole("button", { name: "Following", exact: true });
  const mute = page.getByRole("button", { name: "Mute", exact: true });
  const muted = page.getByRole("button", { name: "Muted", exact: true });
  const state = async () =>
    (
      (await (await page.request.get(`/api/discussions/${discussion.id}/follow`)).json()) as {
        state: string;
      }
    ).state;
  await expect(follow).toHaveAttribute("aria-pressed", "false");
  await expect(mute).toHaveAttribute("aria-pressed", "false");

  await follow.click();
  await expect(following).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("You'll hear about every reply here.")).toBeVisible();
  expect(await state()).toBe("following");
  await page.reload();
  await expect(following).toHaveAttribute("aria-pressed", "true");
  await expect(mute).toHaveAttribute("aria-pressed", "false");

  await mute.click();
  await expect(muted).toHaveAttribute("aria-pressed", "true");
  await expect(follow).toHaveAttribute("aria-pressed", "false");
  expect(await state()).toBe("muted");
  await page.reload();
  await expect(muted).toHaveAttribute("aria-pressed", "true");
  await expect(follow).toHaveAttribute("aria-pressed", "false");

  await muted.click();
  await expect(mute).toHaveAttribute("aria-pressed", "false");
  await expect(follow).toHaveAttribute("aria-pressed", "false");
  expect(await state()).toBe("none");
  // Replying follows (docs/product.md §2.23), and the open page shows it without a reload.
  const posted = await page.request.post(`/api/discussions/${discussion.id}/replies`, {
    data: { content: "Count me in" },
  });
  expect(posted.status()).toBe(201);
  await expect(following).toHaveAttribute("aria-pressed", "true");

  // A visitor has Share, and neither Follow nor Mute.
  const visitorContext = await browser.newContext();
  consoleGuard.watch(visitorContext);
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/discussion/${discussion.id}`);
  await expect(visitor.getByRole("button", { name: /^Share/ })).toBeVisible();
  await expect(visitor.getByRole("button", { name: /^(Follow|Mute)/ })).toHaveCount(0);
  await visitorContext.close();
});
