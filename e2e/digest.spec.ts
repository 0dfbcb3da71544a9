// Issue 43's digest in the browser (docs/decisions/073): a member chooses how often in /settings
// and the choice stays; the digest mail's unsubscribe link asks first, then turns it off, and a
// forged one says so; the one-time digest_offer notice under the bell opens /settings#digest.
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { digestUnsubscribeToken } from "../src/server/features/digest/unsubscribe-token";
import type { NotificationItem, NotificationPage } from "../src/shared/notifications";
import { workerSite } from "./support/account-pool";
import { createVerifiedAccount, signIn } from "./support/accounts";
import { screenshotsForReview } from "./support/pages";
import { expect, test } from "./support/test";

/** A member from the worker's pool of sign-ups (no mail to wait for), signed in on `page`. */
async function memberOn(page: Page, name: string): Promise<void> {
  await signIn(page, await createVerifiedAccount(page.request, { name }));
}

const digestSection = (page: Page) =>
  page.getByRole("region", { name: "Digest of what you missed" });

/**
 * The link the digest mail would carry for the member signed in on `page`: signed with the
 * secret the worker's server keeps in its DATA_DIR (AUTH_SECRET is unset in the browser tests).
 */
async function unsubscribeLink(page: Page): Promise<string> {
  const session = await page.request.get("/api/session");
  const { user } = (await session.json()) as { user: { id: string } };
  const secret = (await readFile(path.join(workerSite().dataDir, "auth-secret"), "utf8")).trim();
  return `/digest/unsubscribe?token=${encodeURIComponent(digestUnsubscribeToken(secret, user.id))}`;
}

test("a member chooses a daily digest in /settings, and it stays chosen", async ({ page }) => {
  await memberOn(page, "Digest Reader");
  // As the digest mail's settings link opens it.
  await page.goto("/settings#digest");
  const section = digestSection(page);
  const choice = section.getByLabel("Send the digest");
  // Members who join after the digest exists start weekly (migration 0044).
  await expect(choice).toHaveValue("weekly");
  await expect(section).toBeInViewport();
  await screenshotsForReview(page, "digest-settings", { showing: section });

  await choice.selectOption("daily");
  await expect(page.getByText("Digest settings saved")).toBeVisible();
  await page.reload();
  await expect(digestSection(page).getByLabel("Send the digest")).toHaveValue("daily");
});

test("the digest mail's unsubscribe link asks first, then turns the digest off; a forged one is refused", async ({
  page,
  consoleGuard,
}) => {
  await memberOn(page, "Digest Leaver");
  await page.goto(await unsubscribeLink(page));
  await expect(
    page.getByRole("heading", { name: "Unsubscribe from the digest", level: 1 }),
  ).toBeVisible();
  // Opening the link changed nothing: mail scanners open links too.
  expect(await (await page.request.get("/api/digest")).json()).toEqual({ digest: "weekly" });
  await screenshotsForReview(page, "digest-unsubscribe");

  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByText("You will no longer get the digest.")).toBeVisible();
  await screenshotsForReview(page, "digest-unsubscribed");
  expect(await (await page.request.get("/api/digest")).json()).toEqual({ digest: "off" });

  // The way back: the settings link opens the section, showing Off.
  await page.getByRole("link", { name: "settings", exact: true }).click();
  await expect(page).toHaveURL(/\/settings#digest$/);
  await expect(digestSection(page).getByLabel("Send the digest")).toHaveValue("off");
  await expect(digestSection(page)).toBeInViewport();

  consoleGuard.expectResponse(400, "/api/digest/unsubscribe");
  await page.goto("/digest/unsubscribe?token=forged.signature");
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("alert")).toHaveText("This unsubscribe link is not valid.");
  await screenshotsForReview(page, "digest-unsubscribe-invalid");
});

test("the digest offer under the bell opens the digest setting", async ({ page }) => {
  await memberOn(page, "Digest Newcomer");
  // Migration 0044 writes the offer for members who were there before it, and the browser
  // tests cannot write to the database their server holds: the list the server answers gets
  // the entry as the migration leaves it (digest-offer.test.ts checks the server lists it).
  const offer: NotificationItem = {
    id: randomUUID(),
    kind: "digest_offer",
    actorName: null,
    othersCount: 0,
    discussion: null,
    replyId: null,
    replyMasked: null,
    detail: null,
    at: new Date().toISOString(),
    // Read: marking an entry the server never wrote would answer 404.
    read: true,
    moderation: null,
  };
  await page.route(/\/api\/notifications(\?|$)/, async (route) => {
    const response = await route.fetch();
    const list = (await response.json()) as NotificationPage;
    await route.fulfill({
      response,
      json: { ...list, notifications: [offer, ...list.notifications] },
    });
  });
  await page.goto("/");
  await page.getByRole("button", { name: /^Notifications/ }).click();
  const panel = page.getByRole("dialog", { name: /^Notifications/ });
  const entry = panel.getByRole("link", {
    name: /^New: a digest of what you missed, by email\. It is off for you/,
  });
  await expect(entry).toBeVisible();
  await entry.click();
  await expect(page).toHaveURL(/\/settings#digest$/);
  await expect(digestSection(page)).toBeInViewport();
});
