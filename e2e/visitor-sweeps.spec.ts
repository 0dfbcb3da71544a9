// Issue 21's sweeps over every page (e2e/support/site-routes.ts lists them from the app's route
// list), with hostile long-word data seeded: nothing scrolls sideways at 390 px or 1280 px, no
// link points to "#", and axe finds no serious or moderate violation in either theme.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { routePatterns } from "../src/client/lib/paths";
import type { ConsoleGuard } from "./support/console-guard";
import { storeCookieConsent } from "./support/cookie-consent";
import {
  actAs,
  cmsTabVisits,
  patternSamples,
  type SeededSite,
  seedHostileSite,
  settle,
  siteVisits,
  type Visit,
} from "./support/site-routes";
import { expect, test } from "./support/test";

// The longest file: its sweeps share out between the workers, each seeding its own site
// (decision 055).
test.describe.configure({ mode: "parallel" });

let site: SeededSite;
test.beforeAll(async ({ browser, site: _site }) => {
  test.setTimeout(120_000);
  site = await seedHostileSite(browser);
});

const WIDTHS = [390, 1280] as const;

/** Every page, grouped by who visits it, the CMS's tabs included. */
async function everyVisit(page: Page): Promise<Visit[]> {
  const visits = siteVisits(site);
  await actAs(page, "admin", site);
  visits.push(...(await cmsTabVisits(page)));
  const order: Visit["visitor"][] = ["anonymous", "member", "admin"];
  return visits.sort((a, b) => order.indexOf(a.visitor) - order.indexOf(b.visitor));
}

/** Visits each page as its visitor, signing in or out only when the visitor changes. */
async function sweep(
  page: Page,
  consoleGuard: ConsoleGuard,
  check: (visit: Visit) => Promise<void>,
): Promise<void> {
  // The page that is not one answers 404, as it should.
  consoleGuard.expectResponse(404, "/no-such-page");
  let current: Visit["visitor"] | null = null;
  for (const visit of await everyVisit(page)) {
    if (visit.visitor !== current) {
      await actAs(page, visit.visitor, site);
      current = visit.visitor;
    }
    await page.goto(visit.path);
    await settle(page);
    await check(visit);
  }
}

test("the route list covers every route pattern", () => {
  // A new pattern in paths.ts needs a sample in site-routes.ts, or the sweeps would skip it.
  expect(Object.keys(patternSamples(site)).sort()).toEqual(Object.keys(routePatterns).sort());
});

test("no page scrolls sideways at 390 px or 1280 px, with long words everywhere", async ({
  page,
  consoleGuard,
}) => {
  test.setTimeout(600_000);
  await storeCookieConsent(page);
  const wide: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await sweep(page, consoleGuard, async (visit) => {
      const widths = await page.evaluate(() => {
        const root = document.documentElement;
        const culprits = [...document.querySelectorAll("body *")]
          .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 1)
          .slice(0, 3)
          .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 80));
        return { scroll: root.scrollWidth, viewport: root.clientWidth, culprits };
      });
      if (widths.scroll > widths.viewport) {
        wide.push(
          `${visit.path} at ${width}: ${widths.scroll} px (${widths.culprits.join(" | ")})`,
        );
      }
    });
  }
  expect(wide).toEqual([]);
});

test('no link on any page points to "#" or nowhere', async ({ page, consoleGuard }) => {
  test.setTimeout(300_000);
  await storeCookieConsent(page);
  const dead: string[] = [];
  await sweep(page, consoleGuard, async (visit) => {
    const hrefs = await page
      .locator("a")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    for (const href of hrefs) {
      if (href === null || href === "" || href === "#") dead.push(`${visit.path}: ${href}`);
    }
  });
  expect(dead).toEqual([]);
});

for (const theme of ["light", "dark"] as const) {
  test(`axe: no serious or moderate violations on any page, ${theme} theme`, async ({
    page,
    context,
    consoleGuard,
  }) => {
    test.setTimeout(600_000);
    await storeCookieConsent(page);
    const found: string[] = [];
    await sweep(page, consoleGuard, async (visit) => {
      // Signing in or out clears the cookies: the theme's is set again before each check.
      await context.addCookies([{ name: "theme", value: theme, url: page.url() }]);
      await page.reload();
      await settle(page);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
        .analyze();
      for (const violation of results.violations) {
        if (violation.impact === "minor") continue;
        const targets = violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(" "))
          .join(", ");
        found.push(`${visit.path} [${violation.impact}] ${violation.id}: ${targets}`);
      }
    });
    expect(found).toEqual([]);
  });
}
