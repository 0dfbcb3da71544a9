// RSS 2.0 feeds (/blog/rss.xml, /discussion/rss.xml): written by the `feed` library, which
// escapes every text it is given, with absolute links from SITE_URL, and answered with a short
// public cache, an ETag and Last-Modified so that feed readers polling every few minutes mostly
// get 304 (docs/architecture.md "Pages and metadata", docs/decisions/024).
import { createHash } from "node:crypto";
import { Feed } from "feed";
import type { Context } from "hono";
import { canonicalUrl } from "./page-meta";
import { xmlText } from "./xml-text";

/** How many items a feed carries: the newest first. */
export const FEED_ITEMS = 30;

/** Feed readers poll often; five minutes keeps them close to live at little cost. */
const FEED_CACHE_CONTROL = "public, max-age=300";

export type FeedChannel = {
  title: string;
  description: string;
  /** The page the feed follows (`/blog`). */
  pagePath: string;
  /** The feed's own path (`/blog/rss.xml`). */
  feedPath: string;
};

export type FeedItem = {
  title: string;
  /** The item's page (`/blog/{slug}`). */
  path: string;
  summary: string;
  published: Date;
  /** The last change to what the item shows: the feed's Last-Modified is the newest. */
  updated: Date;
};

/** The feed as RSS 2.0. Its build date is the newest item's, so the same items give the same bytes. */
export function rssDocument(siteUrl: string, channel: FeedChannel, items: FeedItem[]): string {
  const pageUrl = canonicalUrl(siteUrl, channel.pagePath);
  const feed = new Feed({
    id: pageUrl,
    title: xmlText(channel.title),
    description: xmlText(channel.description),
    link: pageUrl,
    language: "en",
    updated: items[0]?.published ?? new Date(0),
    generator: false,
    copyright: "",
    feedLinks: { rss: canonicalUrl(siteUrl, channel.feedPath) },
  });
  for (const item of items) {
    const link = canonicalUrl(siteUrl, item.path);
    // Without an id the link is the guid, marked a permalink: it is one (slugs and ids last).
    feed.addItem({
      title: xmlText(item.title),
      link,
      date: item.published,
      description: xmlText(item.summary),
    });
  }
  return feed.rss2();
}

/** The feed's answer: 304 when the reader has these bytes already. */
export function feedResponse(c: Context, xml: string, items: FeedItem[]): Response {
  const etag = `"${createHash("sha1").update(xml).digest("base64url")}"`;
  c.header("cache-control", FEED_CACHE_CONTROL);
  c.header("etag", etag);
  const updated = items.map((item) => item.updated.getTime());
  if (updated.length) c.header("last-modified", new Date(Math.max(...updated)).toUTCString());
  if (c.req.header("if-none-match") === etag) return c.body(null, 304);
  c.header("content-type", "application/rss+xml; charset=utf-8");
  return c.body(xml);
}
