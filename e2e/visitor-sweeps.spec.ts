// Issue 21's sweeps over every page (e2e/support/site-routes.ts lists them from the app's route
// list), with hostile long-word data seeded: nothing scrolls sideways at 390 px or 1280 px and no
// link points to "#" at either, and axe finds no serious or moderate violation in either theme.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { routePatterns } from "../src/client/lib/paths";
import { siteOrigin } from "./support/accounts";
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

type SweepOptions = {
  /** Only these visitors' pages (the axe sweeps split by visitor, to share out between workers). */
  visitors?: readonly Visit["visitor"][];
  /** One part of the pages: those whose place in the list is `part` modulo `parts`. */
  shard?: { part: number; parts: number };
  /** A theme cookie to hold on every page, set again after each sign-in or sign-out. */
  theme?: "light" | "dark";
};

/** Visits each page as its visitor, signing in or out only when the visitor changes. */
async function sweep(
  page: Page,
  consoleGuard: ConsoleGuard,
  check: (visit: Visit) => Promise<void>,
  options: SweepOptions = {},
): Promise<void> {
  // The page that is not one answers 404, as it should.
  consoleGuard.expectResponse(404, "/no-such-page");
  let current: Visit["visitor"] | null = null;
  const visits = (await everyVisit(page)).filter(
    (visit, index) =>
      (!options.visitors || options.visitors.includes(visit.visitor)) &&
      (!options.shard || index % options.shard.parts === options.shard.part),
  );
  for (const visit of visits) {
    if (visit.visitor !== current) {
      await actAs(page, visit.visitor, site);
      // Signing in or out clears the cookies: the theme's is set again before the next page.
      if (options.theme) {
        await page
          .context()
          .addCookies([{ name: "theme", value: options.theme, url: siteOrigin() }]);
      }
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

// One visit of each page at each width checks both claims: a sweep of its own for the links
// cost a third pass over every page (about 2 minutes of a worker; docs/decisions/084).
for (const width of WIDTHS) {
  test(`no page scrolls sideways at ${width} px and no link points to "#" or nowhere, with long words everywhere`, async ({
    page,
    consoleGuard,
  }) => {
    test.setTimeout(300_000);
    await storeCookieConsent(page);
    await page.setViewportSize({ width, height: 800 });
    const wide: string[] = [];
    const dead: string[] = [];
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
        wide.push(`${visit.path}: ${widths.scroll} px (${widths.culprits.join(" | ")})`);
      }
      const hrefs = await page
        .locator("a")
        .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
      for (const href of hrefs) {
        if (href === null || href === "" || href === "#") dead.push(`${visit.path}: ${href}`);
      }
    });
    expect(wide).toEqual([]);
    expect(dead).toEqual([]);
  });
}

// Split by theme, by visitor, and the visitors' many pages in two: parts of about a minute
// share out between the workers, where two sweeps of every page made the suite's longest tail.
const AXE_PARTS = [
  { name: "the member pages", visitors: ["member"] },
  { name: "the admin pages", visitors: ["admin"] },
  {
    name: "the anonymous pages, first half",
    visitors: ["anonymous"],
    shard: { part: 0, parts: 2 },
  },
  {
    name: "the anonymous pages, second half",
    visitors: ["anonymous"],
    shard: { part: 1, parts: 2 },
  },
] as const;
for (const theme of ["light", "dark"] as const) {
  for (const { name, ...part } of AXE_PARTS) {
    test(`axe: no serious or moderate violations on ${name}, ${theme} theme`, async ({
      page,
      consoleGuard,
    }) => {
      test.setTimeout(300_000);
      await storeCookieConsent(page);
      // Axe reads colour contrast through opacity, so a showcase word caught in its 450 ms fade
      // reads as faint text (seen once in CI, dark theme). Reduced motion shows each word whole:
      // the colours judged are the ones a reader sees at rest.
      await page.emulateMedia({ reducedMotion: "reduce" });
      const found: string[] = [];
      const check = async (visit: Visit) => {
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        // Only violations are read: axe skips building selectors for the nodes that pass (about
        // a tenth of a sweep's time); every rule still runs on every node.
        const results = await new AxeBuilder({ page })
          .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
          .options({ resultTypes: ["violations"] })
          .analyze();
        for (const violation of results.violations) {
          if (violation.impact === "minor") continue;
          const targets = violation.nodes
            .slice(0, 3)
            .map((node) => node.target.join(" "))
            .join(", ");
          found.push(`${visit.path} [${violation.impact}] ${violation.id}: ${targets}`);
        }
      };
      await sweep(page, consoleGuard, check, { ...part, theme });
      expect(found).toEqual([]);
    });
  }
}
