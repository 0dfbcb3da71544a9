import { createHash } from "node:crypto";
import { createVerifiedAccount, signIn } from "./support/accounts";
import { setRole } from "./support/roles";
import { expect, test } from "./support/test";

test("/profile/edit sends a signed-out visitor to /auth", async ({ page }) => {
  await page.goto("/profile/edit");
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText("Welcome to Rant Community")).toBeVisible();
});

test("a member with the user role sees Access Denied on /cms", async ({ page }) => {
  await signIn(page, await createVerifiedAccount(page.request));
  await page.goto("/cms");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
});

test("an unknown path shows the not-found page and logs the path", async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.expectResponse(404, "/no/such/place");
  const warnings: string[] = [];
  page.on("console", (message) => warnings.push(message.text()));
  const response = await page.goto("/no/such/place");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  expect(warnings.some((text) => text.includes("/no/such/place"))).toBe(true);
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the navigation slides in from the left", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Members" })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Discussion" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Members" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Contact" })).toBeVisible();
    // It animates in from off-screen left and comes to rest against the left edge.
    await expect.poll(async () => (await menu.boundingBox())?.x).toBe(0);
    expect((await menu.boundingBox())?.width).toBeLessThan(390);
    await menu.getByRole("link", { name: "Members" }).click();
    await expect(page).toHaveURL(/\/members$/);
    await expect(menu).toBeHidden();
  });
});

test("a staff member reaches /cms", async ({ page }) => {
  const account = await createVerifiedAccount(page.request);
  await setRole(account.email, "author");
  await signIn(page, account);
  await page.goto("/cms");
  // The page settles on one of two headings: wait for either, then require the CMS's. Waiting
  // for "Access Denied" to be hidden alone would pass on the loading screen.
  const cms = page.getByRole("heading", { level: 1, name: "Content management" });
  const denied = page.getByRole("heading", { name: "Access Denied" });
  await expect(cms.or(denied)).toBeVisible();
  await expect(denied).toHaveCount(0);
  await expect(cms).toBeVisible();
  await expect(page.getByText(`Welcome, ${account.email}`)).toBeVisible();
  await expect(page.getByRole("tab")).toHaveText(["Overview", "Blog posts", "Hero Words"]);
});

test("while the next page's code downloads, the page on screen stays (no loading placeholder)", async ({
  page,
}) => {
  await page.goto("/discussion");
  const forumHeading = page.getByRole("heading", { name: "Discussion forum" });
  await expect(forumHeading).toBeVisible();
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let requested = () => {};
  const asked = new Promise<void>((resolve) => {
    requested = resolve;
  });
  await page.route(/\/assets\/members-page-[\w-]{8}\.js$/, async (route) => {
    requested();
    await held;
    await route.continue();
  });
  // Records whether the page area ever showed its loading placeholder (layout's PageFallback).
  await page.evaluate(() => {
    const main = document.getElementById("main-content") as HTMLElement;
    const seen = () => main.querySelector('[role="status"]')?.textContent === "Loading...";
    const observer = new MutationObserver(() => {
      if (seen()) document.documentElement.dataset.sawPageFallback = "";
    });
    observer.observe(main, { childList: true, subtree: true });
  });
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Members" })
    .click();
  await expect(page).toHaveURL(/\/members$/);
  await asked;
  await expect(forumHeading).toBeVisible();
  release();
  await expect(page.getByRole("heading", { name: "Community Members" })).toBeVisible();
  expect(await page.evaluate(() => "sawPageFallback" in document.documentElement.dataset)).toBe(
    false,
  );
});

test("the built page's inline scripts are the ones its policy names by hash; the rest are files", async ({
  request,
}) => {
  const response = await request.get("/");
  const policy = response.headers()["content-security-policy"] ?? "";
  const scriptSources =
    policy
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .find(([name]) => name === "script-src")
      ?.slice(1) ?? [];
  const html = await response.text();
  const tags = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  expect(tags.length).toBeGreaterThan(0);
  for (const [, attributes = "", body = ""] of tags) {
    // Data blocks (JSON-LD, the page's data) are never run, so the policy does not apply.
    if (/type="application\/(ld\+)?json"/.test(attributes)) continue;
    if (body === "") expect(attributes).toMatch(/\ssrc="\/assets\/[^"]+\.js"/);
    else {
      const digest = createHash("sha256").update(body).digest("base64");
      expect(scriptSources).toContain(`'sha256-${digest}'`);
    }
  }
  expect(html).not.toMatch(/\son[a-z]+=/i);
});
