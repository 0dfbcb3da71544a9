// GET /api/cms/overview: the Overview tab's three cards (docs/product.md §2.21), from the
// site's counts (src/server/domain/site).
import { Hono } from "hono";
import { allowedTo } from "@/server/auth/middleware";
import type { AppEnv } from "@/server/context";
import type { Db } from "@/server/db/client";
import { countSite } from "@/server/domain/site/site-counts";
import type { CmsOverview } from "@/shared/api-types";

export async function countOverview(db: Db): Promise<CmsOverview> {
  const counts = await countSite(db);
  return {
    totalPosts: counts.posts,
    discussions: counts.discussions,
    engagement: counts.replies,
  };
}

export const overviewRoutes = new Hono<AppEnv>().get("/", allowedTo("cmsAccess"), async (c) => {
  return c.json(await countOverview(c.var.deps.db));
});
