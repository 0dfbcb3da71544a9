// A member's reading (issue 42, docs/decisions/071): PUT /api/discussions/{id}/read records how
// far they have read (written in batches: domain/reading/position-buffer.ts); POST
// /api/discussions/mark-all-read marks everything, or one category, as read.
import { Hono } from "hono";
import { signedIn } from "@/server/auth/middleware";
import type { AppEnv } from "@/server/context";
import { requireCategory } from "@/server/domain/categories/categories";
import { DISCUSSION_NOT_FOUND } from "@/server/domain/discussions/edit";
import { discussionOpenable } from "@/server/domain/discussions/queries";
import { markAllRead } from "@/server/domain/reading/unread";
import { HttpError } from "@/server/lib/http-error";
import { uuidParam } from "@/server/lib/ids";
import { jsonBody } from "@/server/lib/validate";
import { markAllReadSchema, readPositionSchema } from "@/shared/reading-schemas";

/** Mounted at /api/discussions/:id/read. */
export const readPositionRoutes = new Hono<AppEnv>()
  .use(signedIn())
  .put("/", jsonBody(readPositionSchema), async (c) => {
    const { db, readPositions } = c.var.deps;
    const id = uuidParam(c, "id", DISCUSSION_NOT_FOUND);
    // Only a discussion the member may open (a held one is its author's alone).
    if (!(await discussionOpenable(db, id, c.var.viewer))) {
      throw new HttpError(404, DISCUSSION_NOT_FOUND);
    }
    await readPositions.record(c.var.viewer.id, id, c.req.valid("json").seq);
    return c.body(null, 204);
  });

/** Mounted at /api/discussions/mark-all-read. */
export const markAllReadRoutes = new Hono<AppEnv>()
  .use(signedIn())
  .post("/", jsonBody(markAllReadSchema), async (c) => {
    const { db, readPositions } = c.var.deps;
    const { category } = c.req.valid("json");
    const categoryId =
      category === undefined ? undefined : (await requireCategory(db, category)).id;
    // Positions still waiting would land after the mark: written first.
    await readPositions.flush(c.var.viewer.id);
    await markAllRead(db, c.var.viewer.id, categoryId);
    return c.body(null, 204);
  });
