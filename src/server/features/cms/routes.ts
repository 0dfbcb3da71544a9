// /api/cms: the staff area's own endpoints. Each sub-app checks its capability (docs/product.md §6) on
// every request; the client only hides the tabs.
import { Hono } from "hono";
import type { AppEnv } from "@/server/context";
import { cmsBlogPostRoutes } from "./blog-posts/routes";
import { cmsCategoryRoutes } from "./categories/routes";
import { cmsDiscussionRoutes } from "./discussions/routes";
import { cmsHeroWordRoutes } from "./hero-words/routes";
import { cmsOnlineSafetyRoutes } from "./online-safety/routes";
import { overviewRoutes } from "./overview";
import { cmsSettingsRoutes } from "./settings/routes";
import { cmsSitePageRoutes } from "./site-pages/routes";
import { cmsTagRoutes } from "./tags/routes";

export const cmsRoutes = new Hono<AppEnv>()
  .route("/overview", overviewRoutes)
  .route("/blog-posts", cmsBlogPostRoutes)
  .route("/categories", cmsCategoryRoutes)
  .route("/discussions", cmsDiscussionRoutes)
  .route("/hero-words", cmsHeroWordRoutes)
  .route("/site-pages", cmsSitePageRoutes)
  .route("/tags", cmsTagRoutes)
  .route("/settings", cmsSettingsRoutes)
  .route("/online-safety", cmsOnlineSafetyRoutes);
