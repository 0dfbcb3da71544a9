// GET /api/cms/overview: the Overview tab's three cards (docs/product.md §2.21), from the
// site's counts (src/server/domain/site).
import { Hono } from "hono";
import { allowedTo } from "@/server/auth/middleware";
import type { AppEnv } from "@/server/context";
import type { Db } from "@/server/db/client";
import { countOpenDataRequests } from "@/server/domain/data-requests/clock";
import { countSite } from "@/server/domain/site/site-counts";
import type { CmsOverview } from "@/shared/api-types";
import { can } from "@/shared/permissions";

export async function countOverview(db: Db): Promise<CmsOverview> {
  const counts = await countSite(db);
  return {
    totalPosts: counts.posts,
    discussions: counts.discussions,
    engagement: counts.replies,
  };
}

export const overviewRoutes = new Hono<AppEnv>().get("/", allowedTo("cmsAccess"), async (c) => {
  const { db } = c.var.deps;
  const overview = await countOverview(db);
  // The inbox's clock, for those who answer the requests (docs/product.md §2.21.1).
  if (can(c.var.viewer.role, "inbox")) overview.dataRequests = await countOpenDataRequests(db);
  return c.json(overview);
});
