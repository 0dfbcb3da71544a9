import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import type { DiscussionItem } from "../src/shared/api-types";
import { createVerifiedAccount, newMemberOn, signIn } from "./support/accounts";
import { watchDialogs } from "./support/dialogs";
import { setRole } from "./support/roles";
import { expect, test } from "./support/test";

/** A word no other test (or run) uses, to find this test's discussions. */
const token = () => `zq${randomBytes(4).toString("hex")}`;

async function createDiscussion(
  request: APIRequestContext,
  body: { title: string; content: string },
): Promise<DiscussionItem> {
  const response = await request.post("/api/discussions", {
    data: { category: "rants-and-vents", ...body },
  });
  if (response.status() !== 201) {
    throw new Error(`create failed: ${response.status()} ${await response.text()}`);
  }
  return (await response.json()) as DiscussionItem;
}

const signedInMember = (page: Page, name = "Forum Member") => newMemberOn(page, { name });

const cards = (page: Page) => page.getByRole("list", { name: "Discussions" }).getByRole("listitem");

test("a new discussion appears in another open browser without reloading", async ({
  page,
  browser,
}) => {
  await signedInMember(page, "Live Writer");
  const watcherContext = await browser.newContext();
  const watcher = await watcherContext.newPage();
  await watcher.goto("/discussion");
  await expect(watcher.getByRole("heading", { name: "Discussion forum" })).toBeVisible();
  // Survives only if the page is never reloaded.
  await watcher.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });

  const title = `Live update ${token()}`;
  await page.goto("/discussion");
  await page.getByRole("button", { name: "New discussion" }).click();
  await page.getByLabel("Category", { exact: true }).selectOption({ label: "Rants & Vents" });
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Content").fill("First line\nSecond line");
  await page.getByRole("button", { name: "Create discussion" }).click();
  await expect(page.getByText("Discussion created successfully!")).toBeVisible();
  // The new discussion opens (docs/decisions/064).
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  await expect(cards(watcher).filter({ hasText: title })).toBeVisible();
  await expect(cards(watcher).filter({ hasText: title })).toContainText("by Live Writer");
  expect(
    await watcher.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
  ).toBe(true);
  await watcherContext.close();
});

test("the form shows the product's messages, and signed-out visitors are asked to log in", async ({
  page,
}) => {
  await page.goto("/discussion");
  await expect(page.getByText("Please log in to create a discussion.")).toBeVisible();
  await expect(page.getByRole("button", { name: "New discussion" })).toHaveCount(0);

  await signedInMember(page);
  await page.goto("/discussion");
  await page.getByRole("button", { name: "New discussion" }).click();
  await page.getByRole("button", { name: "Create discussion" }).click();
  await expect(page.locator("p").filter({ hasText: /^Choose a category$/ })).toBeVisible();
  await expect(page.getByText("Title is required")).toBeVisible();
  await expect(page.getByText("Content is required")).toBeVisible();
  await page.getByLabel("Title").fill("t".repeat(201));
  await page.getByRole("button", { name: "Create discussion" }).click();
  await expect(page.getByText("Title is too long (max 200 characters)")).toBeVisible();
  await expect(page.getByText("201/200 characters")).toBeVisible();
});

test("search matches title, content and author in any case, trimmed", async ({ page }) => {
  const word = token();
  const author = `Searchy ${word}`;
  await signedInMember(page, author);
  await createDiscussion(page.request, { title: `Title has ${word}`, content: "plain" });
  await createDiscussion(page.request, { title: "Other title", content: `Body has ${word}` });
  await signedInMember(page, "Someone Else");
  await createDiscussion(page.request, { title: `Unrelated ${token()}`, content: "nothing" });

  await page.goto("/discussion");
  const search = page.getByRole("searchbox", { name: "Search discussions" });
  await search.fill(`  ${word.toUpperCase()}  `);
  await expect(page.getByText(`Results for "${word.toUpperCase()}"`)).toBeVisible();
  await expect(cards(page)).toHaveCount(2);
  await expect(cards(page).filter({ hasText: `Title has ${word}` })).toBeVisible();
  await expect(cards(page).filter({ hasText: `Body has ${word}` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`q=${word.toUpperCase()}`));

  // The author's name matches too (both of Searchy's discussions).
  await search.fill(`searchy ${word}`);
  await expect(page.getByText(`Results for "searchy ${word}"`)).toBeVisible();
  await expect(cards(page)).toHaveCount(2);

  await search.fill(`${word}-nothing-like-this`);
  await expect(page.getByText("No discussions found")).toBeVisible();
  await page.getByRole("button", { name: "Clear search and filters" }).click();
  await expect(search).toHaveValue("");
  await expect(page).toHaveURL(/\/discussion$/);
});

test("the filter count follows docs/product.md §5 and /discussion?author= opens with that filter", async ({
  page,
}) => {
  const name = `Filter Author ${token()}`;
  await signedInMember(page, name);
  const mine = await createDiscussion(page.request, { title: `By ${name}`, content: "x" });

  await page.goto(`/discussion?author=${encodeURIComponent(name)}`);
  const trigger = page.getByRole("button", { name: /^Filters/ });
  await expect(trigger).toHaveAccessibleName("Filters (1 active)");
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText(mine.title);

  await trigger.click();
  const filters = page.getByRole("dialog", { name: "Discussion filters" });
  await expect(filters.getByLabel("Author")).toHaveValue(name);
  await filters.getByRole("switch", { name: "Pinned only" }).click();
  await expect(trigger).toHaveAccessibleName("Filters (2 active)");
  await expect(page.getByText("No discussions found")).toBeVisible();
  await filters.getByRole("switch", { name: "Locked only" }).click();
  await expect(trigger).toHaveAccessibleName("Filters (3 active)");

  await filters
    .getByRole("combobox", { name: "Date range" })
    .selectOption({ label: "Last 7 days" });
  await expect(trigger).toHaveAccessibleName("Filters (4 active)");
  await expect(page).toHaveURL(/range=7d/);

  // 'All time' is not counted (docs/product.md §5).
  await filters.getByRole("combobox", { name: "Date range" }).selectOption({ label: "All time" });
  await expect(trigger).toHaveAccessibleName("Filters (3 active)");

  await filters.getByRole("button", { name: "Clear filters" }).click();
  await expect(trigger).toHaveAccessibleName("Filters");
  await expect(page.getByTestId("active-filter-count")).toHaveCount(0);
  await expect(page).toHaveURL(/\/discussion$/);
});

test("the filter panel's code loads when the button is reached for, keeping focus on it", async ({
  page,
}) => {
  const panelChunks: string[] = [];
  page.on("request", (request) => {
    if (/discussion-filters-popover/.test(request.url())) panelChunks.push(request.url());
  });
  await page.goto("/discussion");
  await expect(page.getByRole("heading", { name: "Discussions", exact: true })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(panelChunks).toEqual([]);

  const trigger = page.getByRole("button", { name: "Filters" });
  await trigger.focus();
  await expect.poll(() => panelChunks.length).toBe(1);
  // The popover's own trigger replaces the stand-in and takes the focus with it.
  await expect(page.locator("button[data-state]", { hasText: "Filters" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Discussion filters" })).toBeVisible();
});

test("a click on Filters before its code has arrived opens the panel once it has", async ({
  page,
}) => {
  // The panel's code is held back until the click has happened.
  let release = () => {};
  const clicked = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/discussion-filters-popover/, async (route) => {
    await clicked;
    await route.continue();
  });
  await page.goto("/discussion");
  await page.getByRole("button", { name: "Filters" }).click();
  release();
  await expect(page.getByRole("dialog", { name: "Discussion filters" })).toBeVisible();
  await expect(page.getByRole("dialog").getByLabel("Author")).toBeVisible();
});

test("a moderator pins a discussion and it moves to the top", async ({ page }) => {
  const word = token();
  const account = await createVerifiedAccount(page.request, { name: "Mod Erator" });
  await setRole(account.email, "moderator");
  await signIn(page, account);
  const older = await createDiscussion(page.request, { title: `Older ${word}`, content: "a" });
  const newer = await createDiscussion(page.request, { title: `Newer ${word}`, content: "b" });

  await page.goto(`/discussion?q=${word}`);
  await expect(cards(page)).toHaveCount(2);
  await expect(cards(page).first()).toContainText(newer.title);

  await page.getByRole("button", { name: `Pin "${older.title}"` }).click();
  await expect(page.getByText("Discussion pinned successfully.")).toBeVisible();
  await expect(cards(page).first()).toContainText(older.title);
  await expect(cards(page).first().getByText("Pinned", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: `Lock "${newer.title}"` }).click();
  await expect(page.getByText("Discussion locked successfully.")).toBeVisible();
  await expect(cards(page).nth(1).getByText("Locked", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: `Unpin "${older.title}"` }).click();
  await expect(page.getByText("Discussion unpinned successfully.")).toBeVisible();
  await expect(cards(page).first()).toContainText(newer.title);

  // A member without the role sees no such buttons (and the server would refuse them).
  await signedInMember(page);
  await page.goto(`/discussion?q=${word}`);
  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByRole("button", { name: /^(Pin|Unpin|Lock|Unlock) "/ })).toHaveCount(0);
});

test("the detail page shows the product's texts", async ({ page }) => {
  await signedInMember(page, "Detail Author");
  const discussion = await createDiscussion(page.request, {
    title: `Detail ${token()}`,
    content: "Line one\nLine two\n\nLine four",
  });

  await page.goto("/discussion");
  await cards(page).filter({ hasText: discussion.title }).click();
  await expect(page).toHaveURL(`/discussion/${discussion.id}`);
  await expect(page.getByRole("heading", { level: 1, name: discussion.title })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${discussion.title}`));
  await expect(page.getByText("by Detail Author")).toBeVisible();
  // The count under the discussion, and the replies' own section with the composer (issue 14).
  await expect(page.getByRole("article").getByText("0 replies")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "0 replies" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Your reply" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Share" })).toBeVisible();
  // The markup keeps a line break, and a blank line starts a paragraph (docs/decisions/064).
  const content = page.getByRole("article").locator("[data-markup-content]").first();
  expect(await content.innerText()).toBe("Line one\nLine two\n\nLine four");

  // Back to the list it came from (decision 062).
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/discussion$/);
});

test("a missing discussion says so and goes home", async ({ page, consoleGuard }) => {
  // The page itself answers 404 (docs/decisions/025), with the not-found text in its HTML.
  consoleGuard.expectResponse(404, "/discussion/3f1d7c1e-0000-4000-8000-000000000000");
  const response = await page.goto("/discussion/3f1d7c1e-0000-4000-8000-000000000000");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Discussion not found")).toBeVisible();
  await expect(
    page.getByText("This discussion may have been removed or doesn't exist."),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test("the share menu opens a centred 600x400 popup and copies the page link", async ({
  page,
  context,
}) => {
  await signedInMember(page);
  const content = `${"Sharing is caring. ".repeat(12)}The end.`;
  const discussion = await createDiscussion(page.request, {
    title: `Share ${token()}`,
    content,
  });

  // The networks' pages are not reachable from here: answer them locally.
  await context.route(/^https:\/\/(twitter\.com|www\.reddit\.com)\//, (route) =>
    route.fulfill({ body: "<title>share</title>", contentType: "text/html" }),
  );
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto(`/discussion/${discussion.id}`);
  // Links use the page URL /discussion/{id} (docs/product.md §2).
  const expectedUrl = page.url();
  expect(new URL(expectedUrl).pathname).toBe(`/discussion/${discussion.id}`);

  await page.getByRole("button", { name: "Share" }).click();
  const popupPromise = context.waitForEvent("page");
  await page.getByRole("menuitem", { name: "Share on Twitter" }).click();
  const popup = await popupPromise;
  await popup.waitForLoadState();
  const shared = new URL(popup.url());
  expect(shared.origin + shared.pathname).toBe("https://twitter.com/intent/tweet");
  expect(shared.searchParams.get("url")).toBe(expectedUrl);
  expect(shared.searchParams.get("text")).toBe(discussion.title);
  expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([600, 400]);
  // noopener: the network's page has no handle on ours.
  expect(await popup.evaluate(() => window.opener)).toBeNull();
  await expect(page.getByText("Sharing...")).toBeVisible();
  await expect(page.getByText("Opening Twitter share dialog.")).toBeVisible();
  await popup.close();

  await page.getByRole("button", { name: /^Share/ }).click();
  const mail = page.getByRole("menuitem", { name: "Share by email" });
  const href = (await mail.getAttribute("href")) ?? "";
  const mailto = new URL(href);
  expect(mailto.protocol).toBe("mailto:");
  expect(mailto.searchParams.get("subject")).toBe(discussion.title);
  expect(mailto.searchParams.get("body")).toBe(`${content.slice(0, 150)}...\n\n${expectedUrl}`);

  await page.getByRole("menuitem", { name: "Copy link" }).click();
  await expect(page.getByText("Link copied!")).toBeVisible();
  await expect(page.getByText("Discussion link has been copied to your clipboard.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expectedUrl);

  // Two shares so far in this browser session, and still after a reload.
  await page.reload();
  await page.getByRole("button", { name: /^Share/ }).click();
  await expect(page.getByText("Shared 2 times this session")).toBeVisible();
});

test("copying fails politely when the clipboard is refused", async ({ page }) => {
  await signedInMember(page);
  const discussion = await createDiscussion(page.request, {
    title: `Copy ${token()}`,
    content: "x",
  });
  await page.addInitScript(() => {
    Object.defineProperty(navigator, "clipboard", {
      value: { writeText: () => Promise.reject(new Error("denied")) },
    });
  });
  await page.goto(`/discussion/${discussion.id}`);
  await page.getByRole("button", { name: "Share" }).click();
  await page.getByRole("menuitem", { name: "Copy link" }).click();
  await expect(page.getByText("Copy failed")).toBeVisible();
  await expect(page.getByText("Please copy the link manually.")).toBeVisible();
});

test("script in a discussion never runs", async ({ page }) => {
  const dialogs = watchDialogs(page);
  const word = token();
  const payloads = [
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(2)">',
    '<a href="javascript:alert(3)">click me</a>',
    "<svg/onload=alert(4)>",
    "<<script>script>alert(5)<</script>/script>",
    "&lt;script&gt;alert(6)&lt;/script&gt;",
    '<iframe srcdoc="<script>alert(7)</script>"></iframe>',
  ];
  await signedInMember(page);

  // Through the form, as a person would type it ...
  await page.goto("/discussion");
  await page.getByRole("button", { name: "New discussion" }).click();
  await page.getByLabel("Category", { exact: true }).selectOption({ label: "Rants & Vents" });
  await page.getByLabel("Title").fill(`XSS form ${word} <img src=x onerror=alert(8)>`);
  await page.getByLabel("Content").fill(payloads.join("\n"));
  await page.getByRole("button", { name: "Create discussion" }).click();
  await expect(page.getByText("Discussion created successfully!")).toBeVisible();

  // ... and straight at the API.
  const direct = await createDiscussion(page.request, {
    title: `XSS api ${word} <script>alert(9)</script>`,
    content: payloads.join("\n"),
  });

  await page.goto(`/discussion?q=${word}`);
  await expect(cards(page)).toHaveCount(2);
  await expect(cards(page).first()).toContainText("scriptalert(1)/script");
  await page.goto(`/discussion/${direct.id}`);
  await expect(page.getByText('a href="javascript:alert(3)"click me/a')).toBeVisible();
  await expect(page.getByText("&lt;script&gt;alert(6)&lt;/script&gt;")).toBeVisible();
  // The only links are the author's name, to their profile (issue 21), and the category's
  // badge (issue 41): none comes from the text.
  expect(
    await page
      .locator(
        'article script, article img, article iframe, article a:not([href^="/profile/"]):not([href^="/discussion/c/"])',
      )
      .count(),
  ).toBe(0);
  // Anything scheduled (onerror, onload) would open its dialog before the sentinel's.
  expect(await dialogs.before()).toEqual([]);
});
