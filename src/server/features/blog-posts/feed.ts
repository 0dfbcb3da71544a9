// /blog/rss.xml: the newest published posts as RSS 2.0 (docs/product.md §2.19).
import { Hono } from "hono";
import type { AppEnv } from "@/server/context";
import { FEED_ITEMS, feedResponse, rssDocument } from "@/server/lib/rss";
import { SITE_FEEDS } from "@/server/lib/site-feeds";
import { newestPostsForFeed } from "./queries";

export const blogFeedRoutes = new Hono<AppEnv>().get(SITE_FEEDS.blog.path, async (c) => {
  const { env, db } = c.var.deps;
  const posts = await newestPostsForFeed(db, FEED_ITEMS);
  const items = posts.map((post) => ({
    title: post.title,
    path: `/blog/${post.slug}`,
    summary: post.excerpt,
    published: post.published,
    updated: post.updated,
  }));
  const xml = rssDocument(
    env.siteUrl,
    {
      title: SITE_FEEDS.blog.title(env.siteName),
      description: "Rants, life observations, unpopular opinions and personal stories.",
      pagePath: SITE_FEEDS.blog.page,
      feedPath: SITE_FEEDS.blog.path,
    },
    items,
  );
  return feedResponse(c, xml, items);
});
