import { Hono } from "hono";
import type { AppEnv } from "@/server/context";
import type { SiteInfo } from "@/shared/api-types";

/** GET /api/site: the configured facts the client shows (the privacy page's contact address). */
export const siteRoutes = new Hono<AppEnv>().get("/", (c) => {
  const { env } = c.var.deps;
  const body: SiteInfo = { name: env.siteName, privacyEmail: env.privacyEmail };
  c.header("cache-control", "public, max-age=300");
  return c.json(body);
});
