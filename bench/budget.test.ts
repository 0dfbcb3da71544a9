// Page weight (issues 7 and 15, docs/decisions/007 and 042): everything the home page downloads,
// the sections below the hero included, stays within its budget of gzipped JavaScript, counted
// in the bytes the server sends, and the CMS, the showcases and the profile editor download only
// when visited. Runs with `npm test` (vitest); builds the client first when it is missing or
// stale. Figures for every route: npm run bench:size.
import { execSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  HOME_BUDGET_KB,
  isChunk,
  kb,
  mainRoutes,
  measureRouteWeights,
  type RouteWeight,
} from "./lib/page-weight";
import { ROOT } from "./lib/server-process";
import { startWeightServer, type WeightServer } from "./lib/weight-server";

let server: WeightServer;
let weights: RouteWeight[];

beforeAll(async () => {
  // The build `npm run test:e2e` then uses too (decision 055).
  execSync("node scripts/build-if-needed.ts --for-tests", { cwd: ROOT, stdio: "inherit" });
  server = await startWeightServer();
  weights = await measureRouteWeights(server, mainRoutes(server));
}, 300_000);

afterAll(async () => {
  await server?.close();
});

describe("page weight", () => {
  it(`home page: everything it downloads is within ${HOME_BUDGET_KB} KB of gzipped JavaScript`, () => {
    const home = weights.find((weight) => weight.path === "/") as RouteWeight;
    expect(home.js.length).toBeGreaterThan(0);
    const everything = kb(home.jsBytes);
    expect(
      everything,
      `everything / downloads: ${everything.toFixed(1)} KB (budget ${HOME_BUDGET_KB} KB)`,
    ).toBeLessThanOrEqual(HOME_BUDGET_KB);
  });

  it("home page: nothing it downloads, below the hero included, pulls in cn() and tailwind-merge", () => {
    const home = weights.find((weight) => weight.path === "/") as RouteWeight;
    // 8.6 KB gzipped, once brought in by one skeleton's class override (components/ui/skeleton.tsx).
    expect(home.js.filter((entry) => isChunk(entry.file, "cn")).map((entry) => entry.file)).toEqual(
      [],
    );
  });

  const lazyOnly = mainRoutes({ discussionId: "x", memberId: "x" }).filter(
    (route) => route.ownChunk,
  );

  it.each(lazyOnly)(
    "$path downloads its page chunk when visited, and only then",
    ({ path: route, ownChunk }) => {
      const chunk = ownChunk as string;
      const visited = weights.find((weight) => weight.path === route) as RouteWeight;
      expect(
        visited.js.some((entry) => isChunk(entry.file, chunk)),
        `${route} loads ${chunk}`,
      ).toBe(true);
      for (const other of weights.filter((weight) => weight.path !== route)) {
        const leaked = other.js
          .filter((entry) => isChunk(entry.file, chunk))
          .map((entry) => entry.file);
        expect(leaked, `${other.path} must not load ${chunk}`).toEqual([]);
      }
    },
  );
});
