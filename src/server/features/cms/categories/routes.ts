// /api/cms/categories (issue 41, docs/decisions/066): the CMS Categories tab, admins only.
// Each change is in the moderation log (who, which category, what), in the same transaction.
import { Hono } from "hono";
import { allowedTo } from "@/server/auth/middleware";
import type { AppEnv } from "@/server/context";
import type { Db } from "@/server/db/client";
import { listCategories } from "@/server/domain/categories/categories";
import { recordModerationAction } from "@/server/domain/moderation/log";
import { HttpError } from "@/server/lib/http-error";
import { uuidParam } from "@/server/lib/ids";
import { jsonBody } from "@/server/lib/validate";
import type { CategoriesResponse, Category } from "@/shared/api-types";
import { CATEGORY_NOT_FOUND, categorySchema, deleteCategorySchema } from "@/shared/categories";
import { deleteCategory, insertCategory, updateCategory } from "./queries";

const logCategory = (tx: Db, actorId: string, id: string, reason: string) =>
  recordModerationAction(tx, {
    actorId,
    action: "category",
    targetKind: "category",
    targetId: id,
    subjectId: null,
    reason,
  });

export const cmsCategoryRoutes = new Hono<AppEnv>()
  .use(allowedTo("manageCategories"))
  .get("/", async (c) => {
    const body: CategoriesResponse = { categories: await listCategories(c.var.deps.db) };
    return c.json(body);
  })
  .post("/", jsonBody(categorySchema), async (c) => {
    const { viewer } = c.var;
    const category = await c.var.deps.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const added = await insertCategory(tx, c.req.valid("json"));
      await logCategory(tx, viewer.id, added.id, `Added ${added.name}`);
      return added;
    });
    return c.json(category satisfies Category, 201);
  })
  .put("/:id", jsonBody(categorySchema), async (c) => {
    const id = uuidParam(c, "id", CATEGORY_NOT_FOUND);
    const { viewer } = c.var;
    const category = await c.var.deps.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const changed = await updateCategory(tx, id, c.req.valid("json"));
      if (changed) await logCategory(tx, viewer.id, id, `Changed ${changed.name}`);
      return changed;
    });
    if (!category) throw new HttpError(404, CATEGORY_NOT_FOUND);
    return c.json(category satisfies Category);
  })
  // Deleting asks where its discussions go (`moveTo`, a category's slug).
  .delete("/:id", jsonBody(deleteCategorySchema), async (c) => {
    const id = uuidParam(c, "id", CATEGORY_NOT_FOUND);
    const { moveTo } = c.req.valid("json");
    const { viewer } = c.var;
    const deleted = await deleteCategory(c.var.deps.db, id, moveTo, (tx, reason) =>
      logCategory(tx, viewer.id, id, reason),
    );
    if (!deleted) throw new HttpError(404, CATEGORY_NOT_FOUND);
    return c.body(null, 204);
  });
