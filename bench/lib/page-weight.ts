import { gzipSync } from "node:zlib";
import type { BrowserContext } from "@playwright/test";
import { productionGzip } from "../../scripts/vite/precompress";
import { launchChromium } from "./chromium";
import type { Cookie, WeightServer } from "./weight-server";

export type Visitor = "anonymous" | "member" | "admin";

export type Route = {
  path: string;
  visitor: Visitor;
  /** The lazy page chunk this route must load, and no other main route may. */
  ownChunk?: string;
};

export type RouteWeight = Route & {
  js: Array<{ file: string; bytes: number }>;
  css: Array<{ file: string; bytes: number }>;
  jsBytes: number;
  cssBytes: number;
};

export function mainRoutes(server: Pick<WeightServer, "discussionId" | "memberId">): Route[] {
  return [
    { path: "/", visitor: "anonymous" },
    { path: "/discussion", visitor: "anonymous" },
    { path: `/discussion/${server.discussionId}`, visitor: "anonymous" },
    { path: "/members", visitor: "anonymous" },
    { path: `/profile/${server.memberId}`, visitor: "anonymous" },
    { path: "/auth", visitor: "anonymous" },
    // The header's search box leads here; the page's code must not ride with the header.
    { path: "/search", visitor: "anonymous", ownChunk: "search-page" },
    { path: "/profile/edit", visitor: "member", ownChunk: "profile-edit-page" },
    { path: "/cms", visitor: "admin", ownChunk: "cms-page" },
    {
      path: "/rotating-text-showcase",
      visitor: "anonymous",
      ownChunk: "rotating-text-showcase-page",
    },
    { path: "/header-showcase", visitor: "anonymous", ownChunk: "header-showcase-page" },
  ];
}

export const kb = (bytes: number) => bytes / 1024;

export async function measureRouteWeights(
  server: WeightServer,
  routes: Route[],
): Promise<RouteWeight[]> {
  // Compressed here at the production build's settings, as the production server sends them:
  // the client may be a test build, compressed quickly (decision 055).
  const sizes = new Map<string, Promise<number>>();
  const gzipBytes = (file: string) => {
    const stored = server.files.get(file);
    if (!stored) throw new Error(`The page loaded ${file}, which is not in dist/client`);
    let size = sizes.get(file);
    if (!size) {
      size = productionGzip(stored.body).then(
        (gzipped) => (gzipped ?? gzipSync(stored.body, { level: 9 })).length,
      );
      sizes.set(file, size);
    }
    return size;
  };
  const cookiesFor: Record<Visitor, Cookie[]> = {
    anonymous: [],
    member: server.memberCookies,
    admin: server.adminCookies,
  };
  const browser = await launchChromium();
  try {
    const weights: RouteWeight[] = [];
    for (const route of routes) {
      const context: BrowserContext = await browser.newContext();
      await context.addCookies(
        cookiesFor[route.visitor].map((cookie) => ({ ...cookie, url: server.url })),
      );
      const page = await context.newPage();
      const loaded = new Set<string>();
      page.on("response", (response) => {
        const { pathname } = new URL(response.url());
        if (/\.(js|css)$/.test(pathname)) loaded.add(pathname);
      });
      // A route with a page chunk of its own waits for it: on a busy machine the script before
      // the lazy import can run longer than an idle moment, and the chunk would be missed.
      const { ownChunk } = route;
      const chunkLoaded = ownChunk
        ? page
            .waitForResponse((response) => isChunk(new URL(response.url()).pathname, ownChunk), {
              timeout: 60_000,
            })
            .catch(() => undefined)
        : undefined;
      await page.goto(`${server.url}${route.path}`, { waitUntil: "networkidle" });
      await chunkLoaded;
      // Idle twice in a row: a chunk that starts after the first idle moment still counts.
      await page.waitForTimeout(500);
      await page.waitForLoadState("networkidle");
      await context.close();
      const files = await Promise.all(
        [...loaded].sort().map(async (file) => ({ file, bytes: await gzipBytes(file) })),
      );
      const js = files.filter((entry) => entry.file.endsWith(".js"));
      const css = files.filter((entry) => entry.file.endsWith(".css"));
      weights.push({
        ...route,
        js,
        css,
        jsBytes: js.reduce((sum, entry) => sum + entry.bytes, 0),
        cssBytes: css.reduce((sum, entry) => sum + entry.bytes, 0),
      });
    }
    return weights;
  } finally {
    await browser.close();
  }
}

/** `/assets/cms-page-AbC123.js` is the chunk `cms-page`. */
export const isChunk = (file: string, name: string) =>
  new RegExp(`^/assets/${name}-[\\w-]{8}\\.js$`).test(file);

/**
 * Issue 15's budget for everything the home page downloads, in the gzip bytes the server sends
 * (Zopfli's, as a production build writes them: docs/decisions/044, 055). `npm test` holds it (bench/budget.test.ts).
 */
export const HOME_BUDGET_KB = 100;
