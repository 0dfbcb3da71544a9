// /api/cms/discussions: the CMS Discussions tab (docs/product.md §6: moderators and admins). Pin, lock
// and delete are the forum's own endpoints (PUT /api/discussions/{id}/pin and /lock, DELETE
// /api/discussions/{id}); this adds the staff list, creation without the members' posting
// limit, and editing. Every write is announced so that open forum lists refetch (docs/product.md §4).
import { Hono } from "hono";
import { allowedTo } from "@/server/auth/middleware";
import type { AppEnv } from "@/server/context";
import { sanitizedDiscussionText } from "@/server/domain/discussions/discussion-text";
import { listQuerySchema } from "@/server/domain/discussions/list-query";
import {
  insertDiscussion,
  listDiscussions,
  updateDiscussionText,
} from "@/server/domain/discussions/queries";
import { HttpError } from "@/server/lib/http-error";
import { uuidParam } from "@/server/lib/ids";
import { publishDiscussionChange } from "@/server/lib/live-discussions";
import { jsonBody, queryParams } from "@/server/lib/validate";
import type { DiscussionItem, DiscussionPage } from "@/shared/api-types";
import { discussionSchema } from "@/shared/schemas";

export const DISCUSSION_NOT_FOUND = "Discussion not found";

export const cmsDiscussionRoutes = new Hono<AppEnv>()
  .use(allowedTo("moderateDiscussions"))
  .get("/", queryParams(listQuerySchema), async (c) => {
    const body: DiscussionPage = await listDiscussions(c.var.deps.db, c.req.valid("query"));
    return c.json(body);
  })
  .post("/", jsonBody(discussionSchema), async (c) => {
    const { db, logger } = c.var.deps;
    const item = await insertDiscussion(db, {
      ...sanitizedDiscussionText(c.req.valid("json")),
      authorId: c.var.viewer.id,
    });
    await publishDiscussionChange(db, { type: "created", id: item.id }, logger);
    return c.json(item satisfies DiscussionItem, 201);
  })
  .patch("/:id", jsonBody(discussionSchema), async (c) => {
    const id = uuidParam(c, "id", DISCUSSION_NOT_FOUND);
    const { db, logger } = c.var.deps;
    const item = await updateDiscussionText(db, id, sanitizedDiscussionText(c.req.valid("json")));
    if (!item) throw new HttpError(404, DISCUSSION_NOT_FOUND);
    await publishDiscussionChange(db, { type: "updated", id }, logger);
    return c.json(item satisfies DiscussionItem);
  });
