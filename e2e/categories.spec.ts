// Issue 41's categories in the browser: a member picks one when starting a discussion, the
// category's page lists it with its description, and the home page's card leads there.
import { randomBytes } from "node:crypto";
import { newMemberOn } from "./support/accounts";
import { screenshotsForReview } from "./support/pages";
import { expect, test } from "./support/test";

const token = () => `zc${randomBytes(4).toString("hex")}`;

test("a member picks a category when starting a discussion; its page and the home card lead to it", async ({
  page,
}) => {
  await newMemberOn(page, { name: "Category Picker" });
  const title = `Queues at the post office ${token()}`;

  await page.goto("/discussion");
  await page.getByRole("button", { name: "New discussion" }).click();
  // No category is chosen for the member: sending without one is the field's message.
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Content").fill("Why is there always one window open?");
  await page.getByRole("button", { name: "Create discussion" }).click();
  await expect(page.locator("p").filter({ hasText: /^Choose a category$/ })).toBeVisible();
  await page.getByLabel("Category", { exact: true }).selectOption({ label: "Life Observations" });
  await page.getByRole("button", { name: "Create discussion" }).click();
  await expect(page.getByText("Discussion created successfully!")).toBeVisible();

  // The discussion's page shows its category, linked to the category's page.
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await page.getByRole("link", { name: "Life Observations" }).click();
  await expect(page).toHaveURL(/\/discussion\/c\/life-observations$/);
  await expect(page.getByRole("heading", { level: 1, name: "Life Observations" })).toBeVisible();
  await expect(
    page.getByText("Small, strange and true things about the way we all live."),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: title })).toBeVisible();
  await expect(page).toHaveTitle(/^Life Observations · /);

  // The home page's card leads there, with the category's count.
  await page.goto("/");
  const card = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Life Observations" }) });
  await expect(card).toContainText(/\d+ discussions?/);
  await card.getByRole("link", { name: "Life Observations" }).click();
  await expect(page).toHaveURL(/\/discussion\/c\/life-observations$/);
  await expect(page.getByRole("link", { name: title })).toBeVisible();
});

test("an unknown category's page says so with status 404", async ({ page, consoleGuard }) => {
  consoleGuard.expectResponse(404, "/discussion/c/no-such-category");
  const response = await page.goto("/discussion/c/no-such-category");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Category not found" })).toBeVisible();
});

test("a member mutes a category: its discussions leave their list and stay on its page; follow is one tap", async ({
  page,
}) => {
  await newMemberOn(page, { name: "Quiet Reader" });
  const title = `Muted story ${token()}`;
  const created = await page.request.post("/api/discussions", {
    data: { category: "personal-stories", title, content: "A story for later." },
  });
  expect(created.status(), await created.text()).toBe(201);
  const elsewhere = `Not muted ${token()}`;
  const other = await page.request.post("/api/discussions", {
    data: { category: "life-observations", title: elsewhere, content: "Still listed." },
  });
  expect(other.status(), await other.text()).toBe(201);

  await page.goto("/discussion/c/personal-stories");
  await expect(page.getByRole("link", { name: title })).toBeVisible();
  const mute = page.getByRole("button", { name: "Mute", exact: true });
  await mute.click();
  await expect(page.getByText("This category is left out of your discussions list.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Muted", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.getByText(/^Muted: its discussions are left out/)).toBeVisible();
  // Still listed on its own page.
  await expect(page.getByRole("link", { name: title })).toBeVisible();
  await screenshotsForReview(page, "category-muted");

  // Left out of the member's list, server-rendered and after the scripts ran.
  await page.goto("/discussion");
  await expect(page.getByRole("link", { name: elsewhere })).toBeVisible();
  await expect(page.getByRole("link", { name: title })).toHaveCount(0);

  // Follow instead: the mute goes (one state at a time), and the list has it again.
  await page.goto("/discussion/c/personal-stories");
  await page.getByRole("button", { name: "Follow", exact: true }).click();
  await expect(page.getByRole("button", { name: "Following", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.getByRole("button", { name: "Mute", exact: true })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
  await page.goto("/discussion");
  await expect(page.getByRole("link", { name: title })).toBeVisible();
});
