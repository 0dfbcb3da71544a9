import { uniqueEmail } from "./support/accounts";
import { expect, holdScripts, test } from "./support/test";

// Nothing a person does between the first paint and hydration is lost (docs/decisions/061):
// links and forms work without scripts, and a tap on a button, a tab or a menu is kept and done
// once the page is live. The scripts are held back until the test releases them, so "before
// the page is live" is a fact of the test, not a race.

test("a tab on /auth chosen before the page is live: the link opens it", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/auth", { waitUntil: "commit" });
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/auth\?tab=sign-up$/);
  await expect(page.getByLabel("Full name")).toBeVisible();
  await release();
  // Live: the tabs switch in place, without a new document.
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });
  await page.getByRole("tab", { name: "Sign in" }).click();
  await expect(page.getByLabel("Password")).toBeVisible();
  await expect(page).toHaveURL(/\/auth\?tab=sign-up$/);
  expect(documents).toEqual([]);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test("the menu opens from the first paint, before the page is live, and once it is", async ({
    page,
  }) => {
    const release = await holdScripts(page);
    await page.goto("/", { waitUntil: "commit" });
    const open = page.getByRole("button", { name: "Open menu" });
    const menu = page.getByRole("dialog");
    // The browser opens and closes it (invoker commands): no script has run.
    await open.click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Members" })).toBeVisible();
    // The page behind is held still while the menu is open, and let go after.
    await expect(page.locator("html")).toHaveCSS("overflow", "hidden");
    await page.keyboard.press("Escape");
    await expect(menu).toHaveCount(0);
    await expect(page.locator("html")).toHaveCSS("overflow", "visible");
    await release();
    await expect(page.locator("html[data-started]")).toHaveCount(1);
    // The taps kept before the page was live are replayed in a task queued when it started:
    // one queued after it runs later. The menu's were not kept, so it stays closed.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
    await expect(menu).toHaveCount(0);
    await open.click();
    await expect(menu).toBeVisible();
    await menu.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toHaveCount(0);
    await expect(open).toBeFocused();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the menu opens, and its links lead on", async ({ page }) => {
      await page.goto("/");
      await page.getByRole("button", { name: "Open menu" }).click();
      const menu = page.getByRole("dialog");
      await expect(menu).toBeVisible();
      await menu.getByRole("link", { name: "Members" }).click();
      await expect(page).toHaveURL(/\/members$/);
      await expect(page.getByRole("dialog")).toHaveCount(0);
    });
  });
});

test("the forum's filters chosen before the page is live open once it is", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/discussion", { waitUntil: "commit" });
  await page.getByRole("button", { name: /^Filters/ }).click();
  await release();
  await expect(page.getByRole("dialog", { name: "Discussion filters" })).toBeVisible();
});

test("a tap on a control that changed by the time the page is live is dropped", async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto("/discussion", { waitUntil: "commit" });
  const toggle = page.getByRole("button", { name: "Dark theme" });
  await toggle.click();
  // The control now says something else: the tap meant what it said then.
  await toggle.evaluate((button) => button.setAttribute("aria-label", "Something else"));
  // A second tap, on a control that stays as it was: replays go in order, so once it has
  // taken effect the first had its turn.
  await page.getByRole("button", { name: /^Filters/ }).click();
  await release();
  await expect(page.getByRole("dialog", { name: "Discussion filters" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Something else" })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
  await expect(page.locator("html")).not.toHaveAttribute("data-theme", "dark");
});

test("a form sent before the page is live posts natively and gets its answer", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/contact", { waitUntil: "commit" });
  await page.getByLabel("Name").fill("Early Sender");
  await page.getByLabel("Email").fill(uniqueEmail("early"));
  await page.getByLabel("Subject").fill("Before the scripts");
  await page.getByLabel("Message").fill("Sent before hydration.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message sent!")).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue("");
  await release();
  await expect(page.getByText("Message sent!")).toBeVisible();
});

test("the page starts without waiting for its paint, then navigates without a new document", async ({
  page,
}) => {
  await page.goto("/discussion");
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Members" })
    .click();
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(documents).toEqual([]);
});
