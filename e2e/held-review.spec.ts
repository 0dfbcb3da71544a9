// Held for review in the browser (issue 17, docs/decisions/034): a contact message that filled
// the honeypot is answered as usual and waits in the Reports tab until released into the Inbox;
// with the Settings tab's switch on, a new member's first discussion shows "Awaiting review" to
// its author only until a moderator approves it.

import { randomBytes } from "node:crypto";
import type { DiscussionItem } from "../src/shared/api-types";
import { newMemberOn } from "./support/accounts";
import { storeCookieConsent } from "./support/cookie-consent";
import { newWatchedPage, screenshotsForReview } from "./support/pages";
import { setRole } from "./support/roles";
import { expect, test } from "./support/test";

const token = () => `hr${randomBytes(4).toString("hex")}`;

test("a contact message that filled the honeypot is answered as usual, held, and released into the Inbox", async ({
  page,
  browser,
  consoleGuard,
}) => {
  const subject = `Held hello ${token()}`;
  await storeCookieConsent(page);
  await page.goto("/contact");
  const form = page.locator("form").filter({ has: page.getByLabel("Subject") });
  await form.getByLabel("Name").fill("Botty McBotface");
  await form.getByLabel("Email").fill("bot@example.com");
  await form.getByLabel("Subject").fill(subject);
  await form.getByLabel("Message").fill("Visit my shop");
  // What a bot does and a person cannot: fill the field nobody sees or reaches.
  const honeypot = form.locator('input[name="website"]');
  await expect(honeypot).toHaveAttribute("tabindex", "-1");
  await expect(honeypot).toHaveAttribute("autocomplete", "off");
  await honeypot.evaluate((input: HTMLInputElement) => {
    input.value = "http://spam.example";
  });
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message sent!")).toBeVisible();

  const admin = await newWatchedPage(browser, consoleGuard);
  const account = await newMemberOn(admin, { name: "Ada Admin" });
  await setRole(account.email, "admin");
  await admin.goto("/cms?tab=reports");
  const held = admin.getByLabel("Held contact message").filter({ hasText: subject });
  await expect(held).toBeVisible();
  await expect(held.getByText("Filled the hidden field")).toBeVisible();
  await screenshotsForReview(admin, "queue-held", { fullPage: true });
  await held.getByRole("button", { name: /^Release/ }).click();
  const dialog = admin.getByRole("dialog");
  await dialog.getByLabel("Reason").fill("A real person after all");
  await dialog.getByRole("button", { name: "Release" }).click();
  await expect(admin.getByText("Released")).toBeVisible();
  await expect(held).toHaveCount(0);

  // The release takes effect in the background: the message reaches the Inbox.
  await expect(async () => {
    await admin.goto("/cms?tab=inbox");
    await expect(admin.getByText(subject)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
});

test("with the setting on, a new member's first discussion awaits review until approved", async ({
  page,
  browser,
  consoleGuard,
}) => {
  const title = `First post ${token()}`;
  // The admin turns the setting on in the Settings tab.
  await storeCookieConsent(page);
  const admin = await newMemberOn(page, { name: "Sage Settings" });
  await setRole(admin.email, "admin");
  await page.goto("/cms?tab=settings");
  const toggle = page.getByRole("switch", { name: "Hold new members' first post for review" });
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await expect(page.getByText("New members' first posts are held")).toBeVisible();
  await screenshotsForReview(page, "settings-tab", { fullPage: true });

  try {
    const newcomer = await newWatchedPage(browser, consoleGuard);
    await newMemberOn(newcomer, { name: "Nell Newcomer" });
    const created = await newcomer.request.post("/api/discussions", {
      data: { category: "rants-and-vents", title, content: "Hello everyone" },
    });
    expect(created.status()).toBe(201);
    const discussion = (await created.json()) as DiscussionItem;
    await newcomer.goto(`/discussion/${discussion.id}`);
    await expect(newcomer.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(newcomer.getByText(/^Awaiting review/)).toBeVisible();
    await screenshotsForReview(newcomer, "awaiting-review", { fullPage: true });

    // Nobody else sees it.
    const visitor = await newWatchedPage(browser, consoleGuard);
    await visitor.goto("/discussion");
    await expect(visitor.getByRole("heading", { name: "Discussion forum" })).toBeVisible();
    await expect(visitor.getByText(title)).toHaveCount(0);

    // A moderator approves it in the Reports tab.
    const moderator = await newWatchedPage(browser, consoleGuard);
    const mod = await newMemberOn(moderator, { name: "Mae Moderator" });
    await setRole(mod.email, "moderator");
    await moderator.goto("/cms?tab=reports");
    const held = moderator
      .getByLabel("Held discussion by Nell Newcomer")
      .filter({ hasText: title });
    await expect(held).toBeVisible();
    // Waited on by its answer: another queue's text could say "approved" before this one is.
    const approved = moderator.waitForResponse(
      (response) =>
        response.url().endsWith(`/held-posts/discussion/${discussion.id}/approve`) &&
        response.request().method() === "POST",
    );
    await held.getByRole("button", { name: /^Approve/ }).click();
    expect((await approved).status()).toBe(200);
    await expect(moderator.getByText("Approved", { exact: true })).toBeVisible();

    await visitor.goto(`/discussion/${discussion.id}`);
    await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(visitor.getByText(/^Awaiting review/)).toHaveCount(0);
  } finally {
    // Other tests' new members post freely.
    await page.goto("/cms?tab=settings");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-checked", "false");
  }
});
