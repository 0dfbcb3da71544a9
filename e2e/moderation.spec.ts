// Moderation in the browser (issue 17): a report reaches the queue, the item is hidden and the
// reporter hears back; a suspended member sees the banner and cannot post; /moderation lists
// the action without the moderator's name.
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import type { DiscussionItem, SessionResponse } from "../src/shared/api-types";
import { newMemberOn } from "./support/accounts";
import { storeCookieConsent } from "./support/cookie-consent";
import { newWatchedPage } from "./support/pages";
import { setRole } from "./support/roles";
import { expect, test } from "./support/test";

const token = () => `mq${randomBytes(4).toString("hex")}`;

async function moderatorOn(page: Page, name: string) {
  const account = await newMemberOn(page, { name });
  await setRole(account.email, "moderator");
  return account;
}

async function startDiscussion(page: Page, title: string, content: string) {
  const created = await page.request.post("/api/discussions", {
    data: { category: "rants-and-vents", title, content },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as DiscussionItem;
}

async function ownId(page: Page): Promise<string> {
  const session = (await (await page.request.get("/api/session")).json()) as SessionResponse;
  if (!session.user) throw new Error("not signed in");
  return session.user.id;
}

test("a report reaches the queue, the discussion is hidden, and the reporter hears back", async ({
  page,
  browser,
  consoleGuard,
}) => {
  const title = `Cheap pills ${token()}`;
  const writer = await newWatchedPage(browser, consoleGuard);
  await newMemberOn(writer, { name: "Wanda Writer" });
  const discussion = await startDiscussion(writer, title, "Buy now at my shop");

  // The reporter.
  await storeCookieConsent(page);
  await newMemberOn(page, { name: "Rita Reporter" });
  await page.goto(`/discussion/${discussion.id}`);
  await page.getByRole("button", { name: "Report this discussion" }).click();
  const dialog = page.getByRole("dialog", { name: "Report this discussion" });
  await dialog.getByRole("radio", { name: "Spam" }).check();
  await dialog.getByLabel("Details (optional)").fill("Selling pills");
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByText("Thanks, a moderator will review this.")).toBeVisible();
  // The button mounts its dialog on first use, as no trigger of Radix's: the focus comes back.
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Report this discussion" })).toBeFocused();

  // The moderator's queue: the item with its count and reason; Hide asks why.
  const moderator = await newWatchedPage(browser, consoleGuard);
  await moderatorOn(moderator, "Mona Moderator");
  await moderator.goto("/cms?tab=reports");
  const item = moderator.getByLabel("Reported discussion").filter({ hasText: title });
  await expect(item).toBeVisible();
  await expect(item.getByText("1 report")).toBeVisible();
  await expect(item.getByText("Spam × 1")).toBeVisible();
  await expect(item.getByText("Selling pills")).toBeVisible();
  await item.getByRole("button", { name: /^Hide/ }).click();
  const reasonDialog = moderator.getByRole("dialog");
  await reasonDialog.getByLabel("Reason").fill("Advertising");
  await reasonDialog.getByRole("button", { name: "Hide" }).click();
  await expect(moderator.getByText("Done")).toBeVisible();
  await expect(item).toHaveCount(0);

  // Everyone but staff and the author sees the mask.
  await page.goto(`/discussion/${discussion.id}`);
  await expect(
    page.getByRole("heading", { level: 1, name: "Hidden by a moderator" }),
  ).toBeVisible();
  await expect(page.getByText("Buy now at my shop")).toHaveCount(0);
  await writer.goto(`/discussion/${discussion.id}`);
  await expect(writer.getByRole("heading", { level: 1, name: title })).toBeVisible();

  // The reporter hears the outcome (the worker runs in the background).
  await expect(async () => {
    await page.goto("/notifications");
    await expect(
      page.getByText("A moderator reviewed your report: the content was hidden."),
    ).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });

  // The author's notice cites the rule the reports named, and its link opens the terms at that
  // rule (docs/decisions/082).
  await expect(async () => {
    await writer.goto("/notifications");
    await expect(writer.getByRole("link", { name: /^The rule: No spam/ })).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 20_000 });
  await writer.getByRole("link", { name: /^The rule: No spam/ }).click();
  await expect(writer).toHaveURL(/\/terms#rule-spam$/);
  await expect(writer.getByRole("heading", { name: "No spam or advertising" })).toBeInViewport();

  // /moderation lists it, with the reason and the author, never the moderator or the words.
  const visitor = await newWatchedPage(browser, consoleGuard);
  await visitor.goto("/moderation");
  const entry = visitor.getByRole("listitem").filter({ hasText: "Reason: Advertising" });
  await expect(entry).toContainText("Hidden a discussion by Wanda Writer");
  const text = (await visitor.locator("main").textContent()) ?? "";
  expect(text).not.toContain("Mona Moderator");
  expect(text).not.toContain(title);
  expect(text).not.toContain("Buy now");
});

test("a suspended member sees the banner with the reason and end, and cannot post", async ({
  page,
  browser,
  consoleGuard,
}) => {
  await storeCookieConsent(page);
  await newMemberOn(page, { name: "Sid Suspended" });
  const memberId = await ownId(page);

  const moderator = await newWatchedPage(browser, consoleGuard);
  await moderatorOn(moderator, "Max Moderator");
  // Through the API, as the queue's Suspend does (the profile's Suspend button is
  // e2e/profile-moderation.spec.ts's).
  const suspended = await moderator.request.post(
    `/api/moderation/members/${memberId}/suspensions`,
    {
      data: { reason: "Flooding the forum", length: "7d" },
    },
  );
  expect(suspended.status()).toBe(201);

  await page.goto("/discussion");
  const banner = page.getByRole("status").filter({ hasText: "Your account is suspended until" });
  await expect(banner).toContainText("Reason: Flooding the forum");
  const end = new Date(Date.now() + 7 * 86_400_000).toUTCString().slice(0, 16);
  await expect(banner).toContainText(end);

  consoleGuard.expectResponse(403, "/api/discussions");
  await page.getByRole("button", { name: "New discussion" }).first().click();
  await page.getByLabel("Category", { exact: true }).selectOption({ label: "Rants & Vents" });
  await page.getByLabel("Title").fill(`Still here ${token()}`);
  await page.getByLabel("Content").fill("Can I post?");
  await page.getByRole("button", { name: "Create discussion" }).click();
  await expect(page.getByText(/Your account is suspended until/).last()).toBeVisible();
  const list = await page.request.get("/api/discussions?q=Still%20here");
  expect(JSON.stringify(await list.json())).not.toContain("Can I post?");
});

test("a member reports a tag from its list; the moderator deletes it from the queue", async ({
  page,
  browser,
  consoleGuard,
}) => {
  const tag = `scam-${token()}`;
  const moderator = await newWatchedPage(browser, consoleGuard);
  await moderatorOn(moderator, "Tess Moderator");
  expect((await moderator.request.post("/api/cms/tags", { data: { name: tag } })).status()).toBe(
    201,
  );

  // Visitors see the tag's list without the control; a member reports it (decision 070).
  const visitor = await newWatchedPage(browser, consoleGuard);
  await visitor.goto(`/discussion?tag=${tag}`);
  await expect(visitor.getByText(`Discussions tagged #${tag}`)).toBeVisible();
  await expect(visitor.getByRole("button", { name: /^Report/ })).toHaveCount(0);
  await storeCookieConsent(page);
  await newMemberOn(page, { name: "Tom Reporter" });
  await page.goto(`/discussion?tag=${tag}`);
  await page.getByRole("button", { name: `Report the tag #${tag}` }).click();
  const dialog = page.getByRole("dialog", { name: "Report this tag" });
  await dialog.getByRole("radio", { name: "Spam" }).check();
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByText("Thanks, a moderator will review this.")).toBeVisible();

  // The queue shows the tag by its name with Dismiss and Delete only.
  await moderator.goto("/cms?tab=reports");
  const item = moderator.getByLabel("Reported tag").filter({ hasText: `#${tag}` });
  await expect(item).toBeVisible();
  await expect(item.getByText("0 discussions")).toBeVisible();
  await expect(item.getByRole("button")).toHaveText(["Dismiss", "Delete"]);
  await item.getByRole("button", { name: /^Delete/ }).click();
  const reasonDialog = moderator.getByRole("dialog");
  await reasonDialog.getByLabel("Reason").fill("A scam's name");
  await reasonDialog.getByRole("button", { name: "Delete" }).click();
  await expect(moderator.getByText("Done")).toBeVisible();
  await expect(item).toHaveCount(0);
  expect((await moderator.request.get(`/api/tags/${tag}`)).status()).toBe(404);
});
