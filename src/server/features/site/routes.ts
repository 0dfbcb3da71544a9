import { Hono } from "hono";
import type { AppEnv } from "@/server/context";
import type { Db } from "@/server/db/client";
import { countSite } from "@/server/domain/site/site-counts";
import { findSitePage, isSitePageSlug } from "@/server/domain/site/site-pages";
import type { Env } from "@/server/env";
import { HttpError } from "@/server/lib/http-error";
import type { SiteInfo, SitePage, SiteStats } from "@/shared/api-types";
import { onlineSafetyPublic } from "./online-safety";

export const PAGE_NOT_FOUND = "Page not found";

/** The configured facts the client shows (the privacy page's contact address and retention). */
export function siteInfo(
  env: Pick<Env, "siteName" | "privacyEmail" | "retentionMonths">,
): SiteInfo {
  return {
    name: env.siteName,
    privacyEmail: env.privacyEmail,
    retentionMonths: env.retentionMonths,
  };
}

/** The about section's numbers (docs/decisions/030): what the database holds, not samples. */
export async function siteStats(db: Db): Promise<SiteStats> {
  const counts = await countSite(db);
  return { posts: counts.posts, replies: counts.replies, rants: counts.discussions };
}

/** A page staff write in the CMS, or null for a slug that names none. */
export async function sitePage(db: Db, slug: string): Promise<SitePage | null> {
  return isSitePageSlug(slug) ? findSitePage(db, slug) : null;
}

/** GET /api/site, /api/site/stats, /api/site/pages/:slug and /api/site/online-safety. */
export const siteRoutes = new Hono<AppEnv>()
  .get("/", (c) => {
    c.header("cache-control", "public, max-age=300");
    return c.json(siteInfo(c.var.deps.env));
  })
  .get("/stats", async (c) => {
    return c.json(await siteStats(c.var.deps.db));
  })
  .get("/pages/:slug", async (c) => {
    const page = await sitePage(c.var.deps.db, c.req.param("slug"));
    if (!page) throw new HttpError(404, PAGE_NOT_FOUND);
    return c.json(page);
  })
  // The public /online-safety page's role, address and monthly counts (decision 080).
  .get("/online-safety", async (c) => {
    return c.json(await onlineSafetyPublic(c.var.deps.db));
  });
