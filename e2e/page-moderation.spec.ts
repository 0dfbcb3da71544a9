// Issue 38 on the discussion page (docs/product.md §2.7, §11.8, decision 062): staff's Moderate
// menu (a member has none), the locked text for a visitor, and Back to the list as it was.
import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import type { DiscussionItem, ReplyItem } from "../src/shared/api-types";
import { newMemberOn, signOutContext } from "./support/accounts";
import { setRole } from "./support/roles";
import { expect, test } from "./support/test";

const token = () => `zm${randomBytes(4).toString("hex")}`;

async function createDiscussion(request: APIRequestContext, title: string) {
  const response = await request.post("/api/discussions", {
    data: { category: "rants-and-vents", title, content: "Something worth a word." },
  });
  if (response.status() !== 201) {
    throw new Error(`create failed: ${response.status()} ${await response.text()}`);
  }
  return (await response.json()) as DiscussionItem;
}

async function postReply(request: APIRequestContext, discussionId: string, content: string) {
  const response = await request.post(`/api/discussions/${discussionId}/replies`, {
    data: { content },
  });
  if (response.status() !== 201) {
    throw new Error(`reply failed: ${response.status()} ${await response.text()}`);
  }
  return (await response.json()) as ReplyItem;
}

const thread = (page: Page) => page.getByRole("region", { name: /^\d+ repl(y|ies)$/ });
const moderateButtons = (page: Page) => page.getByRole("button", { name: /^Moderate/ });

test("a moderator pins, locks and hides from the page's menu; a member has no menu", async ({
  page,
  consoleGuard,
}, testInfo) => {
  // Three members' sessions and seven moderation steps, on a machine shared with others.
  testInfo.setTimeout(120_000);
  await newMemberOn(page, { name: "Menu Writer" });
  const discussion = await createDiscussion(page.request, `Menu ${token()}`);
  const replyText = `A reply to hide ${token()}`;
  await postReply(page.request, discussion.id, replyText);
  const doomed = await createDiscussion(page.request, `Doomed ${token()}`);

  // A member reads the same page without any Moderate button.
  await newMemberOn(page, { name: "Menu Reader" });
  await page.goto(`/discussion/${discussion.id}`);
  await expect(thread(page).getByText(replyText)).toBeVisible();
  await expect(page.getByRole("button", { name: "Report this discussion" })).toBeVisible();
  await expect(moderateButtons(page)).toHaveCount(0);

  const moderator = await newMemberOn(page, { name: "Menu Moderator" });
  await setRole(moderator.email, "moderator");
  await page.goto(`/discussion/${discussion.id}`);
  const trigger = page.getByRole("button", { name: "Moderate the discussion" });

  // By keyboard: Enter opens it, Home is its first item, Enter pins, Escape brings the focus back.
  await trigger.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menu")).toBeVisible();
  await page.keyboard.press("Home");
  const pin = page.getByRole("menuitem", { name: "Pin", exact: true });
  await expect(pin).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Discussion pinned successfully.")).toBeVisible();
  await expect(
    page.getByRole("article").first().getByText("Pinned", { exact: true }),
  ).toBeVisible();
  await trigger.focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Home");
  await expect(page.getByRole("menuitem", { name: "Unpin" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toBeHidden();
  await expect(trigger).toBeFocused();

  // By pointer: Lock.
  await trigger.click();
  await page.getByRole("menuitem", { name: "Lock", exact: true }).click();
  await expect(page.getByText("Discussion locked successfully.")).toBeVisible();
  const stored = (await (
    await page.request.get(`/api/discussions/${discussion.id}`)
  ).json()) as DiscussionItem;
  expect(stored).toMatchObject({ isPinned: true, isLocked: true });

  // A reply's menu hides it with a reason.
  const reply = thread(page).getByRole("article").filter({ hasText: replyText });
  await reply.getByRole("button", { name: "Moderate the reply by Menu Writer" }).click();
  await page.getByRole("menuitem", { name: "Hide" }).click();
  const hide = page.getByRole("dialog", { name: "Hide this reply?" });
  await hide.getByRole("button", { name: "Hide" }).click();
  await expect(hide.getByText("Reason is required")).toBeVisible();
  await hide.getByLabel("Reason").fill("Off topic");
  await hide.getByRole("button", { name: "Hide" }).click();
  await expect(hide).toBeHidden();
  await expect(page.getByText("Hidden", { exact: true })).toBeVisible();
  await expect(reply.getByText("Hidden by a moderator")).toBeVisible();

  // The author's history, from the menu.
  await trigger.click();
  await page.getByRole("menuitem", { name: "Moderation history of Menu Writer" }).click();
  await expect(page).toHaveURL(/\/moderation\?member=/);
  await expect(page.getByText("One member's history")).toBeVisible();
  const entries = page.getByRole("list", { name: "Moderation actions" });
  await expect(entries.getByText("Hidden a reply by Menu Writer")).toBeVisible();
  await expect(entries.getByText("Reason: Off topic")).toBeVisible();

  // Delete asks a reason too, and leaves for the forum list. Known: one read of the deleted
  // discussion may still go out while the page is left (a 404 in the console).
  consoleGuard.expectResponse(404, `/api/discussions/${doomed.id}`);
  await page.goto(`/discussion/${doomed.id}`);
  await page.getByRole("button", { name: "Moderate the discussion" }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const remove = page.getByRole("dialog", { name: "Delete this discussion?" });
  await remove.getByLabel("Reason").fill("Spam link");
  await remove.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Discussion deleted", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/discussion$/);
  await expect(page.getByText("Discussion not found")).toHaveCount(0);
  expect((await page.request.get(`/api/discussions/${doomed.id}`)).status()).toBe(404);
});

test("a locked discussion tells a signed-out visitor it is locked", async ({ page }) => {
  const moderator = await newMemberOn(page, { name: "Lock Keeper" });
  await setRole(moderator.email, "moderator");
  const discussion = await createDiscussion(page.request, `Locked ${token()}`);
  const lock = await page.request.put(`/api/discussions/${discussion.id}/lock`, {
    data: { locked: true },
  });
  expect(lock.ok()).toBe(true);

  await signOutContext(page);
  await page.goto(`/discussion/${discussion.id}`);
  await expect(thread(page).getByText("This discussion is locked.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in to reply." })).toHaveCount(0);
});

test("Back returns to the filtered list where the reader was; opened directly, to /discussion", async ({
  page,
}) => {
  const writer = await newMemberOn(page, { name: "Back Writer" });
  // Staff post without the new members' hourly limit (docs/decisions/031).
  await setRole(writer.email, "author");
  const word = token();
  const titles = Array.from({ length: 24 }, (_, index) => `Back ${word} ${index + 1}`);
  const created: DiscussionItem[] = [];
  for (const title of titles) created.push(await createDiscussion(page.request, title));

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/discussion?q=${word}&range=7d`);
  const list = page.getByRole("list", { name: "Discussions" });
  // Newest first: the first created is 20th, at the end of the first page.
  const far = list.getByRole("listitem").filter({ hasText: `Back ${word} 5` });
  await far.scrollIntoViewIfNeeded();
  await expect(far).toBeInViewport();
  const listUrl = page.url();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(800);

  await far.getByText(`Back ${word} 5`, { exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Back ${word} 5` })).toBeVisible();
  await page.getByRole("link", { name: "Back", exact: true }).click();
  await expect(page).toHaveURL(listUrl);
  await expect(page.getByRole("searchbox", { name: "Search discussions" })).toHaveValue(word);
  await expect(far).toBeInViewport();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 100);

  // Opened directly (a shared link), Back opens the forum list.
  const direct = created[0];
  if (!direct) throw new Error("nothing created");
  await page.goto(`/discussion/${direct.id}`);
  await page.getByRole("link", { name: "Back", exact: true }).click();
  await expect(page).toHaveURL(/\/discussion$/);
  await expect(page.getByRole("heading", { name: "Discussion forum" })).toBeVisible();
});

test("Tab from the Sort control reaches Filters, and the focus never falls to the page", async ({
  page,
}) => {
  // The filter panel's code is held until the focus is on its stand-in button, then let go.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/discussion-filters-popover-[^/]+\.js/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/discussion");
  const sort = page.getByRole("combobox", { name: "Sort discussions" });
  await sort.focus();
  // Every task the page runs from here on notes where the focus is.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { focusSeen: string[] }).focusSeen = seen;
    const note = () => {
      seen.push(document.activeElement?.tagName ?? "none");
      setTimeout(note, 0);
    };
    note();
  });
  await page.keyboard.press("Tab");
  const filters = page.getByRole("button", { name: "Filters" });
  await expect(filters).toBeFocused();
  release();
  // The real trigger (Radix) has replaced the stand-in.
  await expect(filters).toHaveAttribute("data-state", "closed");
  await expect(filters).toBeFocused();
  const seen = await page.evaluate(() => (window as unknown as { focusSeen: string[] }).focusSeen);
  expect(seen.slice(seen.indexOf("BUTTON"))).not.toContain("BODY");
});
