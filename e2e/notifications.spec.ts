// Notifications in the browser (issue 16): a second member's reply lights the bell live, and
// the entry opens the reply's permalink.
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import type { DiscussionItem, ReplyItem } from "../src/shared/api-types";
import {
  createVerifiedAccount,
  leaveAndClearCookies,
  signIn,
  uniqueEmail,
} from "./support/accounts";
import { expect, test } from "./support/test";

const token = () => `zn${randomBytes(4).toString("hex")}`;

async function signedInMember(page: Page, name: string) {
  await leaveAndClearCookies(page);
  const account = await createVerifiedAccount(page.request, { name, email: uniqueEmail() });
  await signIn(page, account);
  return account;
}

test("a second member's reply lights the bell live; the entry opens the reply", async ({
  page,
  browser,
  consoleGuard,
}) => {
  await signedInMember(page, "Bell Author");
  const title = `Bell ${token()}`;
  const created = await page.request.post("/api/discussions", {
    data: { title, content: "Tell me when someone answers." },
  });
  expect(created.status()).toBe(201);
  const discussion = (await created.json()) as DiscussionItem;

  const streamOpen = page.waitForResponse((response) =>
    response.url().endsWith("/api/notifications/events"),
  );
  await page.goto("/");
  await streamOpen;
  const bell = page.getByRole("link", { name: /^Notifications/ }).first();
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
  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  const entry = page.getByRole("link", {
    name: `Bell Replier replied to your discussion “${title}”`,
  });
  await entry.click();
  await expect(page).toHaveURL(new RegExp(`/discussion/${discussion.id}\\?reply=${reply.id}$`));
  await expect(page.getByText("Here is my answer")).toBeVisible();
  // Opening it read it.
  await expect(bell).toHaveAccessibleName("Notifications");
  await otherContext.close();
});
