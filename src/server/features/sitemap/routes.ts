// /sitemap.xml, /sitemap/{kind}-{n}.xml and /robots.txt: what crawlers read to find every
// public page (docs/decisions/024). The XML is written by the `sitemap` library, which escapes
// and checks every URL; the URLs hold only our own paths, slugs and ids, never member text.
import { createHash } from "node:crypto";
import { text } from "node:stream/consumers";
import type { Context } from "hono";
import { Hono } from "hono";
import { SitemapIndexStream, SitemapStream } from "sitemap";
import type { AppEnv } from "@/server/context";
import { HttpError } from "@/server/lib/http-error";
import { canonicalUrl } from "@/server/lib/page-meta";
import { categoryPath } from "@/shared/category-paths";
import { tagPath } from "@/shared/tag-paths";
import {
  categoryPages,
  RECORD_KINDS,
  type RecordKind,
  sitemapBatch,
  sitemapPages,
  tagPages,
} from "./queries";

export const SITEMAP_NOT_FOUND = "Sitemap not found";

/** The pages that show no record: always one sitemap page of their own, `pages-1`. */
export const STATIC_PAGES = [
  "/",
  "/blog",
  "/discussion",
  "/members",
  "/about",
  "/team",
  "/privacy",
  "/terms",
  "/online-safety",
  "/moderation",
  "/contact",
  "/data-request",
  "/complaints",
  "/posts",
] as const;

/**
 * What static pages show is the code's (the lists in them are listed by their own records),
 * so their lastmod is when this code started serving.
 */
const CODE_STARTED_AT = new Date();

/** Crawlers come back for these at most hourly; the ETag spares them an unchanged page. */
const SITEMAP_CACHE_CONTROL = "public, max-age=3600";

/** `pages-1`, `blog-1`, `discussions-12`, `profiles-3`; page numbers from 1, without zeros in front. */
const PAGE_FILE = /^(pages|blog|discussions|profiles)-([1-9][0-9]{0,8})\.xml$/;

const yieldToOtherRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The library's XML namespaces for news, images, video and alternates are not used here. */
const URLSET_OPTIONS = { xmlns: { news: false, xhtml: false, image: false, video: false } };

function xmlAnswer(c: Context, xml: string): Response {
  const etag = `"${createHash("sha1").update(xml).digest("base64url")}"`;
  c.header("cache-control", SITEMAP_CACHE_CONTROL);
  c.header("etag", etag);
  if (c.req.header("if-none-match") === etag) return c.body(null, 304);
  c.header("content-type", "application/xml; charset=utf-8");
  return c.body(xml);
}

async function recordPage(c: Context<AppEnv>, kind: RecordKind, page: number): Promise<string> {
  const { db, env } = c.var.deps;
  const stream = new SitemapStream({ hostname: env.siteUrl, ...URLSET_OPTIONS });
  const written = text(stream);
  let after = 0;
  let count = 0;
  for (;;) {
    const batch = await sitemapBatch(db, kind, page, after);
    for (const url of batch.urls) {
      stream.write({ url: url.path, lastmod: url.lastmod.toISOString() });
    }
    count += batch.urls.length;
    if (batch.next === null) break;
    after = batch.next;
    // Thousands of URLs are CPU work: let other requests through between batches.
    await yieldToOtherRequests();
  }
  if (count === 0) {
    // The library refuses an empty urlset; the index never lists an empty page.
    stream.destroy();
    await written.catch(() => undefined);
    throw new HttpError(404, SITEMAP_NOT_FOUND);
  }
  stream.end();
  return written;
}

async function staticPage(c: Context<AppEnv>): Promise<string> {
  const stream = new SitemapStream({ hostname: c.var.deps.env.siteUrl, ...URLSET_OPTIONS });
  const written = text(stream);
  for (const path of STATIC_PAGES) {
    stream.write({ url: path, lastmod: CODE_STARTED_AT.toISOString() });
  }
  // The categories' pages go with the pages: there are a handful (issue 41).
  for (const category of await categoryPages(c.var.deps.db)) {
    stream.write({
      url: categoryPath(category.slug),
      lastmod: new Date(category.lastmod).toISOString(),
    });
  }
  // And the most used tags' lists (docs/decisions/067).
  for (const tag of await tagPages(c.var.deps.db)) {
    stream.write({ url: tagPath(tag.name), lastmod: new Date(tag.lastmod).toISOString() });
  }
  stream.end();
  return written;
}

export const sitemapRoutes = new Hono<AppEnv>()
  .get("/sitemap.xml", async (c) => {
    const { db, env } = c.var.deps;
    const files = ["pages-1"];
    for (const kind of RECORD_KINDS) {
      for (const page of await sitemapPages(db, kind)) files.push(`${kind}-${page}`);
    }
    const stream = new SitemapIndexStream();
    const written = text(stream);
    for (const file of files)
      stream.write({ url: canonicalUrl(env.siteUrl, `/sitemap/${file}.xml`) });
    stream.end();
    return xmlAnswer(c, await written);
  })
  .get("/sitemap/:file", async (c) => {
    const match = PAGE_FILE.exec(c.req.param("file"));
    if (!match) throw new HttpError(404, SITEMAP_NOT_FOUND);
    const [, kind, number] = match;
    const page = Number(number);
    if (kind === "pages") {
      if (page !== 1) throw new HttpError(404, SITEMAP_NOT_FOUND);
      return xmlAnswer(c, await staticPage(c));
    }
    return xmlAnswer(c, await recordPage(c, kind as RecordKind, page));
  })
  .get("/robots.txt", (c) => {
    c.header("cache-control", "public, max-age=3600");
    return c.text(
      [
        "User-agent: *",
        "Allow: /",
        "Disallow: /api/",
        "Disallow: /cms",
        // Result pages are endless and rate limited (decision 074): crawlers read the sitemap.
        "Disallow: /search",
        "",
        `Sitemap: ${canonicalUrl(c.var.deps.env.siteUrl, "/sitemap.xml")}`,
        "",
      ].join("\n"),
    );
  });
