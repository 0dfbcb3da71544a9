// GET /api/cms/overview: the Overview tab's three cards (docs/product.md §2.21), from count
// queries and the replies counter.
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { allowedTo } from "@/server/auth/middleware";
import type { AppEnv } from "@/server/context";
import { type Db, queryRows } from "@/server/db/client";
import { countOpenDataRequests } from "@/server/domain/data-requests/clock";
import type { CmsOverview } from "@/shared/api-types";
import { can } from "@/shared/permissions";

export async function countOverview(db: Db): Promise<CmsOverview> {
  // One round trip; each count reads an index (blog_posts_published_idx, discussions_list_idx).
  // Engagement is the replies anyone can read, kept by triggers (docs/decisions/020): a
  // million replies are never counted per request.
  const [row] = await queryRows<{ posts: number; discussions: number; comments: number }>(
    db,
    sql`select
          (select count(*)::int from blog_posts where status = 'published') as posts,
          (select count(*)::int from discussions where status = 'active') as discussions,
          (select value::int from site_counters where name = 'replies') as comments`,
  );
  return {
    totalPosts: Number(row?.posts ?? 0),
    discussions: Number(row?.discussions ?? 0),
    engagement: Number(row?.comments ?? 0),
  };
}

export const overviewRoutes = new Hono<AppEnv>().get("/", allowedTo("cmsAccess"), async (c) => {
  const { db } = c.var.deps;
  const overview = await countOverview(db);
  // The inbox's clock, for those who answer the requests (docs/product.md §2.21.1).
  if (can(c.var.viewer.role, "inbox")) overview.dataRequests = await countOpenDataRequests(db);
  return c.json(overview);
});
