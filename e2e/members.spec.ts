import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import type { Role } from "../src/shared/permissions";
import { createVerifiedAccount } from "./support/accounts";
import { setRole } from "./support/roles";
import { expect, test } from "./support/test";

const token = randomBytes(3).toString("hex");
const cora = `Cora ${token}`;
const abe = `Abe ${token}`;
const bea = `Bea ${token}`;

/** A member with profile fields saved through the API, created in the order of the calls. */
async function member(
  newRequest: () => Promise<APIRequestContext>,
  fields: { name: string; role: Role; bio?: string; location?: string },
) {
  const request = await newRequest();
  const account = await createVerifiedAccount(request, { name: fields.name });
  const signIn = await request.post("/api/auth/sign-in/email", {
    data: { email: account.email, password: account.password },
  });
  expect(signIn.ok()).toBe(true);
  const saved = await request.patch("/api/profiles/me", {
    data: { fullName: fields.name, bio: fields.bio ?? "", location: fields.location ?? "" },
  });
  expect(saved.ok()).toBe(true);
  if (fields.role !== "user") await setRole(account.email, fields.role);
  await request.dispose();
}

const cardNames = (page: Page) => page.locator("main ul > li h2");

test.beforeAll(async ({ playwright, site }) => {
  const newRequest = () => playwright.request.newContext({ baseURL: site.url });
  await member(newRequest, { name: cora, role: "author", location: `Leeds-${token}` });
  await member(newRequest, { name: abe, role: "moderator" });
  await member(newRequest, { name: bea, role: "user", bio: `Loves gardening-${token}` });
});

test("members search, role filter, sort, and the empty state with 'Clear filters'", async ({
  page,
}) => {
  await page.goto("/members");
  await expect(page.getByRole("heading", { name: "Community Members" })).toBeVisible();
  for (const counter of ["Total Members", "Admins", "Moderators", "Active Contributors"]) {
    await expect(page.getByText(counter, { exact: true })).toBeVisible();
  }

  const search = page.getByRole("searchbox", { name: "Search members" });
  // Only admins search by email (issue 21): everyone else is promised what they can search.
  await expect(search).toHaveAttribute("placeholder", "Search by name, bio, or location...");
  await search.fill(token);
  await expect(page.getByText(`3 members found for "${token}"`)).toBeVisible();
  // Recently active by default: the newest member first.
  await expect(cardNames(page)).toHaveText([bea, abe, cora]);

  const sort = page.getByRole("combobox", { name: "Sort members" });
  await sort.selectOption({ label: "Name (A-Z)" });
  await expect(cardNames(page)).toHaveText([abe, bea, cora]);
  await expect(page).toHaveURL(/sort=name/);

  await sort.selectOption({ label: "Oldest members" });
  await expect(cardNames(page)).toHaveText([cora, abe, bea]);

  await sort.selectOption({ label: "Most discussions" });
  await expect(cardNames(page)).toHaveCount(3);

  const role = page.getByRole("combobox", { name: "Filter by role" });
  await role.selectOption({ label: "Moderator" });
  await expect(page.getByText(`1 member found for "${token}"`)).toBeVisible();
  await expect(cardNames(page)).toHaveText([abe]);
  await expect(page.getByRole("listitem").filter({ hasText: abe })).toContainText("Moderator");

  // Bio and location are searched too.
  await role.selectOption({ label: "All roles" });
  await search.fill(`gardening-${token}`);
  await expect(cardNames(page)).toHaveText([bea]);
  await search.fill(`LEEDS-${token}`);
  await expect(cardNames(page)).toHaveText([cora]);

  // Nothing matches: the empty state, and 'Clear filters' resets search, role and sort.
  await role.selectOption({ label: "Admin" });
  await expect(page.getByRole("heading", { name: "No members found" })).toBeVisible();
  await expect(page.getByText(`0 members found for "LEEDS-${token}"`)).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(search).toHaveValue("");
  await expect(role).toHaveValue("all");
  await expect(sort).toHaveValue("recent");
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByText(/^\d+ members found$/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "No members found" })).toBeHidden();
});

test("a member card opens the profile", async ({ page }) => {
  await page.goto(`/members?search=${encodeURIComponent(abe)}`);
  await page.getByRole("link", { name: new RegExp(abe) }).click();
  await expect(page).toHaveURL(/\/profile\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1, name: abe })).toBeVisible();
  await expect(page.getByText("Moderator")).toBeVisible();
  await page.getByRole("link", { name: "Back to members" }).click();
  await expect(page).toHaveURL(/\/members$/);
});
