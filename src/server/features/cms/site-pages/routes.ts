// /api/cms/site-pages: the CMS Pages tab, where admins write the Terms of Service
// (docs/decisions/030).
import { Hono } from "hono";
import { allowedTo } from "@/server/auth/middleware";
import type { AppEnv } from "@/server/context";
import { findSitePage, isSitePageSlug, saveSitePage } from "@/server/domain/site/site-pages";
import { HttpError } from "@/server/lib/http-error";
import { jsonBody } from "@/server/lib/validate";
import type { SitePageSlug } from "@/shared/constants";
import { sitePageSchema } from "@/shared/schemas";

const PAGE_NOT_FOUND = "Page not found";

function slugParam(slug: string): SitePageSlug {
  if (!isSitePageSlug(slug)) throw new HttpError(404, PAGE_NOT_FOUND);
  return slug;
}

export const cmsSitePageRoutes = new Hono<AppEnv>()
  .use(allowedTo("sitePages"))
  .get("/:slug", async (c) => {
    const page = await findSitePage(c.var.deps.db, slugParam(c.req.param("slug")));
    if (!page) throw new HttpError(404, PAGE_NOT_FOUND);
    return c.json(page);
  })
  .put("/:slug", jsonBody(sitePageSchema), async (c) => {
    const slug = slugParam(c.req.param("slug"));
    return c.json(await saveSitePage(c.var.deps, slug, c.req.valid("json"), c.var.viewer.id));
  });
