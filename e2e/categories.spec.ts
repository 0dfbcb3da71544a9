// Issue 41's categories in the browser: a member picks one when starting a discussion, the
// category's page lists it with its description, and the home page's card leads there.
import { randomBytes } from "node:crypto";
import { newMemberOn } from "./support/accounts";
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
