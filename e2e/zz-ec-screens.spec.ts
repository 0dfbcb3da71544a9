import { createVerifiedAccount, signIn } from "./support/accounts";
import { expect, test } from "./support/test";

for (const width of [390, 1280]) {
  test(`screens at ${width}`, async ({ page, consoleGuard }) => {
    consoleGuard.expectResponse(400, "/api/account/email");
    await page.setViewportSize({ width, height: 900 });
    for (const result of ["", "undone", "already-undone", "invalid", "taken", "superseded"]) {
      const query = result ? `result=${result}` : `token=${"a".repeat(43)}`;
      await page.goto(`/settings/email/undo?${query}`);
      await page.screenshot({ path: `/tmp/ec-shots/undo-${result || "form"}-${width}.png`, fullPage: true });
    }
    await page.goto("/settings/email/undo");
    await page.screenshot({ path: `/tmp/ec-shots/undo-missing-${width}.png` });
    const account = await createVerifiedAccount(page.request);
    await signIn(page, account);
    await page.goto("/settings");
    const section = page.getByRole("region", { name: "Email" });
    await section.getByLabel("New email").fill("someone-new@example.com");
    await section.getByLabel("Current password").fill("wrong password");
    await section.getByRole("button", { name: "Change email" }).click();
    await expect(section.getByText("Current password is incorrect")).toBeVisible();
    await section.screenshot({ path: `/tmp/ec-shots/settings-email-${width}.png` });
  });
}
