// GET /api/cms/overview: the Overview tab's three cards (SPEC §2 CMS), from count queries.
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { CmsOverview } from "../../../shared/api-types";
import { allowedTo } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { type Db, queryRows } from "../../db/client";

export async function countOverview(db: Db): Promise<CmsOverview> {
  // One round trip; each count reads an index (blog_posts_published_idx, discussions_list_idx)
  // or the small comments table.
  const [row] = await queryRows<{ posts: number; discussions: number; comments: number }>(
    db,
    sql`select
          (select count(*)::int from blog_posts where status = 'published') as posts,
          (select count(*)::int from discussions where status = 'active') as discussions,
          (select count(*)::int from discussion_comments) as comments`,
  );
  return {
    totalPosts: Number(row?.posts ?? 0),
    discussions: Number(row?.discussions ?? 0),
    engagement: Number(row?.comments ?? 0),
  };
}

export const overviewRoutes = new Hono<AppEnv>().get("/", allowedTo("cmsAccess"), async (c) => {
  return c.json(await countOverview(c.var.deps.db));
});
