// The complaints procedure (issue 47, docs/decisions/081): a visitor finds the complaints form
// from the Online safety page, sends a complaint and is acknowledged by mail; an admin sees it in
// the CMS with its status and due date, takes it, and resolves it, which mails the outcome.
import { randomBytes } from "node:crypto";
import { createVerifiedAccount, signIn, uniqueEmail } from "./support/accounts";
import { storeCookieConsent } from "./support/cookie-consent";
import { openInbox } from "./support/mailbox";
import { newWatchedPage, screenshotsForReview } from "./support/pages";
import { setRole } from "./support/roles";
import { expect, test } from "./support/test";

test("a visitor's complaint appears for the admin, who resolves it and the visitor hears the outcome", async ({
  page,
  browser,
  consoleGuard,
}) => {
  const token = randomBytes(4).toString("hex");
  const message = `Nobody answered my report about a scam post (${token}).`;

  // The visitor, not signed in, from the Online safety page.
  await storeCookieConsent(page);
  const email = uniqueEmail("complaint");
  const inbox = await openInbox(email);
  await page.goto("/online-safety");
  await page.getByRole("link", { name: "complaints form" }).click();
  await expect(page.getByRole("heading", { name: "Make a complaint" })).toBeVisible();
  await page
    .getByLabel("What is your complaint about?")
    .selectOption({ label: "How the site meets its online safety duties" });
  await page.getByLabel("Your email").fill(email);
  await page.getByLabel("Your complaint", { exact: true }).fill(message);
  await page.getByRole("button", { name: "Send complaint" }).click();
  await expect(page.getByText("Thanks. We have received your complaint")).toBeVisible();
  await expect.poll(() => inbox.countNew(), { timeout: 30_000 }).toBe(1);

  // The admin finds it in the CMS: pending, due in 30 days, nobody owns it yet.
  const admin = await newWatchedPage(browser, consoleGuard);
  const name = `Admin ${token}`;
  const account = await createVerifiedAccount(admin.request, { name });
  await setRole(account.email, "admin");
  await signIn(admin, account);
  await admin.goto("/cms?tab=complaints");
  const item = admin.getByRole("listitem").filter({ hasText: message });
  await expect(item).toBeVisible();
  await expect(item.getByText("How the site meets its online safety duties")).toBeVisible();
  await expect(item.getByText("Pending")).toBeVisible();
  await expect(item.getByText(/Due .* · 30 days left/)).toBeVisible();
  await screenshotsForReview(admin, "cms-complaints", { showing: item });

  // Takes it, starts it and resolves it: the outcome goes to the visitor.
  await item.getByLabel("Owner").selectOption({ label: name });
  await expect(item.getByLabel("Owner")).not.toHaveValue("");
  await item.getByRole("button", { name: "Start" }).click();
  await expect(item.getByText("In progress")).toBeVisible();
  await item.getByRole("button", { name: "Resolve" }).click();
  const dialog = admin.getByRole("dialog", { name: "Resolve the complaint" });
  await dialog.getByLabel("Outcome").fill("We answered the report and removed the post.");
  await dialog.getByRole("button", { name: "Resolve" }).click();
  await expect(item.getByText("Resolved", { exact: true })).toBeVisible();
  await expect.poll(() => inbox.countNew(), { timeout: 30_000 }).toBe(2);
});
