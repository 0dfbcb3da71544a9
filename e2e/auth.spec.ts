import type { SessionResponse } from "../src/shared/api-types";
import { createVerifiedAccount, PASSWORD, signIn, uniqueEmail } from "./support/accounts";
import { openInbox } from "./support/mailbox";
import { screenshotsForReview } from "./support/pages";
import { expect, test } from "./support/test";

test("a visitor signs up, chooses the password from the emailed link, signs out and in", async ({
  page,
}) => {
  const email = uniqueEmail("signup");
  const inbox = await openInbox(email);
  await page.goto("/auth");
  await expect(page.getByText("Welcome to Rant Community")).toBeVisible();

  await page.getByRole("tab", { name: "Sign Up" }).click();
  await page.getByLabel("Full name").fill("Pat Ranter");
  await page.getByLabel("Email").fill(email);
  // No password here: the emailed link's page sets it (decision 061).
  await expect(page.getByLabel("Password")).toHaveCount(0);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("Please check your email to confirm your account.")).toBeVisible();
  await expect(
    page.getByText(`We've sent a confirmation link to ${email}.`, { exact: false }),
  ).toBeVisible();

  // The link leads to the page where the password that counts is chosen; that signs in.
  await page.goto(await inbox.nextLink("/auth/confirm"));
  await expect(page.getByRole("heading", { name: "Choose your password" })).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel(/I accept the Terms of Service/).check();
  await screenshotsForReview(page, "confirm-with-terms");
  await page.getByRole("button", { name: "Confirm and sign in" }).click();
  await expect(page.getByText("Email confirmed")).toBeVisible();
  await expect(page).toHaveURL(/\/welcome$/);

  await page.getByRole("button", { name: /Account menu/ }).click();
  await expect(page.getByRole("menuitem", { name: "Profile", exact: true })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Edit Profile" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Settings" })).toBeVisible();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await expect(page.getByText("You have been successfully logged in.")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test("sign-in shows the inline messages of docs/product.md §5", async ({ page }) => {
  await page.goto("/auth");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByText("Password is required")).toBeVisible();
});

test("the avatar falls back to the first letter of the name", async ({ page }) => {
  const account = await createVerifiedAccount(page.request, { name: "Quinn Example" });
  await signIn(page, account);
  await page.goto("/");
  await expect(page.getByRole("button", { name: /Account menu/ })).toHaveText("Q");
});

test("/auth sends a signed-in member home", async ({ page }) => {
  await signIn(page, await createVerifiedAccount(page.request));
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/$/);
});

test("signIn() switches a page that is signed in already to another account", async ({ page }) => {
  const first = await createVerifiedAccount(page.request, { name: "First Account" });
  const second = await createVerifiedAccount(page.request, { name: "Second Account" });
  await signIn(page, first);
  // Its context now holds a session cookie: better-auth wants the Origin with it.
  await signIn(page, second);
  const session = (await (await page.request.get("/api/session")).json()) as SessionResponse;
  expect(session.user?.email).toBe(second.email);
});
