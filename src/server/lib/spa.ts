// Serves the built client: real files as they are, every other page path as the SPA shell with
// its metadata. A missing file (a path with an extension) is a plain 404, never the shell.
import type { Context } from "hono";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "./database-errors";
import { pageDataPreloads, preloadLinkHeader } from "./page-data-preloads";
import {
  fixedPageMeta,
  type PageMeta,
  type PageMetaResolver,
  renderShell,
  resolvePageMeta,
} from "./page-meta";
import { type StaticFile, staticResponse } from "./static-files";

export type SpaOptions = {
  files: Map<string, StaticFile>;
  siteName: string;
  siteUrl: string;
  metaResolvers: readonly PageMetaResolver[];
};

const FILE_LIKE = /\/[^/]+\.[a-z0-9]+$/i;
const RENDERED_PAGES_KEPT = 500;

export function spaHandler(options: SpaOptions) {
  const shellFile = options.files.get("/index.html");
  const shell = shellFile?.body.toString("utf8");
  // The same page with the same metadata renders the same HTML: the home page and the pages
  // read most are rendered once, not on every request (bench/RESULTS.md, home page HTML).
  const rendered = new Map<string, string>();
  return async (c: Context) => {
    const { pathname, search } = new URL(c.req.url);
    const file = options.files.get(pathname);
    if (file && pathname !== "/index.html") return staticResponse(file, c.req.raw);
    if (FILE_LIKE.test(pathname)) return c.text("Not found", 404);
    if (!shell) {
      return c.text(
        "The client is not built. Run `npm run build`, or `npm start` which builds it.",
        503,
      );
    }
    let meta: PageMeta;
    try {
      meta = await resolvePageMeta(pathname, options.metaResolvers);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      // The page still loads (with its fixed metadata), so the app can show its own error and
      // try again; the status tells crawlers and caches that this is not the real page.
      const fallback = renderShell(shell, fixedPageMeta(pathname), {
        name: options.siteName,
        url: options.siteUrl,
        pathname,
      });
      c.header("cache-control", "no-store");
      c.header("retry-after", String(RETRY_AFTER_SECONDS));
      return c.html(fallback, 503);
    }
    if (meta.movedTo) {
      // The record's address changed for good (docs/decisions/024): crawlers move their index
      // and browsers remember it. The path is the resolver's own, never the request's.
      c.header("cache-control", "public, max-age=86400");
      return c.redirect(`${meta.movedTo}${search}`, 301);
    }
    const key = `${pathname}\n${meta.found}\n${meta.title}\n${meta.description}`;
    let html = rendered.get(key);
    if (html === undefined) {
      html = renderShell(shell, meta, { name: options.siteName, url: options.siteUrl, pathname });
      // Bounded: any path renders (404s included), so the cache starts over when full.
      if (rendered.size >= RENDERED_PAGES_KEPT) rendered.clear();
      rendered.set(key, html);
    }
    c.header("cache-control", "no-cache");
    const preloads = meta.found ? pageDataPreloads(pathname, search) : [];
    if (preloads.length) c.header("link", preloadLinkHeader(preloads));
    return c.html(html, meta.found ? 200 : 404);
  };
}
