import { expect, test } from "./support/test";

// A server-rendered page paints from its HTML and stylesheet alone; its scripts start
// downloading once it has painted (docs/decisions/036), and the page then comes to life.

test("the forum paints before any of its scripts downloads, then starts", async ({ page }) => {
  // goto returns once the page has started (support/test.ts): the scripts have run.
  await page.goto("/discussion");
  const timing = await page.evaluate(() => {
    const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null;
    const scripts = performance
      .getEntriesByType("resource")
      .filter((entry) => /\/assets\/.+\.js$/.test(new URL(entry.name).pathname));
    return { paint, scripts: scripts.map((entry) => entry.startTime) };
  });
  expect(timing.paint).not.toBeNull();
  expect(timing.scripts.length).toBeGreaterThan(0);
  expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.paint as number);
  // Started: a link is the app's, and the next page renders without a new document.
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Members" })
    .click();
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(documents).toEqual([]);
});
