// Blocking (issue 17, docs/decisions/031): a member blocks another from their profile; the blocked
// member's discussion and reply collapse behind "Post from a member you blocked" until "Show";
// "Unblock" on the profile brings them back.
import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import type { DiscussionItem, ReplyItem } from "../src/shared/api-types";
import { newMemberOn } from "./support/accounts";
import { expect, test } from "./support/test";

const token = () => `zb${randomBytes(4).toString("hex")}`;

async function createDiscussion(request: APIRequestContext, title: string) {
  const response = await request.post("/api/discussions", {
    data: { category: "rants-and-vents", title, content: "What do you all think?" },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as DiscussionItem;
}

async function postReply(request: APIRequestContext, discussionId: string, content: string) {
  const response = await request.post(`/api/discussions/${discussionId}/replies`, {
    data: { content },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as ReplyItem;
}

const thread = (page: Page) => page.getByRole("region", { name: /^\d+ repl(y|ies)$/ });
const COLLAPSED = "Post from a member you blocked";

test("a blocked member's reply collapses, and Show reveals it", async ({ page, browser }) => {
  const run = token();
  await newMemberOn(page, { name: "Bella Blocker" });
  const discussion = await createDiscussion(page.request, `Bella asks ${run}`);
  const ownReply = await postReply(page.request, discussion.id, `Bella's own words ${run}`);

  const trollContext = await browser.newContext();
  const trollPage = await trollContext.newPage();
  await newMemberOn(trollPage, { name: "Tom Troll" });
  const trollReply = await postReply(trollPage.request, discussion.id, `Troll words ${run}`);
  const trollDiscussion = await createDiscussion(trollPage.request, `Troll thread ${run}`);
  await trollContext.close();
  const trollId = trollReply.author?.id;
  if (!trollId) throw new Error("the troll's reply has no author");

  // Blocking from the profile asks first.
  await page.goto(`/profile/${trollId}`);
  await page.getByRole("button", { name: "Block", exact: true }).click();
  const dialog = page.getByRole("alertdialog", { name: "Block Tom Troll?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Block", exact: true }).click();
  await expect(page.getByText("Member blocked")).toBeVisible();
  await expect(page.getByRole("button", { name: "Unblock", exact: true })).toBeVisible();

  // The thread: the troll's reply is collapsed in its place, Bella's is not.
  await page.goto(`/discussion/${discussion.id}`);
  const replies = thread(page);
  await expect(replies.getByText(`Bella's own words ${run}`)).toBeVisible();
  const trollArticle = page.locator(`#reply-${trollReply.id}`);
  await expect(trollArticle).toContainText(COLLAPSED);
  await expect(page.getByText(`Troll words ${run}`)).toHaveCount(0);
  await expect(page.locator(`#reply-${ownReply.id}`)).not.toContainText(COLLAPSED);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await trollArticle.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`blocked-reply-${width}.png`) });
  }
  await trollArticle.getByRole("button", { name: "Show reply" }).click();
  await expect(trollArticle.getByText(`Troll words ${run}`)).toBeVisible();
  await expect(trollArticle).not.toContainText(COLLAPSED);

  // The troll's discussion is collapsed in the forum list too.
  await page.goto(`/discussion?q=${encodeURIComponent(`Troll thread ${run}`)}`);
  const card = page.getByRole("listitem").filter({ hasText: COLLAPSED });
  await expect(card).toHaveCount(1);
  await expect(page.getByRole("link", { name: trollDiscussion.title, exact: true })).toHaveCount(0);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`blocked-card-${width}.png`) });
  }
  await card.getByRole("button", { name: "Show discussion" }).click();
  await expect(page.getByRole("link", { name: trollDiscussion.title, exact: true })).toBeVisible();

  // Unblocked, the reply shows as any other.
  await page.goto(`/profile/${trollId}`);
  await page.getByRole("button", { name: "Unblock", exact: true }).click();
  await expect(page.getByText("Member unblocked")).toBeVisible();
  await expect(page.getByRole("button", { name: "Block", exact: true })).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`profile-block-${width}.png`) });
  }
  await page.goto(`/discussion/${discussion.id}`);
  await expect(page.getByText(`Troll words ${run}`)).toBeVisible();
  await expect(page.getByText(COLLAPSED)).toHaveCount(0);
});
