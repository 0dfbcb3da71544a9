// Issue 46's records in the browser (docs/decisions/076): an admin fills a risk assessment entry
// in CMS → Online safety, saves it, sees the saved version with its date in the history, and
// opens the print-ready document holding it. At a phone's width, as admins often are.
import { randomBytes } from "node:crypto";
import { createVerifiedAccount, signIn } from "./support/accounts";
import { setRole } from "./support/roles";
import { expect, test } from "./support/test";

const token = randomBytes(3).toString("hex");

test.use({ viewport: { width: 390, height: 844 } });

test("an admin fills an entry, saves it, sees the version with its date, and opens the print document", async ({
  page,
}) => {
  const account = await createVerifiedAccount(page.request, { name: `Safety Admin ${token}` });
  await setRole(account.email, "admin");
  await signIn(page, account);
  await page.goto("/cms?tab=online-safety");
  await expect(page.getByRole("heading", { name: "Online safety", level: 2 })).toBeVisible();

  await page.locator("summary").filter({ hasText: /^Hate/ }).click();
  const form = page.getByRole("form", { name: "Risk assessment: Hate" });
  await expect(form).toBeVisible();
  const evidence = `Two hate reports this year, both hidden within a day (${token})`;
  await form.getByLabel("Risk level").selectOption("low");
  await form.getByLabel("Evidence").fill(evidence);
  await form.getByLabel("Reporting").check();
  await form.getByLabel("Blocking").check();
  await form.getByRole("button", { name: "Save a new version" }).click();
  await expect(page.getByText(/Hate saved \(version \d+\)/)).toBeVisible();

  await form.getByText("Version history").click();
  const today = new Date().toLocaleDateString("en-GB", {
    dateStyle: "medium",
    timeZone: "UTC",
  });
  const versions = form.getByRole("list", { name: "Saved versions of Hate" });
  await expect(versions.getByRole("listitem").first()).toContainText(today);
  await expect(versions.getByRole("listitem").first()).toContainText(`Safety Admin ${token}`);

  const [print] = await Promise.all([
    page.waitForEvent("popup"),
    page.getByRole("link", { name: "Print the records" }).click(),
  ]);
  await expect(
    print.getByRole("heading", { name: /Online Safety Act records/, level: 1 }),
  ).toBeVisible();
  await expect(print.locator("#risk-hate")).toContainText(evidence);
  await expect(print.locator("#risk-hate")).toContainText("Blocking");
});

test("an admin finds children likely to use the site, fills a children's risk entry, saves it and sees the version with its date", async ({
  page,
}) => {
  const account = await createVerifiedAccount(page.request, { name: `Children Admin ${token}` });
  await setRole(account.email, "admin");
  await signIn(page, account);
  await page.goto("/cms?tab=online-safety");

  const access = page.getByRole("form", { name: "Children's access assessment" });
  await access
    .getByLabel("Stage 2: the child user condition")
    .fill(`Teenagers post here (${token})`);
  await access.getByLabel("Outcome").selectOption("likely");
  await access.getByLabel("Next assessment due").fill("2027-11-29");
  await access.getByRole("button", { name: "Save a new version" }).click();
  await expect(page.getByText(/Children's access assessment saved \(version \d+\)/)).toBeVisible();

  const section = page.getByRole("region", { name: "Children's risk assessment" });
  await section
    .locator("summary")
    .filter({ hasText: /^Bullying/ })
    .click();
  const form = page.getByRole("form", { name: "Children's risk assessment: Bullying" });
  const evidence = `One bullying report this year, hidden the same day (${token})`;
  await form.getByLabel("Risk level").selectOption("medium");
  await form.getByLabel("Evidence").fill(evidence);
  await form.getByLabel("Blocking").check();
  await form.getByRole("button", { name: "Save a new version" }).click();
  await expect(page.getByText(/Bullying saved \(version \d+\)/)).toBeVisible();

  await form.getByText("Version history").click();
  const today = new Date().toLocaleDateString("en-GB", { dateStyle: "medium", timeZone: "UTC" });
  const latest = form
    .getByRole("list", { name: "Saved versions of Bullying" })
    .getByRole("listitem")
    .first();
  await expect(latest).toContainText(today);
  await expect(latest).toContainText(`Children Admin ${token}`);

  const document = await page.request.get("/api/cms/online-safety/document");
  expect(await document.text()).toContain(evidence);
});
