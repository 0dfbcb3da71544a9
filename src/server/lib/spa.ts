// Serves the built client: real files as they are, every other page path as the SPA shell with
// its metadata and, for the pages the server renders (docs/decisions/025), the page itself in
// its <div id="root">. A missing file (a path with an extension) is a plain 404, never the shell.
import { gzipSync } from "node:zlib";
import type { Context } from "hono";
import { parse as parseCookies } from "hono/utils/cookie";
import { THEME_COOKIE, THEMES, type Theme } from "@/shared/constants";
import { addVary, requestHeader } from "./answer-headers";
import { acceptsGzip } from "./content-encoding";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "./database-errors";
import type { Logger } from "./logger";
import type { CachedPage, PageCache } from "./page-cache";
import { pageDataPreloads, preloadLinkHeader } from "./page-data-preloads";
import {
  fixedPageMeta,
  type PageMeta,
  type PageMetaResolver,
  renderShell,
  resolvePageMeta,
} from "./page-meta";
import { type StaticFile, staticResponse } from "./static-files";

/** A page the server rendered for one request (src/server/ssr/render-page.tsx). */
export type RenderedPage = {
  /** The markup for the shell's <div id="root">. */
  markup: string;
  /** The <script type="application/json"> element the browser hydrates with. */
  dataScript: string;
  /** The page's schema.org JSON-LD elements for the head (empty for none). */
  structuredData: string;
  /** The page's record is missing: it shows the product's not-found text, status 404. */
  notFound: boolean;
  /**
   * Rendered for one person (a member's session, the address in a mailed link's page, a public
   * form's token or a form post's outcome: decision 061): `no-store`, never kept.
   */
  personal: boolean;
};

/** Renders the page for a request, or null for a page the browser renders alone. */
export type PageRenderer = (c: Context) => Promise<RenderedPage | null>;

export type SpaOptions = {
  files: Map<string, StaticFile>;
  siteName: string;
  siteUrl: string;
  metaResolvers: readonly PageMetaResolver[];
  /** Renders pages on the server; without it every page is the empty shell. */
  render?: PageRenderer;
  /**
   * Keeps rendered pages for anonymous visitors (lib/page-cache.ts), with the test of who is
   * anonymous (no session cookie).
   */
  anonymousPages?: { cache: PageCache; isAnonymous: (c: Context) => boolean };
  logger?: Logger;
};

const ROOT = '<div id="root"></div>';

/** The shell with the rendered page in its root element and the page's data after it. */
function withPage(html: string, page: RenderedPage): string {
  // Function replacements: `$` sequences in the page's text must stay as they are.
  return html
    .replace("</head>", () => `${page.structuredData}</head>`)
    .replace(ROOT, () => `<div id="root">${page.markup}</div>${page.dataScript}`);
}

/** The theme the visitor chose (the toggle's cookie), or null to follow their system. */
export function chosenTheme(cookies: string | undefined): Theme | null {
  const value = cookies ? parseCookies(cookies, THEME_COOKIE)[THEME_COOKIE] : undefined;
  return (THEMES as readonly string[]).includes(value ?? "") ? (value as Theme) : null;
}

/**
 * The chosen theme on the root element, so the page paints in it from the first frame, with
 * no script (the CSP allows none inline) and no flash (docs/decisions/030).
 */
export function withTheme(html: string, theme: Theme | null): string {
  return theme ? html.replace("<html ", () => `<html data-theme="${theme}" `) : html;
}

/**
 * A page's HTML with the visitor's theme: pages (kept, rendered, the shell, the failures) are
 * made the same for everyone, and the theme goes on last. The headers stay a plain object, which
 * @hono/node-server writes as it is (lib/answer-headers.ts).
 */
function htmlAnswer(
  c: Context,
  html: string,
  status: number,
  headers: Record<string, string>,
): Response {
  return htmlResponse(c, withTheme(html, chosenTheme(requestHeader(c, "cookie"))), status, headers);
}

/** The answer for a page's HTML, already in the visitor's theme. */
function htmlResponse(
  c: Context,
  body: string,
  status: number,
  headers: Record<string, string>,
): Response {
  addVary(c, "Cookie");
  return new Response(body, { status, headers: { "content-type": HTML_TYPE, ...headers } });
}

const HTML_TYPE = "text/html; charset=UTF-8";

/**
 * A kept page gzipped once per theme, not once per visitor: compressing the home page took more
 * of a kept page's answer than everything else the server does for it (bench/RESULTS.md §14).
 * Goes with its page when the cache drops or replaces it.
 */
const gzippedPages = new WeakMap<CachedPage, Map<string, Uint8Array<ArrayBuffer>>>();

/**
 * A kept page's body and its own headers for a visitor in `theme`, gzipped when they take it.
 * The app's page handler and lib/kept-pages-first.ts both answer with it.
 */
export function keptPageBody(
  page: CachedPage,
  theme: Theme | null,
  gzip: boolean,
): { body: string | Uint8Array<ArrayBuffer>; headers: Record<string, string> } {
  const headers = { "content-type": HTML_TYPE, ...page.headers };
  if (!gzip) return { body: withTheme(page.body, theme), headers };
  let byTheme = gzippedPages.get(page);
  if (!byTheme) {
    byTheme = new Map();
    gzippedPages.set(page, byTheme);
  }
  let gzipped = byTheme.get(theme ?? "");
  if (!gzipped) {
    gzipped = new Uint8Array(gzipSync(withTheme(page.body, theme))) as Uint8Array<ArrayBuffer>;
    byTheme.set(theme ?? "", gzipped);
  }
  return { body: gzipped, headers: { ...headers, "content-encoding": "gzip" } };
}

/**
 * Whether a kept page may answer anyone: never one that says no-store (a form's token, a
 * person's own page: decision 061), whoever stored it. The app and lib/kept-pages-first.ts ask.
 */
export function mayAnswerFromCache(page: CachedPage): boolean {
  return !page.headers["cache-control"]?.includes("no-store");
}

function keptPageAnswer(c: Context, page: CachedPage): Response {
  const { body, headers } = keptPageBody(
    page,
    chosenTheme(requestHeader(c, "cookie")),
    acceptsGzip(requestHeader(c, "accept-encoding")),
  );
  // lib/compress.ts passes an answer that is already encoded.
  addVary(c, "Cookie");
  return new Response(body, { status: page.status, headers });
}

const FILE_LIKE = /\/[^/]+\.[a-z0-9]+$/i;
const RENDERED_PAGES_KEPT = 500;

export function spaHandler(options: SpaOptions) {
  const shellFile = options.files.get("/index.html");
  const shell = shellFile?.body.toString("utf8");
  // A shell without the root element has nowhere to put a rendered page.
  const render = shell?.includes(ROOT) ? options.render : undefined;
  // The same page with the same metadata renders the same HTML: the home page and the pages
  // read most are rendered once, not on every request (bench/RESULTS.md, home page HTML).
  const rendered = new Map<string, string>();
  /** Renders of anonymous pages under way, by cache key. */
  const rendering = new Map<string, Promise<void>>();
  return page;

  async function page(c: Context): Promise<Response> {
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
    // A mailed link's page (?token=) shows its address, a form post's page its outcome
    // (ssr/form-posts.ts): never kept, never answered from what is kept.
    const cacheKey =
      render &&
      c.req.method !== "POST" &&
      options.anonymousPages?.isAnonymous(c) &&
      !new URLSearchParams(search).has("token")
        ? `${pathname}${search}`
        : null;
    if (cacheKey === null) return respond(c, shell, pathname, search, null);
    const cache = options.anonymousPages?.cache;
    const kept = () => {
      const page = cache?.get(cacheKey);
      return page && mayAnswerFromCache(page) ? keptPageAnswer(c, page) : null;
    };
    const hit = kept();
    if (hit) return hit;
    // Visitors arriving together for a page not kept wait for one render of it, not one each
    // (a link shared widely; every visitor just after a change cleared the cache).
    const inFlight = rendering.get(cacheKey);
    if (inFlight) {
      await inFlight;
      const shared = kept();
      if (shared) return shared;
    }
    let finished = () => {};
    const own = !rendering.has(cacheKey);
    if (own) rendering.set(cacheKey, new Promise((resolve) => (finished = resolve)));
    try {
      return await respond(c, shell, pathname, search, cacheKey);
    } finally {
      if (own) {
        rendering.delete(cacheKey);
        finished();
      }
    }
  }

  async function respond(
    c: Context,
    shell: string,
    pathname: string,
    search: string,
    cacheKey: string | null,
  ): Promise<Response> {
    // The page still loads (with its fixed metadata), so the app can show its own error and
    // try again; the status tells crawlers and caches that this is not the real page.
    const unavailable = () => {
      const fallback = renderShell(shell, fixedPageMeta(pathname), {
        name: options.siteName,
        url: options.siteUrl,
        pathname,
      });
      return htmlAnswer(c, fallback, 503, {
        "cache-control": "no-store",
        "retry-after": String(RETRY_AFTER_SECONDS),
      });
    };
    let meta: PageMeta;
    try {
      meta = await resolvePageMeta(pathname, options.metaResolvers);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      return unavailable();
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
    let page: RenderedPage | null = null;
    try {
      page = render ? await render(c) : null;
    } catch (error) {
      if (isDatabaseUnavailable(error)) return unavailable();
      // The plain shell still works: the app starts in the browser and shows its own error.
      options.logger?.error({ err: error, path: pathname }, "page render failed");
      return htmlAnswer(c, html, 500, { "cache-control": "no-store" });
    }
    if (page) {
      const cacheControl = page.personal ? "private, no-store" : "no-cache";
      const body = withPage(html, page);
      const status = meta.found && !page.notFound ? 200 : 404;
      if (cacheKey !== null && !page.personal) {
        options.anonymousPages?.cache.set(cacheKey, {
          status,
          body,
          headers: { "cache-control": cacheControl },
        });
      }
      return htmlAnswer(c, body, status, { "cache-control": cacheControl });
    }
    // The page's data is not in the HTML: its first API answers download with it.
    const preloads = meta.found ? pageDataPreloads(pathname, search) : [];
    return htmlAnswer(c, html, meta.found ? 200 : 404, {
      "cache-control": "no-cache",
      ...(preloads.length ? { link: preloadLinkHeader(preloads) } : {}),
    });
  }
}
