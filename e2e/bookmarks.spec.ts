// Issue 42's bookmarks in the browser (docs/decisions/072): a member bookmarks a reply, adds a
// note, finds it on /bookmarks from the account menu; once a moderator hides the reply, the page
// says so instead of its words. A visitor is sent to sign in.
import { randomBytes } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import type { DiscussionItem, ReplyItem } from "../src/shared/api-types";
import { newMemberOn, signOutContext } from "./support/accounts";
import { newWatchedPage, screenshotsForReview } from "./support/pages";
import { setRole } from "./support/roles";
import { expect, test } from "./support/test";

const token = () => `zb${randomBytes(4).toString("hex")}`;

async function postJson<T>(request: APIRequestContext, url: string, data: object): Promise<T> {
  const response = await request.post(url, { data });
  if (response.status() !== 201) {
    throw new Error(`${url}: ${response.status()} ${await response.text()}`);
  }
  return (await response.json()) as T;
}

test("a member bookmarks a reply with a note; once a moderator hides it, /bookmarks says so", async ({
  page,
  browser,
  consoleGuard,
}, testInfo) => {
  testInfo.setTimeout(60_000);
  await newMemberOn(page, { name: "Bookmark Writer" });
  const title = `Worth coming back to ${token()}`;
  const discussion = await postJson<DiscussionItem>(page.request, "/api/discussions", {
    category: "rants-and-vents",
    title,
    content: "Something to think about.",
  });
  const replyText = `A reply to keep ${token()}`;
  const reply = await postJson<ReplyItem>(
    page.request,
    `/api/discussions/${discussion.id}/replies`,
    { content: replyText },
  );

  await newMemberOn(page, { name: "Bookmark Keeper" });
  await page.goto(`/discussion/${discussion.id}`);
  await expect(page.getByText(replyText)).toBeVisible();
  await page.getByRole("button", { name: "Bookmark the reply by Bookmark Writer" }).click();
  await expect(
    page.locator("[data-sonner-toast]", { has: page.getByText("Bookmarked", { exact: true }) }),
  ).toBeVisible();
  // Bookmarked: the same place opens the note and the reminder.
  await page
    .getByRole("button", { name: "Edit your bookmark of the reply by Bookmark Writer" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Your bookmark" });
  await dialog.getByLabel("Note (only you see it)").fill("Answer this one tomorrow");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Bookmark saved")).toBeVisible();

  // From the account menu to the list: the reply's words, its discussion, the note.
  await page.getByRole("button", { name: /^Account menu for/ }).click();
  await page.getByRole("menuitem", { name: "Bookmarks" }).click();
  await expect(page).toHaveURL(/\/bookmarks$/);
  await expect(page.getByRole("heading", { name: "Bookmarks", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: title })).toBeVisible();
  await expect(page.getByText(replyText)).toBeVisible();
  await expect(page.getByText("Answer this one tomorrow")).toBeVisible();
  await screenshotsForReview(page, "bookmarks");

  // A moderator hides the reply (in a browser of their own).
  const staff = await newWatchedPage(browser, consoleGuard);
  const moderator = await newMemberOn(staff, { name: "Bookmark Moderator" });
  await setRole(moderator.email, "moderator");
  const hide = await staff.request.post(`/api/moderation/items/reply/${reply.id}/actions`, {
    data: { action: "hide", reason: "Off topic" },
  });
  expect(hide.status(), await hide.text()).toBe(200);
  await staff.context().close();

  // The member's list (rendered on the server) says so, and never shows the words again.
  await page.reload();
  await expect(page.getByText("Hidden by a moderator")).toBeVisible();
  await expect(page.getByText(replyText)).toHaveCount(0);
  await expect(page.getByText("Answer this one tomorrow")).toBeVisible();
  await screenshotsForReview(page, "bookmarks-hidden");

  // Remove it from the list.
  await page.getByRole("button", { name: "Remove your bookmark of a reply" }).click();
  await expect(page.getByText("No bookmarks yet")).toBeVisible();

  // A visitor is sent to sign in.
  await signOutContext(page);
  await page.goto("/bookmarks");
  await expect(page).toHaveURL(/\/auth/);
});
