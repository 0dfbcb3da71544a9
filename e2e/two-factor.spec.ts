// Issue 37 in Chromium: a member sets up an authenticator app from /settings (the test is the
// app: it computes the codes from the key the page shows), then signs in with password and code.
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { newMemberOn, signOutContext } from "./support/accounts";
import { expect, test } from "./support/test";

/** The code an authenticator app holding the shown key gives, `stepsAhead` steps from now. */
function appCode(key: string, stepsAhead = 0): Promise<string> {
  return createOTP(base32.decode(key)).hotp(Math.floor(Date.now() / 30_000) + stepsAhead);
}

test("two-factor: set up an authenticator app in settings, then sign in with its code", async ({
  page,
  consoleGuard,
}) => {
  const account = await newMemberOn(page);
  await page.goto("/settings");
  const card = page.getByRole("region", { name: "Two-factor authentication" });
  await card.getByLabel("Password").fill(account.password);
  await card.getByRole("button", { name: "Set up two-factor authentication" }).click();
  await expect(card.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const key = (await card.getByTestId("totp-secret").textContent())?.trim() ?? "";
  expect(key).toMatch(/^[A-Z2-7]+$/);
  await card.getByLabel("Code from the app").fill(await appCode(key));
  await card.getByRole("button", { name: "Turn on" }).click();
  const codes = card.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  await card.getByRole("button", { name: "Done" }).click();
  await expect(card.getByText(/^Two-factor authentication is on since/)).toBeVisible();

  await signOutContext(page);
  await page.goto("/auth");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Enter the 6-digit code from your authenticator app.")).toBeVisible();
  // The password alone made no session.
  const pending = await page.request.get("/api/session");
  expect(((await pending.json()) as { user: unknown }).user).toBeNull();

  // A code the app did not show is refused with the product's words.
  consoleGuard.expectResponse(401, "/api/auth/two-factor/verify-totp");
  const shown = await appCode(key, 1);
  await page.getByLabel("Code", { exact: true }).fill(shown === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(
    page.getByText("That code is not right. Check your authenticator app and try again."),
  ).toBeVisible();
  // The next step's code: the one that turned two-factor on is never accepted again.
  await page.getByLabel("Code", { exact: true }).fill(shown);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/$/);
  const session = await page.request.get("/api/session");
  expect(((await session.json()) as { user: { email: string } | null }).user?.email).toBe(
    account.email,
  );
});
