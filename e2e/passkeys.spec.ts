// Issue 37 in Chromium (decision 063): a member adds a passkey in /settings, then signs out and
// signs in with it alone. The passkey lives in Chromium's virtual authenticator (CDP), which
// verifies the user; WebAuthn works on `localhost`, the e2e servers' SITE_URL, never on an IP.
import { newMemberOn, signOutContext, uniqueEmail } from "./support/accounts";
import { expect, test } from "./support/test";

test("passkeys: add one in settings, then sign in with it alone", async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const account = await newMemberOn(page);
  await page.goto("/settings");
  expect(new URL(page.url()).hostname).toBe("localhost");
  const card = page.getByRole("region", { name: "Passkeys" });
  await expect(card.getByText("You have no passkeys yet.")).toBeVisible();
  await card.getByLabel("Name (optional)").fill("E2E authenticator");
  await card.getByRole("button", { name: "Add a passkey" }).click();
  const list = card.getByRole("list", { name: "Your passkeys" });
  await expect(list.getByRole("button", { name: "Remove E2E authenticator" })).toBeVisible();
  await expect(list.getByText("Not used yet")).toBeVisible();
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);

  await signOutContext(page);
  // The email field asks the browser for passkeys (React writes `autoComplete`). Read from the
  // page as sent: the virtual authenticator's autofill can sign in and leave /auth before a
  // locator looks.
  const signInPage = await page.goto("/auth");
  expect(await signInPage?.text()).toMatch(/<input[^>]*autocomplete="username webauthn"/i);
  // Chromium's virtual authenticator answers the email field's autofill request at once, and
  // the scripts now start at once (decision 061): the sign-in may be done before the button can
  // be pressed. Either path is the passkey's (the API tests check each on its own).
  await page
    .getByRole("button", { name: "Sign in with a passkey" })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await expect(page).toHaveURL(/\/$/);
  const session = await page.request.get("/api/session");
  expect(((await session.json()) as { user: { email: string } | null }).user?.email).toBe(
    account.email,
  );

  await page.goto("/settings");
  await expect(
    page.getByRole("region", { name: "Passkeys" }).getByText(/^Last used/),
  ).toBeVisible();
});

test("a password sign-in is not told that the email field's waiting passkey request failed", async ({
  page,
  consoleGuard,
}) => {
  // The email field's autofill request (conditional mediation) fails in the browser before the
  // member has picked anything: the member asked for nothing, so nothing is said. Every toast
  // shown is kept, as one could come and go before a locator looks.
  await page.addInitScript(() => {
    const seen = window as unknown as { conditionalRequests: number; toasts: string[] };
    seen.conditionalRequests = 0;
    seen.toasts = [];
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll("[data-sonner-toast]")) {
        const text = toast.textContent ?? "";
        if (!seen.toasts.includes(text)) seen.toasts.push(text);
      }
    }).observe(document, { childList: true, subtree: true });
    PublicKeyCredential.isConditionalMediationAvailable = async () => true;
    const get = navigator.credentials.get.bind(navigator.credentials);
    navigator.credentials.get = (options?: CredentialRequestOptions) => {
      if (options?.mediation !== "conditional") return get(options);
      seen.conditionalRequests += 1;
      return Promise.reject(new DOMException("A transient failure.", "UnknownError"));
    };
  });
  const seen = () =>
    page.evaluate(() => {
      const { conditionalRequests, toasts } = window as unknown as {
        conditionalRequests: number;
        toasts: string[];
      };
      return { conditionalRequests, toasts };
    });
  await page.goto("/auth");
  await expect.poll(async () => (await seen()).conditionalRequests).toBeGreaterThan(0);
  consoleGuard.expectResponse(401, "/api/auth/sign-in/email");
  await page.getByLabel("Email").fill(uniqueEmail("password-only"));
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Invalid email or password" }),
  ).toBeVisible();
  expect((await seen()).toasts).toEqual([expect.stringContaining("Invalid email or password")]);
});
