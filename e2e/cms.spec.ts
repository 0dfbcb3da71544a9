import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import type { Role } from "../src/shared/permissions";
import { type Account, createVerifiedAccount, signIn } from "./support/accounts";
import { storeCookieConsent } from "./support/cookie-consent";
import { setRole } from "./support/roles";
import { expect, test } from "./support/test";

const token = randomBytes(3).toString("hex");
const ROLE_LABELS: Record<Role, string> = {
  user: "User",
  author: "Author",
  moderator: "Moderator",
  admin: "Admin",
};

/** A verified account with `role`, signed in on `page`. */
async function signInAs(page: Page, role: Role, name = `Staff ${token}`): Promise<Account> {
  const account = await createVerifiedAccount(page.request, { name });
  if (role !== "user") await setRole(account.email, role);
  await signIn(page, account);
  return account;
}

/**
 * The words the home hero shows (whole, under reduced motion), from the first one until it comes
 * round again: one full round. A word missing from it is not shown at all, proven by the round's
 * end rather than by waiting long enough.
 */
async function heroWordRound(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const seen: string[] = [];
        const read = () => {
          const text =
            document.querySelector('[data-testid="hero-word"]')?.textContent?.trim() ?? "";
          if (!text || seen.at(-1) === text) return;
          if (seen.length > 1 && text === seen[0]) {
            observer.disconnect();
            resolve(seen);
          } else seen.push(text);
        };
        const observer = new MutationObserver(read);
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        read();
      }),
  );
}

async function confirmDelete(page: Page, question: string) {
  const dialog = page.getByRole("alertdialog", { name: question });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(dialog).toBeHidden();
}

test.beforeEach(async ({ page }) => {
  await storeCookieConsent(page);
});

test("each staff role sees exactly its tabs; a member sees 'Access Denied'", async ({ page }) => {
  const account = await signInAs(page, "user");
  await page.goto("/cms");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
  await expect(page.getByRole("tab")).toHaveCount(0);

  const expected: Array<[Role, string[]]> = [
    ["author", ["Overview", "Blog posts", "Hero Words"]],
    ["moderator", ["Overview", "Discussions", "Reports", "Tags", "Hero Words", "Online safety"]],
    [
      "admin",
      [
        "Overview",
        "Blog posts",
        "Discussions",
        "Reports",
        "Users",
        "Categories",
        "Tags",
        "Hero Words",
        "Pages",
        "Subscribers",
        "Inbox",
        "Complaints",
        "Settings",
        "Online safety",
      ],
    ],
  ];
  for (const [role, tabs] of expected) {
    await setRole(account.email, role);
    await page.goto("/cms");
    await expect(page.getByRole("heading", { name: "Content management" })).toBeVisible();
    const welcome = page.getByText(`Welcome, ${account.email}`);
    await expect(welcome).toBeVisible();
    // The welcome line carries the role's badge.
    await expect(welcome.locator("..")).toContainText(ROLE_LABELS[role]);
    await expect(page.getByRole("tab")).toHaveText(tabs);
    await expect(page.getByRole("tab", { name: "Overview" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    for (const card of ["Total posts", "Discussions", "Engagement"]) {
      await expect(page.getByRole("tabpanel").getByText(card, { exact: true })).toBeVisible();
    }
  }

  // A tab the role does not have cannot be opened from the address either.
  await setRole(account.email, "author");
  await page.goto("/cms?tab=users");
  await expect(page.getByRole("tab", { name: "Overview" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(page.getByRole("tab", { name: "Users" })).toHaveCount(0);
});

test("Sign out signs out and goes home", async ({ page }) => {
  await signInAs(page, "moderator");
  const overview = page.waitForResponse((response) => response.url().includes("/api/cms/overview"));
  await page.goto("/cms");
  await overview;
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
  await page.goto("/cms");
  await expect(page).toHaveURL(/\/auth$/);
});

test("Sign out while the page is still loading asks nothing signed out", async ({ page }) => {
  await signInAs(page, "moderator");
  // Hold the overview's answer until the member has signed out. It was asked signed in; once
  // the session ends, neither that request nor a refetch of it may reach the server (a 401,
  // which the console guard would catch whenever the answer beats the page's unmounting).
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/cms/overview", async (route) => {
    await held;
    await route.continue().catch(() => {
      // The page gave up on the request (signed out): nothing to answer.
    });
  });
  const asked = page.waitForRequest((request) => request.url().includes("/api/cms/overview"));
  await page.goto("/cms");
  await asked;
  let signedOutAt = Number.POSITIVE_INFINITY;
  const askedSignedOut: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/auth/sign-out")) signedOutAt = Date.now();
    else if (request.url().includes("/api/cms/") && Date.now() >= signedOutAt) {
      askedSignedOut.push(request.url());
    }
  });
  await page.getByRole("button", { name: "Sign out" }).click();
  // The signed-out header comes after any refetch the sign-out could start.
  await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  release();
  expect(askedSignedOut).toEqual([]);
  await page.unroute("**/api/cms/overview");
});

test.describe("blog posts", () => {
  const title = `Staff post ${token}`;

  test.afterAll(async ({ browser }) => {
    // Leave the six seeded posts as the other browser tests expect them, even after a failure.
    const page = await browser.newPage();
    await signInAs(page, "admin");
    await deletePostsTitled(page.request, title);
    await page.close();
  });

  test("create a draft, publish it, see it on the home page and /blog, delete it", async ({
    page,
  }) => {
    await signInAs(page, "author");
    await page.goto("/cms");
    await page.getByRole("tab", { name: "Blog posts" }).click();
    await expect(page).toHaveURL(/tab=blog/);

    await page.getByRole("button", { name: "New post" }).click();
    const editor = page.getByRole("dialog", { name: "New post" });
    // Required fields say so.
    await editor.getByRole("button", { name: "Create post" }).click();
    await expect(editor.getByText("Title is required")).toBeVisible();
    await expect(editor.getByText("Excerpt is required")).toBeVisible();
    await expect(editor.getByText("Content is required")).toBeVisible();

    await editor.getByLabel("Title").fill(title);
    await editor.getByLabel("Excerpt").fill("An excerpt written in the browser.");
    await editor.getByLabel("Content").fill("x".repeat(450));
    await expect(editor.getByText("450/10,000 characters · 3 min read")).toBeVisible();
    await editor
      .getByLabel("Category", { exact: true })
      .selectOption({ label: "Unpopular Opinions" });
    await editor.getByRole("button", { name: "Create post" }).click();
    await expect(page.getByText("Post created", { exact: true })).toBeVisible();
    await expect(editor).toBeHidden();

    const row = page.getByRole("listitem").filter({ hasText: title });
    await expect(row).toContainText("Draft");
    await expect(row).toContainText("Unpopular Opinions");
    await expect(row).toContainText("3 min read");

    // A draft is not public.
    await page.goto("/blog");
    await expect(page.getByRole("heading", { name: "Why Does Everyone Reply-All?" })).toBeVisible();
    await expect(page.getByText(title)).toHaveCount(0);

    await page.goto("/cms?tab=blog");
    await page.getByRole("button", { name: `Edit ${title}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit post" });
    await expect(edit.getByLabel("Title")).toHaveValue(title);
    await edit.getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("option", { name: "Published" }).click();
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Post updated", { exact: true })).toBeVisible();
    await expect(row).toContainText("Published");

    await page.goto("/");
    const latest = page.locator("#posts article").filter({ hasText: title });
    await expect(latest).toBeVisible();
    await expect(latest).toContainText("Unpopular Opinions");

    await page.goto("/blog");
    await page.getByRole("link", { name: title }).click();
    // The slug made from the title (docs/decisions/024), never the id.
    await expect(page).toHaveURL(/\/blog\/[a-z0-9]+(-[a-z0-9]+)+$/);
    expect(page.url()).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

    await page.goto("/cms?tab=blog");
    await page.getByRole("button", { name: `Delete ${title}` }).click();
    await confirmDelete(page, "Are you sure you want to delete this post?");
    await expect(page.getByText("Post deleted", { exact: true })).toBeVisible();
    await expect(row).toHaveCount(0);
    await page.goto("/");
    await expect(page.locator("#posts article")).toHaveCount(6);
    await expect(page.getByText(title)).toHaveCount(0);
  });
});

async function deletePostsTitled(request: APIRequestContext, title: string) {
  const response = await request.get("/api/cms/blog-posts?limit=50");
  const { posts } = (await response.json()) as { posts: Array<{ id: string; title: string }> };
  for (const post of posts.filter((entry) => entry.title === title)) {
    await request.delete(`/api/cms/blog-posts/${post.id}`);
  }
}

test("an admin changes a member's role after saying yes, and the directory shows the new badge", async ({
  page,
  playwright,
  baseURL,
}) => {
  const memberName = `Rolf ${token}`;
  const other = await playwright.request.newContext({ baseURL });
  await createVerifiedAccount(other, { name: memberName });
  await other.dispose();

  await signInAs(page, "admin");
  await page.goto("/cms?tab=users");
  await page.getByRole("searchbox", { name: "Search users" }).fill(memberName);
  await expect(page.getByText("1 user", { exact: true })).toBeVisible();
  const row = page.getByRole("listitem").filter({ hasText: memberName });
  await expect(row).toContainText("User");

  // Choosing a role asks first, naming the member and both roles (decision 062); Cancel keeps it.
  const selector = row.getByRole("combobox", { name: `Role of ${memberName}` });
  await selector.click();
  await page.getByRole("option", { name: "Admin" }).click();
  let ask = page.getByRole("alertdialog", { name: `Change ${memberName}'s role?` });
  await expect(ask).toContainText(`${memberName} goes from User to Admin.`);
  await expect(ask).toContainText("Admins can do everything, including changing anyone's role.");
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(ask).toBeHidden();
  await expect(selector).toHaveText("User");
  await expect(page.getByText("User role updated successfully.")).toHaveCount(0);
  expect(
    (
      await page.request
        .get(`/api/users?search=${encodeURIComponent(memberName)}`)
        .then((r) => r.json())
    ).users[0].role,
  ).toBe("user");

  await selector.click();
  await page.getByRole("option", { name: "Moderator" }).click();
  ask = page.getByRole("alertdialog", { name: `Change ${memberName}'s role?` });
  await expect(ask).toContainText(`${memberName} goes from User to Moderator.`);
  await expect(ask).not.toContainText("Admins can do everything");
  await ask.getByRole("button", { name: "Change role" }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByText("User role updated successfully.")).toBeVisible();
  await expect(page.getByText("Success", { exact: true })).toBeVisible();
  await expect(row.getByRole("combobox")).toHaveText("Moderator");
  await expect(row).toContainText("Moderator");

  await page.goto(`/members?search=${encodeURIComponent(memberName)}`);
  const card = page.getByRole("listitem").filter({ hasText: memberName });
  await expect(card).toContainText("Moderator");
});

test.describe("hero words", () => {
  const word = `e2e-${token}`;

  test.afterAll(async ({ browser }) => {
    const page = await browser.newPage();
    await signInAs(page, "admin");
    const { words } = (await (await page.request.get("/api/cms/hero-words")).json()) as {
      words: Array<{ id: string; word: string }>;
    };
    for (const entry of words.filter((w) => w.word === word)) {
      await page.request.delete(`/api/cms/hero-words/${entry.id}`);
    }
    await page.close();
  });

  test("add, switch off and delete a word; the home hero follows", async ({ page }) => {
    test.setTimeout(90_000);
    // Whole words every 2 s instead of typing, so a full round of words takes seconds.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await signInAs(page, "moderator");
    await page.goto("/cms?tab=hero-words");

    const input = page.getByRole("textbox", { name: "New word" });
    const add = page.getByRole("button", { name: "Add" });
    await expect(add).toBeDisabled();
    await input.fill("   ");
    await expect(add).toBeDisabled();
    await input.fill(`  ${word}  `);
    await add.click();
    await expect(page.getByText("Word added successfully")).toBeVisible();
    await expect(input).toHaveValue("");
    const words = page.getByRole("list", { name: "Hero words" }).getByRole("listitem");
    await expect(words.last()).toContainText(word);

    await page.goto("/");
    await expect(page.getByTestId("hero-word")).toHaveText(word, { timeout: 30_000 });

    await page.goto("/cms?tab=hero-words");
    const toggle = page.getByRole("switch", { name: `Active: ${word}` });
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(page.getByText("Word updated successfully")).toBeVisible();
    await expect(toggle).not.toBeChecked();

    await page.goto("/");
    // One whole round (the six seeded words, 2 s each) without the word.
    const round = await heroWordRound(page);
    expect(round).toContain("let it all out");
    expect(round).not.toContain(word);

    await page.goto("/cms?tab=hero-words");
    await page.getByRole("button", { name: `Delete ${word}` }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog.getByRole("heading")).toHaveText(
      "Are you sure you want to delete this word?",
    );
    // Cancel keeps it.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(words.filter({ hasText: word })).toHaveCount(1);
    await page.getByRole("button", { name: `Delete ${word}` }).click();
    await confirmDelete(page, "Are you sure you want to delete this word?");
    await expect(page.getByText("Word deleted successfully")).toBeVisible();
    await expect(words.filter({ hasText: word })).toHaveCount(0);

    // The home page comes with its words in its HTML (docs/decisions/025): the same answer.
    const served = (await (await page.request.get("/api/hero-words")).json()) as {
      words: Array<{ word: string }>;
    };
    expect(served.words.map((entry) => entry.word)).not.toContain(word);
    await page.goto("/");
    await expect(page.getByTestId("hero-word")).toHaveText("vent");
  });
});

test("a moderator's edits in the CMS reach an open forum list live", async ({ page, context }) => {
  const title = `Forum thread ${token}`;
  await signInAs(page, "moderator");
  const created = await page.request.post("/api/cms/discussions", {
    data: { category: "rants-and-vents", title, content: "Started from the CMS test." },
  });
  expect(created.status()).toBe(201);

  // Another tab shows the forum, searched down to this discussion.
  const forum = await context.newPage();
  await forum.goto(`/discussion?q=${encodeURIComponent(token)}`);
  await expect(forum.getByRole("link", { name: title })).toBeVisible();

  await page.goto("/cms?tab=discussions");
  await page.getByRole("searchbox", { name: "Search discussions" }).fill(token);
  const row = page.getByRole("listitem").filter({ hasText: title });
  await expect(row).toBeVisible();
  await page.getByRole("button", { name: `Edit ${title}` }).click();
  const editor = page.getByRole("dialog", { name: "Edit discussion" });
  await expect(editor.getByLabel("Author")).toHaveValue(`Staff ${token}`);
  await editor.getByLabel("Title").fill(`${title} (edited)`);
  await editor.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Discussion updated", { exact: true })).toBeVisible();

  // The forum tab was not reloaded.
  await expect(forum.getByRole("link", { name: `${title} (edited)` })).toBeVisible();

  await page.getByRole("button", { name: `Pin ${title} (edited)` }).click();
  await expect(page.getByText("Discussion pinned successfully.")).toBeVisible();
  await expect(row).toContainText("Pinned");

  await page.getByRole("button", { name: `Delete ${title} (edited)` }).click();
  await confirmDelete(page, "Are you sure you want to delete this discussion?");
  await expect(page.getByText("Discussion deleted", { exact: true })).toBeVisible();
  await expect(forum.getByRole("link", { name: `${title} (edited)` })).toHaveCount(0);
});
