// Reporting illegal content, for anyone (issue 47, docs/decisions/079): a visitor who is not
// signed in reports a discussion as illegal from its page, gets the acknowledgement by mail,
// confirms the address by its link, and a moderator finds the report first in the queue.
import { randomBytes } from "node:crypto";
import type { DiscussionItem } from "../src/shared/api-types";
import { newMemberOn, uniqueEmail } from "./support/accounts";
import { storeCookieConsent } from "./support/cookie-consent";
import { openInbox } from "./support/mailbox";
import { newWatchedPage } from "./support/pages";
import { setRole } from "./support/roles";
import { expect, test } from "./support/test";

test("a visitor reports a discussion as illegal and gets the acknowledgement", async ({
  page,
  browser,
  consoleGuard,
}) => {
  const title = `Prize draw ${randomBytes(4).toString("hex")}`;
  const writer = await newWatchedPage(browser, consoleGuard);
  await newMemberOn(writer, { name: "Wes Writer" });
  const created = await writer.request.post("/api/discussions", {
    data: { category: "rants-and-vents", title, content: "Send your bank details to win" },
  });
  expect(created.status()).toBe(201);
  const discussion = (await created.json()) as DiscussionItem;

  // The visitor, not signed in.
  await storeCookieConsent(page);
  const email = uniqueEmail("visitor-report");
  const inbox = await openInbox(email);
  await page.goto(`/discussion/${discussion.id}`);
  await page.getByRole("link", { name: "Report this discussion" }).click();
  await expect(page.getByRole("heading", { name: "Report content" })).toBeVisible();
  await page.getByLabel("Reason").selectOption({ label: "Illegal content" });
  await page
    .getByLabel("Kind of illegal content")
    .selectOption({ label: "Fraud and financial offences" });
  await page.getByLabel("Your email").fill(email);
  await page.getByLabel("Details (optional)").fill("It asks for bank details");
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByText("Thanks. Your report is with the moderators.")).toBeVisible();

  // The acknowledgement, and its link confirms the address.
  const link = await inbox.nextLink("/report/confirm");
  await page.goto(link);
  await page.getByRole("button", { name: "Confirm my report" }).click();
  await expect(page.getByText("Thank you: your address is confirmed.")).toBeVisible();

  // The moderator sees it in the queue, as illegal content.
  const moderator = await newWatchedPage(browser, consoleGuard);
  const account = await newMemberOn(moderator, { name: "Mel Moderator" });
  await setRole(account.email, "moderator");
  await moderator.goto("/cms?tab=reports");
  const item = moderator.getByLabel("Reported discussion").filter({ hasText: title });
  await expect(item).toBeVisible();
  await expect(item.getByText("Illegal content × 1")).toBeVisible();
});
