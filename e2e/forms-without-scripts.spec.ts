import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import {
  createVerifiedAccount,
  newMemberOn,
  signOutContext,
  siteOrigin,
  uniqueEmail,
} from "./support/accounts";
import { openInbox } from "./support/mailbox";
import { expect, test } from "./support/test";

// Every public form works with JavaScript off (docs/decisions/061): it posts to its page and
// the server answers with the page, showing the same success words or the same inline errors.
test.use({ javaScriptEnabled: false });

test("sign in: on to the page that asked, signed in; a wrong password says so", async ({
  page,
  consoleGuard,
}) => {
  // The page comes back with the route's status (decision 061).
  consoleGuard.expectResponse(401, "/auth");
  const account = await createVerifiedAccount(page.request);
  await page.goto("/auth?returnTo=/members");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Invalid email or password")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(account.email);
  await expect(page.getByLabel("Password")).toHaveValue("");

  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByRole("button", { name: /Account menu/ })).toBeVisible();
});

test("second step: a recovery code instead and back, then signed in with one; no passkey button", async ({
  page,
}) => {
  // Two-factor on through the API, as settings turns it on (decision 060).
  const account = await newMemberOn(page);
  const headers = { origin: siteOrigin() };
  const enrolled = await page.request.post("/api/auth/two-factor/enable", {
    data: { password: account.password },
    headers,
  });
  const { secret, recoveryCodes } = (await enrolled.json()) as {
    secret: string;
    recoveryCodes: string[];
  };
  const code = await createOTP(base32.decode(secret)).hotp(Math.floor(Date.now() / 30_000));
  const confirmed = await page.request.post("/api/auth/two-factor/verify-totp", {
    data: { code },
    headers,
  });
  expect(confirmed.ok()).toBe(true);
  await signOutContext(page);

  await page.goto("/auth?returnTo=/members");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Enter the 6-digit code from your authenticator app.")).toBeVisible();
  // WebAuthn needs scripts: no button that would do nothing (decision 063's amendment).
  await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toBeHidden();
  await expect(page.getByText("Passkeys need JavaScript in this browser.")).toBeVisible();

  await page.getByRole("button", { name: "Use a recovery code instead" }).click();
  await expect(page.getByText("Enter one of the recovery codes you saved.")).toBeVisible();
  await page.getByRole("button", { name: "Use your authenticator app instead" }).click();
  await expect(page.getByLabel("Code", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Use a recovery code instead" }).click();
  await page.getByLabel("Recovery code").fill(recoveryCodes[0] ?? "");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByRole("button", { name: /Account menu/ })).toBeVisible();
});

test("sign up: the tab is a link, the form asks no password, the link is mailed", async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.expectResponse(400, "/auth");
  consoleGuard.expectResponse(400, "/auth/confirm");
  const email = uniqueEmail("noscript-up");
  const inbox = await openInbox(email);
  await page.goto("/auth");
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await page.getByLabel("Full Name").fill("Plain Poster");
  await page.getByLabel("Email").fill("not-an-email");
  await expect(page.getByLabel("Password")).toHaveCount(0);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByLabel("Full Name")).toHaveValue("Plain Poster");

  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText(`We've sent a confirmation link to ${email}.`)).toBeVisible();

  // The link's page sets the password and signs in, without scripts too.
  await page.goto(await inbox.nextLink("/auth/confirm"));
  await expect(page.getByText(`Finishing the account for ${email}.`)).toBeVisible();
  await expect(page.getByLabel("Full name")).toHaveValue("Plain Poster");
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByLabel(/I accept the Terms of Service/).check();
  await page.getByRole("button", { name: "Confirm and sign in" }).click();
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill("chosen without scripts");
  await page.getByLabel(/I accept the Terms of Service/).check();
  await page.getByRole("button", { name: "Confirm and sign in" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: "Account menu for Plain Poster" })).toBeVisible();
});

test("forgot password: the same answer for any address; a malformed one is refused", async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.expectResponse(400, "/auth/forgot-password");
  await page.goto("/auth/forgot-password");
  await page.getByLabel("Email").fill("x");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await page.getByLabel("Email").fill(uniqueEmail("forgot"));
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("If an account exists for that address")).toBeVisible();
});

test("contact: sent, or back with the field's message and the message kept", async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.expectResponse(400, "/contact");
  await page.goto("/contact");
  await page.getByLabel("Name").fill("Plain Sender");
  await page.getByLabel("Email").fill(uniqueEmail("noscript-contact"));
  await page.getByLabel("Message").fill("Sent with scripts off.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Subject is required")).toBeVisible();
  await expect(page.getByLabel("Message")).toHaveValue("Sent with scripts off.");

  await page.getByLabel("Subject").fill("No scripts");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message sent!")).toBeVisible();
});

test("newsletter: the outcome under the form, or the field's message", async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.expectResponse(400, "/");
  await page.goto("/");
  const email = page.getByPlaceholder("you@example.com");
  await email.fill("x");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await page.getByPlaceholder("you@example.com").fill(uniqueEmail("noscript-news"));
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(
    page.getByText("Please check your email to confirm your subscription."),
  ).toBeVisible();
});

test("data request: kept, or back with the type's message", async ({ page, consoleGuard }) => {
  consoleGuard.expectResponse(400, "/data-request");
  await page.goto("/data-request");
  await page.getByLabel("Email").fill(uniqueEmail("noscript-gdpr"));
  await page.getByLabel("Full name").fill("Grace Hopper");
  await page.getByRole("button", { name: "Submit Request" }).click();
  await expect(page.getByText("Request type is required")).toBeVisible();
  await expect(page.getByLabel("Full name")).toHaveValue("Grace Hopper");

  await page.getByLabel("Request type").selectOption({ label: "Access my data (Article 15)" });
  await page.getByRole("button", { name: "Submit Request" }).click();
  await expect(page.getByText("Request Submitted")).toBeVisible();
  await expect(page.getByText("We will respond to your request within 30 days.")).toBeVisible();
});
