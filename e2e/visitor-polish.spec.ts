// Issue 21: honest numbers, real links, the Terms of Service, the theme, and the small things.
import type { Page } from "@playwright/test";
import { createVerifiedAccount, newMemberOn, signIn, siteOrigin } from "./support/accounts";
import { storeCookieConsent } from "./support/cookie-consent";
import { setRole } from "./support/roles";
import { expect, test } from "./support/test";

test.beforeEach(async ({ page }) => {
  await storeCookieConsent(page);
});

/** The about section's number for `label` ("Posts", "Replies", "Rants"). */
async function aboutStat(page: Page, label: string): Promise<number> {
  const term = page.locator("#about dt", { hasText: new RegExp(`^${label}$`) });
  const value = await term.locator("xpath=following-sibling::dd").textContent();
  return Number((value ?? "").replaceAll(",", ""));
}

test("the about section's stats follow the database; no Coffees, no comment counts on posts", async ({
  page,
}) => {
  await page.goto("/about");
  await expect(page.locator("#about dt")).toHaveText(["Posts", "Replies", "Rants"]);
  await expect(page.getByText("Coffees")).toHaveCount(0);
  const rants = await aboutStat(page, "Rants");
  const replies = await aboutStat(page, "Replies");

  await newMemberOn(page);
  const created = await page.request.post("/api/discussions", {
    headers: { origin: siteOrigin() },
    data: { category: "rants-and-vents", title: "Counted", content: "One more rant" },
  });
  const { id } = (await created.json()) as { id: string };
  await page.request.post(`/api/discussions/${id}/replies`, {
    headers: { origin: siteOrigin() },
    data: { content: "And a reply" },
  });
  await page.goto("/about");
  expect(await aboutStat(page, "Rants")).toBe(rants + 1);
  expect(await aboutStat(page, "Replies")).toBe(replies + 1);
  // The server's HTML has the same numbers (rendered from the database, not samples).
  const html = await (await page.request.get("/about")).text();
  expect(html).toContain(">Rants<");
  expect(html).not.toContain("2,453");

  await page.goto("/blog");
  await expect(page.getByRole("article").first()).toBeVisible();
  await expect(page.getByText(/\d+ comments?\b/)).toHaveCount(0);
});

test("the auth card welcomes to the site by its name", async ({ page }) => {
  await page.goto("/auth");
  await expect(page.getByText("Welcome to Rant Community")).toBeVisible();
  await expect(page.getByText("the product")).toHaveCount(0);
});

test("the footer links go to pages that exist, the Terms of Service among them", async ({
  page,
}) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  const expected: Array<[string, RegExp]> = [
    ["Latest Posts", /\/blog$/],
    ["Our Story", /\/about$/],
    ["The Team", /\/team$/],
    ["Contact", /\/contact$/],
    ["Terms of Service", /\/terms$/],
    ["Online Safety", /\/online-safety$/],
    ["Cookie Policy", /\/privacy#cookies$/],
    ["Privacy Policy", /\/privacy$/],
    ["Data Request", /\/data-request$/],
  ];
  for (const [name, href] of expected) {
    await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  for (const gone of ["Categories", "Archive", "Write for Us", "Disclaimer"]) {
    await expect(footer.getByText(gone, { exact: true })).toHaveCount(0);
  }
  await footer.getByRole("link", { name: "Cookie Policy" }).click();
  await expect(page).toHaveURL(/\/privacy#cookies$/);
  await expect(page.getByRole("heading", { name: "Cookies" })).toBeInViewport();
});

test("staff write the Terms of Service in the CMS Pages tab; /terms shows it, rendered on the server", async ({
  page,
}) => {
  const admin = await createVerifiedAccount(page.request, { name: "Terms Admin" });
  await setRole(admin.email, "admin");
  await signIn(page, admin);
  await page.goto("/cms?tab=pages");
  const field = page.getByLabel("Terms of Service");
  await expect(field).toHaveValue(/## Using this site/);
  const stamp = `Rule ${Date.now()}`;
  // Above the rules, whose anchored headings must stay (docs/decisions/082).
  const rules = await field.inputValue();
  await field.fill(
    `## House rules\n${stamp}: be honest, not cruel.\n\nSecond paragraph.\n\n${rules}`,
  );
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Page saved", { exact: true })).toBeVisible();

  await page.context().clearCookies();
  const html = await (await page.request.get("/terms")).text();
  expect(html).toContain(`${stamp}: be honest, not cruel.`);
  await page.goto("/terms");
  await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "House rules" })).toBeVisible();
  await expect(page.getByText(`${stamp}: be honest, not cruel.`)).toBeVisible();
  await expect(page.getByText(/^Version \d+ · Last updated/)).toBeVisible();
});

test.describe("the theme", () => {
  const background = (page: Page) =>
    page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const LIGHT = "rgb(251, 247, 240)";
  const DARK = "rgb(28, 23, 20)";

  test("follows the system's preference until a choice is made", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/");
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBeUndefined();
    expect(await background(page)).toBe(DARK);
    await page.emulateMedia({ colorScheme: "light" });
    expect(await background(page)).toBe(LIGHT);
  });

  test("the header toggle switches, persists across reloads, and paints before any script", async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    const toggle = page.getByRole("banner").getByRole("button", { name: "Dark theme" });
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    expect(await background(page)).toBe(DARK);

    await page.reload();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    expect(await background(page)).toBe(DARK);
    // The server wrote the choice on <html>: the first paint is dark, no flash of light.
    const html = await (await page.request.get("/discussion")).text();
    expect(html).toMatch(/<html data-theme="dark" lang="en"/);
    // The same HTML in a browser that runs no script at all, on a light system: dark.
    const noScript = await browser.newContext({ javaScriptEnabled: false, colorScheme: "light" });
    const bare = await noScript.newPage();
    // A plain file of the site first, so the page's stylesheet loads from the same origin.
    await bare.goto("/robots.txt");
    await bare.setContent(html);
    expect(await background(bare)).toBe(DARK);
    await noScript.close();

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await page.reload();
    expect(await background(page)).toBe(LIGHT);
  });

  test("the phone menu has the toggle too, and the phone header a visible Sign in", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    await expect(
      page.getByRole("banner").getByRole("link", { name: "Sign In", exact: true }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog");
    await menu.getByRole("button", { name: "Dark theme" }).click();
    await expect(menu.getByRole("button", { name: "Dark theme" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await page.keyboard.press("Escape");
    await page.reload();
    expect(await background(page)).toBe(DARK);
  });
});

test("the hero word list refuses a duplicate", async ({ page }) => {
  const admin = await createVerifiedAccount(page.request, { name: "Word Admin" });
  await setRole(admin.email, "author");
  await signIn(page, admin);
  await page.goto("/cms?tab=hero-words");
  const word = `dup${Date.now().toString(36)}`;
  await page.getByLabel("New word").fill(word);
  await page.getByRole("button", { name: "Add" }).click();
  await expect(page.getByText("Word added successfully")).toBeVisible();
  await page.getByLabel("New word").fill(word.toUpperCase());
  await expect(page.getByText("This word is already in the list.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add" })).toBeDisabled();
});

test.describe("the forum list reads like a forum", () => {
  test("avatars, names linking to public profiles, the replies and the last one; eight in the first screen at 1280×800", async ({
    page,
  }) => {
    const replier = await newMemberOn(page, { name: "Last Replier" });
    const author = await newMemberOn(page, { name: "Forum Author" });
    const headers = { origin: siteOrigin() };
    // A word of this test's own: other tests' discussions (pinned ones first) stay out.
    const word = `row${Date.now().toString(36)}`;
    let id = "";
    for (let n = 1; n <= 9; n += 1) {
      const created = await page.request.post("/api/discussions", {
        headers,
        data: {
          category: "rants-and-vents",
          title: `Forum ${word} ${n}`,
          content: "A first line of text\nand a second\nand a third that is clamped",
        },
      });
      id = ((await created.json()) as { id: string }).id;
    }
    await signIn(page, replier);
    await page.request.post(`/api/discussions/${id}/replies`, {
      headers,
      data: { content: "The last word" },
    });

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/discussion?q=${word}`);
    const list = page.getByRole("list", { name: "Discussions" });
    const newest = list.getByRole("listitem").first();
    await expect(newest.getByRole("link", { name: `Forum ${word} 9` })).toBeVisible();
    await expect(newest.getByText("1 reply").filter({ visible: true })).toBeVisible();
    await expect(newest.getByRole("link", { name: "Last Replier" })).toHaveAttribute(
      "href",
      new RegExp(`/profile/${(await sessionId(page)) ?? ""}$`),
    );
    await expect(newest.getByRole("link", { name: "Forum Author" })).toHaveAttribute(
      "href",
      /\/profile\//,
    );
    await expect(newest.locator("[data-slot=avatar], span.rounded-full").first()).toBeVisible();

    // The first screen of the list: scrolled to just under the sticky header, what fits in
    // the rest of the window (measured from the list's top, whatever the page's length).
    const fitting = await list.evaluate((element) => {
      const header = document.querySelector("header")?.getBoundingClientRect().height ?? 0;
      const top = element.getBoundingClientRect().top;
      const room = window.innerHeight - header;
      return [...element.children].filter(
        (item) => item.getBoundingClientRect().bottom - top <= room,
      ).length;
    });
    expect(fitting).toBeGreaterThanOrEqual(8);

    // The discussion page names its author with a link to their profile.
    await newest.getByRole("link", { name: `Forum ${word} 9` }).click();
    await expect(page.getByRole("link", { name: "Forum Author" }).first()).toHaveAttribute(
      "href",
      /\/profile\//,
    );
    expect(author.name).toBe("Forum Author");
  });
});

async function sessionId(page: Page): Promise<string | null> {
  const session = (await (await page.request.get("/api/session")).json()) as {
    user: { id: string } | null;
  };
  return session.user?.id ?? null;
}

test("small things: share count hidden until a share, data request says what is missing, members search placeholder", async ({
  page,
}) => {
  await page.goto("/data-request");
  await expect(page.getByRole("button", { name: "Submit Request" })).toHaveAccessibleDescription(
    "To submit, fill in the request type, your email and your full name.",
  );
  await page.getByLabel("Full name").fill("Grace Hopper");
  await expect(page.getByRole("button", { name: "Submit Request" })).toHaveAccessibleDescription(
    "To submit, fill in the request type and your email.",
  );

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/members");
  const search = page.getByRole("searchbox", { name: "Search members" });
  await expect(search).toHaveAttribute("placeholder", "Search by name, bio, or location...");
  // The placeholder fits the box at 390 px.
  const fits = await search.evaluate((input: HTMLInputElement) => {
    const probe = document.createElement("span");
    const style = getComputedStyle(input);
    probe.style.font = style.font;
    probe.style.position = "absolute";
    probe.style.whiteSpace = "pre";
    probe.textContent = input.placeholder;
    document.body.append(probe);
    const text = probe.getBoundingClientRect().width;
    probe.remove();
    const room =
      input.clientWidth -
      Number.parseFloat(style.paddingLeft) -
      Number.parseFloat(style.paddingRight);
    return text <= room;
  });
  expect(fits).toBe(true);

  await newMemberOn(page);
  const created = await page.request.post("/api/discussions", {
    headers: { origin: siteOrigin() },
    data: { category: "rants-and-vents", title: "Share me", content: "Text" },
  });
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/discussion/${id}`);
  await page.getByRole("button", { name: /^Share/ }).click();
  await expect(page.getByRole("menuitem", { name: "Copy link" })).toBeVisible();
  await expect(page.getByText(/this session/)).toHaveCount(0);
});

test("on a touch screen, opening Filters focuses the popover, not the Author box", async ({
  browser,
}) => {
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await phone.newPage();
  await storeCookieConsent(page);
  await page.goto("/discussion");
  expect(await page.evaluate(() => window.matchMedia("(pointer: coarse)").matches)).toBe(true);
  await page.getByRole("button", { name: /^Filters/ }).tap();
  const popover = page.getByRole("dialog", { name: "Discussion filters" });
  await expect(popover).toBeFocused();
  await expect(page.getByLabel("Author")).not.toBeFocused();
  await phone.close();
});
