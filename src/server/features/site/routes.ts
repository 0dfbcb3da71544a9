import { Hono } from "hono";
import type { AppEnv } from "@/server/context";
import type { Env } from "@/server/env";
import type { SiteInfo } from "@/shared/api-types";

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

/** GET /api/site. */
export const siteRoutes = new Hono<AppEnv>().get("/", (c) => {
  c.header("cache-control", "public, max-age=300");
  return c.json(siteInfo(c.var.deps.env));
});
