// Serves the built client: real files as they are, every other page path as the SPA shell with
// its metadata and, for the pages the server renders (docs/decisions/025), the page itself in
// its <div id="root">. A missing file (a path with an extension) is a plain 404, never the shell.
import type { Context } from "hono";
import type { Theme } from "@/shared/constants";
import { allowAnonymousCache } from "./anonymous-cache";
import { chosenTheme } from "./chosen-theme";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "./database-errors";
import type { Logger } from "./logger";
import { pageDataPreloads, preloadLinkHeader } from "./page-data-preloads";
import {
  fixedPageMeta,
  type PageMeta,
  type PageMetaResolver,
  renderShell,
  resolvePageMeta,
} from "./page-meta";
import { addVary, requestHeader } from "./response-headers";
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
   * Rendered for one person (a member's session, the address in a mailed link's page, a form
   * post's outcome: decision 061): for their browser only, never stored by a shared cache or
   * the anonymous cache.
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

/**
 * The chosen theme on the root element, so the page paints in it from the first frame, with
 * no script (the CSP allows none inline) and no flash (docs/decisions/030).
 */
export function withTheme(html: string, theme: Theme | null): string {
  return theme ? html.replace("<html ", () => `<html data-theme="${theme}" `) : html;
}

/**
 * A page's HTML with the visitor's theme: pages (rendered, the shell, the failures) are made the
 * same for everyone, and the theme goes on last. The headers stay a plain object, which
 * @hono/node-server writes as it is (lib/response-headers.ts).
 */
function pageResponse(
  c: Context,
  html: string,
  status: number,
  headers: Record<string, string>,
): Response {
  const body = withTheme(html, chosenTheme(requestHeader(c, "cookie")));
  addVary(c, "Cookie");
  return new Response(body, { status, headers: { "content-type": HTML_TYPE, ...headers } });
}

const HTML_TYPE = "text/html; charset=UTF-8";

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
    // Pages may be stored for visitors (lib/anonymous-cache.ts), a personal one never: it says
    // private. A mailed link's page (?token=) shows its address, whatever it says.
    // A form post's page (ssr/form-posts.ts) shows its outcome: only GETs are stored.
    if (c.req.method === "GET" && !new URLSearchParams(search).has("token")) {
      allowAnonymousCache(c);
    }
    return respond(c, shell, pathname, search);
  }

  async function respond(
    c: Context,
    shell: string,
    pathname: string,
    search: string,
  ): Promise<Response> {
    // The page still loads (with its fixed metadata), so the app can show its own error and
    // try again; the status tells crawlers and caches that this is not the real page.
    const unavailable = () => {
      const fallback = renderShell(shell, fixedPageMeta(pathname), {
        name: options.siteName,
        url: options.siteUrl,
        pathname,
      });
      return pageResponse(c, fallback, 503, {
        "cache-control": "no-store",
        "retry-after": String(RETRY_AFTER_SECONDS),
      });
    };
    let meta: PageMeta;
    try {
      meta = await resolvePageMeta(pathname, options.metaResolvers, search);
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
      return pageResponse(c, html, 500, { "cache-control": "no-store" });
    }
    if (page) {
      const cacheControl = page.personal ? "private, no-store" : "no-cache";
      const body = withPage(html, page);
      const status = meta.found && !page.notFound ? 200 : 404;
      return pageResponse(c, body, status, { "cache-control": cacheControl });
    }
    // The page's data is not in the HTML: its first API answers download with it.
    const preloads = meta.found ? pageDataPreloads(pathname, search) : [];
    return pageResponse(c, html, meta.found ? 200 : 404, {
      "cache-control": "no-cache",
      ...(preloads.length ? { link: preloadLinkHeader(preloads) } : {}),
    });
  }
}
