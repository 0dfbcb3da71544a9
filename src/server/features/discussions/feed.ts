// /discussion/rss.xml: the newest active discussions as RSS 2.0, newest started first (pinned
// ones take their place by date here, not at the top as in the forum list).

import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "@/server/context";
import { type Db, queryRows } from "@/server/db/client";
import { requireCategory } from "@/server/domain/categories/categories";
import { wordsReadable } from "@/server/domain/visibility/rule";
import { FEED_ITEMS, feedResponse, rssDocument } from "@/server/lib/rss";
import { SITE_FEEDS } from "@/server/lib/site-feeds";
import { categoryFeedPath, categoryFeedTitle, categoryPath } from "@/shared/category-paths";
import { type ContentFormat, plainSummary } from "@/shared/markup/plain-text";
import { HIDDEN_BY_MODERATOR } from "@/shared/moderation";

/** What a feed item shows of a discussion: its title and the start of its text. */
const SUMMARY_LENGTH = 300;

type FeedRow = {
  id: string;
  title: string;
  summary: string;
  content_format: ContentFormat;
  created_at: Date;
  updated_at: Date;
};

/**
 * The newest active discussions. The forum's list index leads with the pinned flag, so each
 * value of it is read newest first on that index (`limit` entries at most, never the table) and
 * the two short lists are merged.
 */
async function newestDiscussions(db: Db, limit: number, categoryId?: string): Promise<FeedRow[]> {
  // A feed is read by anyone: a hidden discussion keeps its place with the mask for its words,
  // as a visitor reads the forum (docs/decisions/046).
  const readable = wordsReadable(null, { hiddenAt: sql`hidden_at`, authorId: sql`author_id` });
  // A category's feed reads its own index, led by category_id (docs/decisions/066).
  const inCategory = categoryId ? sql`and category_id = ${categoryId}::uuid` : sql``;
  const newest = (pinned: boolean) =>
    sql`(select id, case when ${readable} then title else ${HIDDEN_BY_MODERATOR} end as title,
           -- Room for the markup's markers and mention tokens before the plain text's cut (064).
           case when ${readable} then left(content, ${SUMMARY_LENGTH * 3}) else '' end as summary,
           content_format, created_at, updated_at
         from discussions where status = 'active' and is_pinned = ${pinned} ${inCategory}
         order by created_at desc, id desc limit ${limit})`;
  const rows = await queryRows<FeedRow>(
    db,
    sql`select * from (${newest(true)} union all ${newest(false)}) as newest
        order by created_at desc, id desc limit ${limit}`,
  );
  // Raw rows carry timestamps as the driver parsed them: made Dates whatever they came as.
  return rows.map((row) => ({
    ...row,
    created_at: new Date(row.created_at),
    updated_at: new Date(row.updated_at),
  }));
}

/** The feed's items: each discussion's title, address and the start of its plain text. */
function feedItems(rows: FeedRow[]) {
  return rows.map((row) => ({
    title: row.title,
    path: `/discussion/${row.id}`,
    summary: plainSummary(row.summary, row.content_format, SUMMARY_LENGTH),
    published: row.created_at,
    updated: row.updated_at,
  }));
}

export const discussionFeedRoutes = new Hono<AppEnv>()
  .get(SITE_FEEDS.discussions.path, async (c) => {
    const { env, db } = c.var.deps;
    const items = feedItems(await newestDiscussions(db, FEED_ITEMS));
    const xml = rssDocument(
      env.siteUrl,
      {
        title: SITE_FEEDS.discussions.title(env.siteName),
        description: "The newest discussions in the forum.",
        pagePath: SITE_FEEDS.discussions.page,
        feedPath: SITE_FEEDS.discussions.path,
      },
      items,
    );
    return feedResponse(c, xml, items);
  })
  // A category's own feed (issue 41): its newest 30 active discussions; 404 for an unknown one.
  .get("/discussion/c/:slug/rss.xml", async (c) => {
    const { env, db } = c.var.deps;
    const category = await requireCategory(db, c.req.param("slug"));
    const items = feedItems(await newestDiscussions(db, FEED_ITEMS, category.id));
    const xml = rssDocument(
      env.siteUrl,
      {
        title: categoryFeedTitle(env.siteName, category.name),
        description: category.description || `The newest discussions in ${category.name}.`,
        pagePath: categoryPath(category.slug),
        feedPath: categoryFeedPath(category.slug),
      },
      items,
    );
    return feedResponse(c, xml, items);
  });
