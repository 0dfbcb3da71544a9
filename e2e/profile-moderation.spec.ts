// Report and Suspend on a member's profile (issue 17): Report for signed-in members on someone
// else's profile, Suspend for moderators and admins (never a moderator on staff), with no
// hydration mismatch on the server-rendered page (the console guard fails on any console error,
// React's #418 included).
import type { Page } from "@playwright/test";
import type { SessionResponse } from "../src/shared/api-types";
import { newMemberOn } from "./support/accounts";
import { storeCookieConsent } from "./support/cookie-consent";
import { newWatchedPage, screenshotsForReview } from "./support/pages";
import { setRole } from "./support/roles";
import { expect, test } from "./support/test";

async function ownId(page: Page): Promise<string> {
  const session = (await (await page.request.get("/api/session")).json()) as SessionResponse;
  if (!session.user) throw new Error("not signed in");
  return session.user.id;
}

test("a member reports another's profile; their own and a visitor's have no Report", async ({
  page,
  browser,
  consoleGuard,
}) => {
  const subject = await newWatchedPage(browser, consoleGuard);
  await newMemberOn(subject, { name: "Petra Profile" });
  const subjectId = await ownId(subject);

  await storeCookieConsent(page);
  await newMemberOn(page, { name: "Rory Reporter" });
  // A full page load: the server's HTML, then hydration.
  await page.goto(`/profile/${subjectId}`);
  await expect(page.getByRole("heading", { name: "Petra Profile" })).toBeVisible();
  const report = page.getByRole("button", { name: "Report Petra Profile's profile" });
  await expect(report).toBeVisible();
  await expect(page.getByRole("button", { name: "Block" })).toBeVisible();
  // A member is no moderator: no Suspend.
  await expect(page.getByRole("button", { name: "Suspend" })).toHaveCount(0);
  await report.click();
  const dialog = page.getByRole("dialog", { name: "Report this profile" });
  await dialog.getByRole("radio", { name: "Harassment or hate" }).check();
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByText("Thanks, a moderator will review this.")).toBeVisible();

  // Their own profile: Edit Profile, no Report.
  await subject.goto(`/profile/${subjectId}`);
  await expect(subject.getByRole("link", { name: "Edit Profile" })).toBeVisible();
  await expect(subject.getByRole("button", { name: /^Report/ })).toHaveCount(0);

  // A visitor: neither.
  const visitor = await newWatchedPage(browser, consoleGuard);
  await visitor.goto(`/profile/${subjectId}`);
  await expect(visitor.getByRole("heading", { name: "Petra Profile" })).toBeVisible();
  await expect(visitor.getByRole("button", { name: /^Report/ })).toHaveCount(0);
});

test("a moderator suspends a member from the profile, but is offered no Suspend on staff", async ({
  page,
  browser,
  consoleGuard,
}) => {
  const member = await newWatchedPage(browser, consoleGuard);
  await newMemberOn(member, { name: "Milo Member" });
  const memberId = await ownId(member);
  const author = await newWatchedPage(browser, consoleGuard);
  const authorAccount = await newMemberOn(author, { name: "Ari Author" });
  await setRole(authorAccount.email, "author");
  const authorId = await ownId(author);

  await storeCookieConsent(page);
  const moderator = await newMemberOn(page, { name: "Moe Moderator" });
  await setRole(moderator.email, "moderator");

  await page.goto(`/profile/${memberId}`);
  await expect(page.getByRole("heading", { name: "Milo Member" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Report Milo Member's profile" })).toBeVisible();
  await screenshotsForReview(page, "profile-moderator");
  await page.getByRole("button", { name: "Suspend" }).click();
  const dialog = page.getByRole("dialog", { name: "Suspend Milo Member" });
  await dialog.getByLabel("Reason").fill("Flooding the forum");
  await dialog.getByRole("button", { name: "Suspend" }).click();
  await expect(page.getByText("Member suspended")).toBeVisible();
  await expect(page.getByText(/Suspended until .*: Flooding the forum/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Lift suspension" })).toBeVisible();

  // The member sees the banner.
  await member.goto("/discussion");
  await expect(
    member.getByRole("status").filter({ hasText: "Your account is suspended until" }),
  ).toContainText("Reason: Flooding the forum");

  // Staff: a moderator may report but not suspend them.
  await page.goto(`/profile/${authorId}`);
  await expect(page.getByRole("button", { name: "Report Ari Author's profile" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Suspend" })).toHaveCount(0);
});
