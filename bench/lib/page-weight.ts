// What each main route makes a browser download on a first visit (empty cache): every script
// and stylesheet it fetches until the network is idle (the home page loads its sections below
// the hero right after the first paint: they count). Sizes are of the gzip files the server
// keeps (level 9), whatever encoding Chromium negotiated.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { BrowserContext } from "@playwright/test";
import { launchChromium } from "./chromium";
import { CLIENT_DIR, type Cookie, type WeightServer } from "./weight-server";

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
  const gzipBytes = (file: string) => {
    const stored = server.files.get(file);
    if (!stored) throw new Error(`The page loaded ${file}, which is not in dist/client`);
    return (stored.gzip ?? gzipSync(stored.body, { level: 9 })).length;
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
      await page.goto(`${server.url}${route.path}`, { waitUntil: "networkidle" });
      // Idle twice in a row: a chunk that starts after the first idle moment still counts.
      await page.waitForTimeout(500);
      await page.waitForLoadState("networkidle");
      await context.close();
      const files = [...loaded].sort().map((file) => ({ file, bytes: gzipBytes(file) }));
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
 * The home page's first download: the scripts the built HTML itself asks for (the entry and the
 * chunks fetched beside it, which its inline script starts after the first paint; decision
 * 036), before any chunk loaded lazily. The 100 KB budget counts these (docs/decisions/007); the
 * home page loads its sections below the hero after them.
 */
export function firstDownloadScripts(): string[] {
  const html = readFileSync(path.join(CLIENT_DIR, "index.html"), "utf8");
  const entry = /<script[^>]+data-entry="([^"]+)"/.exec(html)?.[1];
  const preloads = /<script[^>]+data-preload="([^"]*)"/.exec(html)?.[1]?.split(" ") ?? [];
  return [entry, ...preloads].filter((file): file is string => Boolean(file));
}

export const HOME_FIRST_DOWNLOAD_BUDGET_KB = 100;
