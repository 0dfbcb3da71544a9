// Issue 12's account flows driven in Chromium through the dev mailbox: password reset, the
// confirmation page that chooses the password, resend, email change, password change and
// sessions. A console error fails a test unless the test expects the answer that logged it
// (support/test.ts).
import type { Browser, Page } from "@playwright/test";
import {
  type Account,
  createVerifiedAccount,
  PASSWORD,
  signIn,
  uniqueEmail,
} from "./support/accounts";
import type { ConsoleGuard } from "./support/console-guard";
import { openInbox } from "./support/mailbox";
import { setRole } from "./support/roles";
import { expect, test } from "./support/test";

const toast = (page: Page, title: string) =>
  page.locator("[data-sonner-toast]", { has: page.getByText(title, { exact: true }) });

async function signInWithForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** Whether the API takes these credentials (checked without touching any browser's cookies). */
async function signInStatus(page: Page, email: string, password: string): Promise<number> {
  const context = await page.context().browser()?.newContext();
  if (!context) throw new Error("no browser");
  try {
    const response = await context.request.post("/api/auth/sign-in/email", {
      data: { email, password },
    });
    return response.status();
  } finally {
    await context.close();
  }
}

/** A second browser (another device) signed in to `account`, watched for console errors. */
async function otherDevice(browser: Browser, guard: ConsoleGuard, account: Account) {
  const context = await browser.newContext();
  guard.watch(context);
  const page = await context.newPage();
  await signIn(page, account);
  return { context, page };
}

const sessionsList = (page: Page) => page.getByRole("list", { name: "Active sessions" });

test("forgot password: the emailed link sets a new password and the old one stops working", async ({
  page,
  consoleGuard,
}) => {
  const account = await createVerifiedAccount(page.request);
  const inbox = await openInbox(account.email);
  const newPassword = "a brand new password";

  await page.goto("/auth");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(
    page.getByText(
      "If an account exists for that address, we've sent a link to reset your password. The link is valid for 1 hour.",
    ),
  ).toBeVisible();

  const link = await inbox.nextLink("/auth/reset-password");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("New password").fill("short");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
  await page.getByLabel("New password").fill(newPassword);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(toast(page, "Password updated")).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole("tab", { name: "Sign in", selected: true })).toBeVisible();

  // The old password is refused, the new one signs in.
  consoleGuard.expectResponse(401, "/api/auth/sign-in/email");
  await signInWithForm(page, account.email, account.password);
  await expect(page.locator("[data-sonner-toast][data-type=error]")).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await signInWithForm(page, account.email, newPassword);
  await expect(toast(page, "Welcome back!")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // The link works once.
  consoleGuard.expectResponse(400, "/api/auth/reset-password");
  await page.goto(link);
  await page.getByLabel("New password").fill("yet another password");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("This link is invalid or has expired")).toBeVisible();
  await page.getByRole("link", { name: "request a new link" }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  expect(await signInStatus(page, account.email, newPassword)).toBe(200);
});

test("forgot password answers the same for an address without an account", async ({ page }) => {
  await page.goto("/auth/forgot-password");
  await page.getByLabel("Email").fill(uniqueEmail("nobody"));
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(
    page.getByText(
      "If an account exists for that address, we've sent a link to reset your password. The link is valid for 1 hour.",
    ),
  ).toBeVisible();
});

test("an unconfirmed sign-up: a resent link replaces the first, chooses the password and signs in", async ({
  page,
  consoleGuard,
}) => {
  const email = uniqueEmail("unconfirmed");
  const inbox = await openInbox(email);
  const chosen = "chosen on the confirmation page";

  await page.goto("/auth");
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await page.getByLabel("Full name").fill("Una Confirmed");
  await page.getByLabel("Email").fill(email);
  // No password at sign-up: the confirmation page sets it (decision 061).
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("Please check your email to confirm your account.")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /^Check your inbox/ })).toContainText(
    `We've sent a confirmation link to ${email}. Open it to choose your password`,
  );
  const firstLink = await inbox.nextLink("/auth/confirm");

  // The tab offers a fresh link.
  await page.getByRole("button", { name: "Resend confirmation email" }).click();
  await expect(toast(page, "Confirmation email sent")).toBeVisible();
  const newLink = await inbox.nextLink("/auth/confirm");
  expect(newLink).not.toBe(firstLink);

  // The earlier link was replaced by the new one.
  consoleGuard.expectResponse(400, "/api/auth/confirm-email");
  await page.goto(firstLink);
  await expect(page.getByText("This link is invalid or has expired")).toBeVisible();
  await expect(page.getByText(/choose "Resend confirmation email"/)).toBeVisible();
  await expect(page.getByLabel("Password", { exact: true })).toHaveCount(0);

  // The page shows the name typed at sign-up; the inbox's holder may change it.
  await page.goto(newLink);
  await expect(page.getByRole("heading", { name: "Choose your password" })).toBeVisible();
  await expect(page.getByText(`Finishing the account for ${email}.`)).toBeVisible();
  await expect(page.getByText(/This becomes your account's password/)).toBeVisible();
  await expect(page.getByLabel("Full name")).toHaveValue("Una Confirmed");
  await page.getByLabel("Full name").fill("Una Owner");
  await page.getByLabel("Password", { exact: true }).fill(chosen);
  await page.getByLabel(/I accept the Terms of Service/).check();
  await page.getByRole("button", { name: "Confirm and sign in" }).click();
  await expect(toast(page, "Email confirmed")).toBeVisible();
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole("button", { name: "Account menu for Una Owner" })).toBeVisible();
  // The welcome offers the forum and the new member's profile (docs/decisions/062).
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Una Owner!" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to the forum" })).toHaveAttribute(
    "href",
    "/discussion",
  );
  await expect(page.getByRole("link", { name: "Edit your profile" })).toBeVisible();
  await expect(page.getByRole("link", { name: "View your profile" })).toHaveAttribute(
    "href",
    /^\/profile\/[^/]+$/,
  );

  // The password chosen on the confirmation page is the account's.
  expect(await signInStatus(page, email, "any other password")).toBe(401);
  expect(await signInStatus(page, email, chosen)).toBe(200);
});

test("broken and incomplete links explain how to get a new one", async ({ page, consoleGuard }) => {
  consoleGuard.expectResponse(400, "/api/auth/confirm-email");
  consoleGuard.expectResponse(400, "/api/account/email/confirm");

  await page.goto("/auth/confirm");
  await expect(page.getByText("This link is invalid or has expired")).toBeVisible();
  await page.goto("/auth/confirm?token=not-a-real-token");
  await expect(page.getByText("This link is invalid or has expired")).toBeVisible();
  await page.getByRole("link", { name: "Go to sign in" }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await page.goto("/auth/reset-password");
  await expect(page.getByText("This link is invalid or has expired")).toBeVisible();
  await expect(page.getByRole("link", { name: "request a new link" })).toBeVisible();

  // Opening an email-change link changes nothing until the button is pressed.
  await page.goto("/settings/email?token=not-a-real-token");
  await expect(page.getByRole("heading", { name: "Confirm your new email" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm email change" }).click();
  await expect(page.getByText("This link is invalid or has expired")).toBeVisible();
});

test("the account pages are served as pages, titled from the first byte", async ({ page }) => {
  const titles = {
    "/auth/forgot-password": "Forgot password",
    "/auth/reset-password?token=x": "Reset password",
    "/auth/confirm?token=x": "Confirm your email",
    "/settings/email?token=x": "Confirm email change",
    "/settings/email/undo?token=x": "Undo email change",
    "/settings": "Account settings",
  };
  for (const [path, title] of Object.entries(titles)) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    expect(await response.text(), path).toContain(`<title>${title} · `);
  }
});

test("/settings sends a signed-out visitor to /auth", async ({ page }) => {
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/auth$/);
});

test("email change: the password is asked, the link sent to the new address confirms it, and the new email signs in", async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.expectResponse(400, "/api/account/email");
  const account = await createVerifiedAccount(page.request);
  await signIn(page, account);
  const newEmail = uniqueEmail("changed");
  const newInbox = await openInbox(newEmail);
  const oldInbox = await openInbox(account.email);

  await page.goto("/");
  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole("heading", { name: "Account settings", level: 1 })).toBeVisible();
  const emailSection = page.getByRole("region", { name: "Email" });
  await expect(emailSection).toContainText(`You sign in with ${account.email}.`);

  await emailSection.getByLabel("New email").fill(newEmail);
  await emailSection.getByRole("button", { name: "Change email" }).click();
  await expect(emailSection.getByText("Password is required")).toBeVisible();
  await emailSection.getByLabel("Current password").fill("not the password");
  await emailSection.getByRole("button", { name: "Change email" }).click();
  await expect(emailSection.getByText("Current password is incorrect")).toBeVisible();
  await emailSection.getByLabel("Current password").fill(account.password);
  await emailSection.getByRole("button", { name: "Change email" }).click();
  await expect(emailSection.getByText(`Check ${newEmail} for a confirmation link.`)).toBeVisible();
  // The old address is told; nothing changes until the link is opened. (Waited for by its link:
  // a new-device notice of the sign-in above may land in that inbox too, or not, depending on
  // whether the account's first activity was recorded before it.)
  await oldInbox.nextLink("/auth/forgot-password");
  expect(await signInStatus(page, account.email, account.password)).toBe(200);

  const link = await newInbox.nextLink("/settings/email");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Confirm your new email" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm email change" }).click();
  await expect(page.getByText(`Your email address is now ${newEmail}.`)).toBeVisible();
  // The old address gets the way back (decision 049).
  await oldInbox.nextLink("/settings/email/undo");
  await page.getByRole("link", { name: "Back to account settings" }).click();
  await expect(page.getByRole("region", { name: "Email" })).toContainText(
    `You sign in with ${newEmail}.`,
  );

  // Sign out, then in with the new address; the old one no longer signs in.
  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  await signInWithForm(page, newEmail, account.password);
  await expect(toast(page, "Welcome back!")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await signInStatus(page, account.email, account.password)).toBe(401);
});

test("email change undo: the old inbox's link gives the account back, with scripts off too", async ({
  page,
  browser,
  consoleGuard,
}) => {
  consoleGuard.expectResponse(409, "/api/account/email/undo");
  const account = await createVerifiedAccount(page.request);
  await signIn(page, account);
  const newEmail = uniqueEmail("taken-over");
  const newInbox = await openInbox(newEmail);
  const oldInbox = await openInbox(account.email);
  const asked = await page.request.post("/api/account/email", {
    data: { email: newEmail, currentPassword: account.password },
  });
  expect(asked.status()).toBe(200);
  const confirmLink = new URL(await newInbox.nextLink("/settings/email"));
  const confirmed = await page.request.post("/api/account/email/confirm", {
    data: { token: confirmLink.searchParams.get("token") },
  });
  expect(confirmed.status()).toBe(200);
  const undoLink = await oldInbox.nextLink("/settings/email/undo");

  // A browser that runs no script: the server's page and its plain form do the undo. (The
  // browser's own newContext: the shared one waits for scripts to start after each load.)
  const newContext = Object.getPrototypeOf(browser).newContext as Browser["newContext"];
  const noScript = await newContext.call(browser, { javaScriptEnabled: false });
  const bare = await noScript.newPage();
  await bare.goto(undoLink);
  await expect(bare.getByRole("heading", { name: "Undo email change" })).toBeVisible();
  await bare.getByRole("button", { name: "Undo the change" }).click();
  await expect(bare).toHaveURL(/\/settings\/email\/undo\?result=undone$/);
  await expect(bare.getByText("Email change undone")).toBeVisible();
  await noScript.close();

  // Everyone is signed out, this browser too; the old password no longer signs in, and the
  // restored address gets a link to choose the next one.
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/auth$/);
  expect(await signInStatus(page, account.email, account.password)).toBe(401);
  await oldInbox.nextLink("/auth/reset-password");

  // With scripts on, the same link a second time says it is done already.
  await page.goto(undoLink);
  await page.getByRole("button", { name: "Undo the change" }).click();
  await expect(page.getByText("This change is already undone")).toBeVisible();
});

test("sessions: both browsers are listed; 'Sign out' ends the other, so does 'Sign out of all other sessions'", async ({
  page,
  browser,
  consoleGuard,
}) => {
  const account = await createVerifiedAccount(page.request);
  await signIn(page, account);
  const phone = await otherDevice(browser, consoleGuard, account);

  await page.goto("/settings");
  const list = sessionsList(page);
  await expect(list.getByRole("listitem")).toHaveCount(2);
  const current = list.getByRole("listitem").filter({ hasText: "This device" });
  await expect(current).toHaveCount(1);
  await expect(current.getByRole("button", { name: /Sign out/ })).toHaveCount(0);
  await current.locator("time").hover();
  await expect(current.locator("time")).toHaveAttribute("title", /\d/);
  await expect(current).toContainText(/Last used .+ ago/);

  const other = list.getByRole("listitem").filter({ hasNotText: "This device" });
  await other.getByRole("button", { name: /Sign out/ }).click();
  await expect(toast(page, "Signed out")).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(page.getByText("You're not signed in anywhere else.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign out of all other sessions" })).toBeDisabled();
  await phone.page.goto("/settings");
  await expect(phone.page).toHaveURL(/\/auth$/);

  await phone.context.close();

  // Two more devices, then all other sessions at once.
  const tablet = await otherDevice(browser, consoleGuard, account);
  const laptop = await otherDevice(browser, consoleGuard, account);
  await page.reload();
  await expect(list.getByRole("listitem")).toHaveCount(3);
  await page.getByRole("button", { name: "Sign out of all other sessions" }).click();
  await expect(toast(page, "Signed out of all other sessions")).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  for (const device of [tablet, laptop]) {
    await device.page.goto("/settings");
    await expect(device.page).toHaveURL(/\/auth$/);
    await device.context.close();
  }
  // This browser is still signed in.
  await page.reload();
  await expect(list.getByRole("listitem")).toHaveCount(1);
});

test("password change: the current password is checked, other sessions end, this one stays", async ({
  page,
  browser,
  consoleGuard,
}) => {
  const account = await createVerifiedAccount(page.request);
  await signIn(page, account);
  const other = await otherDevice(browser, consoleGuard, account);
  const newPassword = "changed in settings 1";

  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Password" });
  consoleGuard.expectResponse(400, "/api/auth/change-password");
  await section.getByLabel("Current password").fill("not my password");
  await section.getByLabel("New password").fill(newPassword);
  await section.getByRole("button", { name: "Change password" }).click();
  await expect(section.getByText("Current password is incorrect")).toBeVisible();

  await section.getByLabel("Current password").fill(PASSWORD);
  await section.getByRole("button", { name: "Change password" }).click();
  await expect(toast(page, "Password changed")).toBeVisible();
  await expect(section.getByLabel("Current password")).toHaveValue("");
  await expect(sessionsList(page).getByRole("listitem")).toHaveCount(1);

  await other.page.goto("/settings");
  await expect(other.page).toHaveURL(/\/auth$/);
  await other.context.close();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Account settings", level: 1 })).toBeVisible();

  expect(await signInStatus(page, account.email, PASSWORD)).toBe(401);
  expect(await signInStatus(page, account.email, newPassword)).toBe(200);
});

test("the account menu links Settings, and Content management for staff only", async ({ page }) => {
  const account = await createVerifiedAccount(page.request);
  await signIn(page, account);
  await page.goto("/");
  await page.getByRole("button", { name: /Account menu/ }).click();
  await expect(page.getByRole("menuitem", { name: "Settings" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Content management" })).toHaveCount(0);
  await page.keyboard.press("Escape");

  await setRole(account.email, "author");
  await page.reload();
  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Content management" }).click();
  await expect(page).toHaveURL(/\/cms$/);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeHidden();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the mobile menu links Settings and Content management", async ({ page }) => {
    const account = await createVerifiedAccount(page.request);
    await setRole(account.email, "moderator");
    await signIn(page, account);
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog");
    await expect(menu.getByRole("link", { name: "Content management" })).toBeVisible();
    await menu.getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole("heading", { name: "Account settings", level: 1 })).toBeVisible();
  });
});
