// /api/categories (issue 41, docs/decisions/066): the forum's categories in their order, with
// their counts (kept by a trigger), and one by its slug (404 `Category not found`).
import { Hono } from "hono";
import type { AppEnv } from "@/server/context";
import { listCategories, requireCategory } from "@/server/domain/categories/categories";
import type { CategoriesResponse, Category } from "@/shared/api-types";

export const categoryRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const body: CategoriesResponse = { categories: await listCategories(c.var.deps.db) };
    return c.json(body);
  })
  .get("/:slug", async (c) => {
    const category = await requireCategory(c.var.deps.db, c.req.param("slug"));
    return c.json(category satisfies Category);
  });
