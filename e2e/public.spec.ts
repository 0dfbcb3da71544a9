import type { Page } from "@playwright/test";
import { uniqueEmail } from "./support/accounts";
import { expect, test } from "./support/test";

const banner = (page: Page) => page.getByRole("banner");
const footer = (page: Page) => page.getByRole("contentinfo");

test.describe("the data request form", () => {
  test("keeps submit disabled until type, email and name are filled, then submits", async ({
    page,
  }) => {
    await page.goto("/data-request");
    await expect(
      page.getByRole("heading", { level: 1, name: "Data Protection Request" }),
    ).toBeVisible();
    const submit = page.getByRole("button", { name: "Submit Request" });
    await expect(submit).toBeDisabled();

    // Every type carries its GDPR article (the browser's own select: decision 061).
    const requestType = page.getByRole("combobox", { name: "Request type" });
    await expect(requestType.locator("option:not([disabled])")).toHaveText([
      "Access my data (Article 15)",
      "Correct my data (Article 16)",
      "Delete my data (Article 17)",
      "Restrict processing (Article 18)",
      "Data portability (Article 20)",
      "Object to processing (Article 21)",
    ]);
    await requestType.selectOption({ label: "Delete my data (Article 17)" });
    await expect(submit).toBeDisabled();
    await page.getByLabel("Email").fill(uniqueEmail("gdpr"));
    await expect(submit).toBeDisabled();
    await page.getByLabel("Full name").fill("   ");
    await expect(submit).toBeDisabled();
    await page.getByLabel("Full name").fill("Grace Hopper");
    await expect(submit).toBeEnabled();

    await page.getByLabel("Additional details (optional)").fill("Please remove my account.");
    await submit.click();
    await expect(page.getByText("Request Submitted", { exact: true })).toBeVisible();
    await expect(page.getByText("We will respond to your request within 30 days.")).toBeVisible();
    await expect(page.getByLabel("Full name")).toHaveValue("");
    await expect(submit).toBeDisabled();
  });

  test("shows the info box and the inline message for a malformed email", async ({ page }) => {
    await page.goto("/data-request");
    const info = page.getByRole("complementary", { name: "What happens next" });
    await expect(info).toContainText("verify your identity");
    await expect(info).toContainText("within 30 days");
    await expect(info).toContainText("email confirmation");

    await page
      .getByRole("combobox", { name: "Request type" })
      .selectOption({ label: "Access my data (Article 15)" });
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Full name").fill("Grace Hopper");
    await page.getByRole("button", { name: "Submit Request" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  });
});

test("the privacy policy has every section, the six rights, the three cookie kinds and the contact address", async ({
  page,
}) => {
  await page.goto("/privacy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  const headings = await page
    .getByRole("main")
    .getByRole("heading", { level: 2 })
    .allTextContents();
  expect(headings).toEqual([
    "Introduction",
    "Data We Collect",
    "How We Use Your Data",
    "Your Rights Under UK GDPR",
    "Cookies",
    "Data Retention",
    "Contact Information",
    "Changes to This Policy",
  ]);
  for (const right of [
    "Right of access",
    "Right to rectification",
    "Right to erasure",
    "Right to restrict processing",
    "Right to data portability",
    "Right to object",
  ]) {
    await expect(page.getByText(`${right}:`)).toBeVisible();
  }
  for (const kind of ["Necessary cookies", "Analytics cookies", "Marketing cookies"]) {
    await expect(page.getByText(kind, { exact: true })).toBeVisible();
  }
  // PRIVACY_EMAIL is unset for the test server: privacy@ the site's host.
  await expect(page.getByRole("link", { name: "privacy@localhost" })).toHaveAttribute(
    "href",
    "mailto:privacy@localhost",
  );
  await page.getByRole("link", { name: "data protection request" }).first().click();
  await expect(page).toHaveURL(/\/data-request$/);
});

test("the rotating text showcase shows the five styles, each one moving", async ({ page }) => {
  await page.goto("/rotating-text-showcase");
  for (const style of ["Fade", "Horizontal scroll", "Typewriter", "Flip", "Dots"]) {
    const region = page.getByRole("region", { name: style });
    await expect(region.getByRole("heading", { level: 2, name: style })).toBeVisible();
    await expect(region).toContainText("Sometimes you just need to...");
    // Each style shows a different text within its 3 s rotation.
    const word = region.getByTestId("showcase-word");
    const before = (await word.textContent()) ?? "";
    await expect(word).not.toHaveText(before, { timeout: 4_000 });
  }
  const dots = page.getByRole("region", { name: "Dots" });
  await dots.getByRole("button", { name: 'Show "complain"' }).click();
  await expect(dots.getByRole("button", { name: 'Show "complain"' })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(dots.getByTestId("showcase-word")).toHaveText("complain");
});

test("the header showcase shows ten designs with the nav items, each selectable", async ({
  page,
}) => {
  await page.goto("/header-showcase");
  const designs = page.getByRole("region", { name: /^Design \d+:/ });
  await expect(designs).toHaveCount(10);
  for (const design of await designs.all()) {
    // Pictures of navigation, not landmarks (axe's landmark-unique): the links are there.
    const links = design.getByRole("link").filter({ hasText: /^(Discussion|Members|Contact)$/ });
    await expect(links).toHaveText(["Discussion", "Members", "Contact"]);
  }
  await expect(page.getByRole("button", { name: "Select this design" })).toHaveCount(10);
  const third = designs.nth(2);
  await third.getByRole("button", { name: "Select this design" }).click();
  await expect(third.getByRole("button", { name: "Selected" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.getByRole("button", { name: "Select this design" })).toHaveCount(9);
});

test.describe("the other public pages have the header and footer", () => {
  for (const [path, heading] of [
    ["/team", "Our Team"],
    ["/contact", "Get in touch"],
    ["/blog", "Blog"],
    ["/about", "About this blog"],
    ["/posts", "Latest posts"],
  ] as const) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(banner(page).getByRole("link", { name: "Discussion" })).toBeVisible();
      await expect(footer(page)).toBeVisible();
    });
  }

  test("/blog lists the published posts and opens one", async ({ page }) => {
    await page.goto("/blog");
    await expect(page.locator("article")).toHaveCount(6);
    await page.getByRole("link", { name: "The Day I Finally Quit" }).click();
    await expect(page).toHaveURL(/\/blog\/the-day-i-finally-quit$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "The Day I Finally Quit" }),
    ).toBeVisible();
    await page.getByRole("link", { name: "All posts" }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test("an old /blog/{id} link moves to the post's slug", async ({ page, request }) => {
    const posts = (await (await request.get("/api/blog-posts?limit=50")).json()) as {
      posts: Array<{ id: string; slug: string; title: string }>;
    };
    const post = posts.posts.find((p) => p.title === "The Day I Finally Quit");
    const moved = await request.get(`/blog/${post?.id}`, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toBe("/blog/the-day-i-finally-quit");
    await page.goto(`/blog/${post?.id}`);
    await expect(page).toHaveURL(/\/blog\/the-day-i-finally-quit$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "The Day I Finally Quit" }),
    ).toBeVisible();
  });

  test("an unknown post says so", async ({ page, consoleGuard }) => {
    consoleGuard.expectResponse(404, "/blog/00000000-0000-4000-8000-000000000000");
    consoleGuard.expectResponse(404, "/api/blog-posts/00000000-0000-4000-8000-000000000000");
    const response = await page.goto("/blog/00000000-0000-4000-8000-000000000000");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Post not found" })).toBeVisible();
  });
});

test("the server writes each public page's title and description", async ({ request }) => {
  for (const [path, title] of [
    ["/", "Rant Community"],
    ["/privacy", "Privacy policy · Rant Community"],
    ["/online-safety", "Online safety · Rant Community"],
    ["/data-request", "Data request · Rant Community"],
    ["/contact", "Contact · Rant Community"],
    ["/blog", "Blog · Rant Community"],
    ["/header-showcase", "Header showcase · Rant Community"],
  ] as const) {
    const html = await (await request.get(path)).text();
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toMatch(/<meta property="og:description" content="[^"]+">/);
  }
  const posts = (await (await request.get("/api/blog-posts?limit=1")).json()) as {
    posts: Array<{ slug: string; title: string; excerpt: string }>;
  };
  const [post] = posts.posts;
  const html = await (await request.get(`/blog/${post?.slug}`)).text();
  expect(html).toContain(`<title>${post?.title} · Rant Community</title>`);
  expect(html).toContain("A single email about the office fridge became forty-seven replies.");
});
