// Issue 20 in Chromium: "Download my data" saves one JSON file of the member's data, and
// "Delete my account" (password and DELETE) erases the account, signs out and frees the
// address; the discussion stays as "Deleted member"'s.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { createVerifiedAccount, PASSWORD, signIn, siteOrigin } from "./support/accounts";
import { expect, test } from "./support/test";

const toast = (page: Page, title: string) =>
  page.locator("[data-sonner-toast]", { has: page.getByText(title, { exact: true }) });

test("Download my data saves one JSON file of the member's data", async ({ page }) => {
  const account = await createVerifiedAccount(page.request, { name: "Dora Download" });
  await signIn(page, account);
  await page.request.post("/api/discussions", {
    data: {
      category: "rants-and-vents",
      title: "Dora's downloadable rant",
      content: "Words to take away",
    },
    headers: { origin: siteOrigin() },
  });
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Your data" });
  await expect(section).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    section.getByRole("button", { name: "Download my data" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const document = JSON.parse(await readFile(await download.path(), "utf8")) as {
    account: { email: string };
    discussions: Array<{ title: string }>;
  };
  expect(document.account.email).toBe(account.email);
  expect(document.discussions.map((discussion) => discussion.title)).toEqual([
    "Dora's downloadable rant",
  ]);
  await expect(toast(page, "Your data is downloading")).toBeVisible();
});

test("Delete my account erases the account, signs out, and frees the address", async ({
  page,
  consoleGuard,
}) => {
  const account = await createVerifiedAccount(page.request, { name: "Lena Leaving" });
  const { email } = account;
  await signIn(page, account);
  const created = await page.request.post("/api/discussions", {
    data: { category: "rants-and-vents", title: "A rant that outlives me", content: "Still here" },
    headers: { origin: siteOrigin() },
  });
  const { id } = (await created.json()) as { id: string };
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Delete my account" });
  const button = section.getByRole("button", { name: "Delete my account" });
  await section.getByLabel("Password").fill(PASSWORD);
  // Not until DELETE is typed out.
  await expect(button).toBeDisabled();
  await section.getByLabel("Type DELETE to confirm").fill("DELETE");
  await expect(button).toBeEnabled();

  // A wrong password says so and deletes nothing.
  consoleGuard.expectResponse(400, "/api/account/delete");
  await section.getByLabel("Password").fill("not my password");
  await button.click();
  await expect(section.getByText("Password is incorrect")).toBeVisible();

  await section.getByLabel("Password").fill(PASSWORD);
  await button.click();
  await expect(toast(page, "Your account has been deleted")).toBeVisible();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();

  // The discussion stays, as Deleted member's.
  await page.goto(`/discussion/${id}`);
  await expect(page.getByRole("heading", { name: "A rant that outlives me" })).toBeVisible();
  await expect(page.getByText("Deleted member").first()).toBeVisible();

  // Signing in fails; the same address signs up again as a new member.
  // With the Origin a browser sends: the device cookie (decision 051) outlives the session,
  // and better-auth refuses a write from a context holding a cookie without one.
  const signInAgain = await page.request.post("/api/auth/sign-in/email", {
    data: { email, password: PASSWORD },
    headers: { origin: siteOrigin() },
  });
  expect(signInAgain.status()).toBe(401);
  const again = await createVerifiedAccount(page.request, { email, name: "Lena Returns" });
  expect(again.email).toBe(email);
});
