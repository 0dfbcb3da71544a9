// Issue 47's public page in the browser (docs/decisions/080): a visitor on a phone opens
// /online-safety from the footer and finds the accountable role and its address, with no
// console errors (the test fixture fails on any).
import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { createVerifiedAccount, signIn, signOutContext, siteOrigin } from "./support/accounts";
import { storeCookieConsent } from "./support/cookie-consent";
import { screenshotsForReview } from "./support/pages";
import { setRole } from "./support/roles";
import { expect, test } from "./support/test";

const token = randomBytes(3).toString("hex");

test.use({ viewport: { width: 390, height: 844 } });

test("a visitor opens Online Safety from the footer and sees the accountable role and its address", async ({
  page,
}) => {
  // An admin records the named responsibility (decision 076), then leaves.
  const admin = await createVerifiedAccount(page.request, { name: `Named Person ${token}` });
  await setRole(admin.email, "admin");
  await signIn(page, admin);
  const me = (await (await page.request.get("/api/session")).json()) as { user: { id: string } };
  const role = `Online Safety Lead ${token}`;
  const address = `safety-${token}@example.org`;
  const saved = await page.request.put("/api/cms/online-safety/responsibility", {
    headers: { origin: siteOrigin() },
    data: { personId: me.user.id, role, contactEmail: address },
  });
  expect(saved.ok()).toBe(true);
  await signOutContext(page);

  await storeCookieConsent(page);
  await page.goto("/");
  await page
    .getByRole("contentinfo")
    .getByRole("link", { name: "Online Safety", exact: true })
    .click();
  await expect(page).toHaveURL(/\/online-safety$/);
  await expect(page.getByRole("heading", { name: "Online safety", level: 1 })).toBeVisible();
  const accountable = page.getByRole("region", { name: "Who is accountable" });
  await expect(accountable).toContainText(role);
  await expect(accountable.getByRole("link", { name: address })).toHaveAttribute(
    "href",
    `mailto:${address}`,
  );
  await expect(page.getByText(`Named Person ${token}`)).toHaveCount(0);
  // A month's table, or the sentence naming the months whose every count was under 5.
  const figures = page.getByRole("region", { name: "Monthly figures" });
  await expect(
    figures
      .getByRole("table")
      .or(figures.getByText(/every count was fewer than 5/))
      .first(),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "public moderation log" })).toHaveAttribute(
    "href",
    "/moderation",
  );
  // Nothing wider than the phone.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
  // The sweeps' accessibility rules (visitor-sweeps.spec.ts), on this page alone.
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  expect(
    results.violations
      .filter((violation) => violation.impact !== "minor")
      .map((violation) => `${violation.impact} ${violation.id}`),
  ).toEqual([]);
  await screenshotsForReview(page, "online-safety", { fullPage: true });
});
