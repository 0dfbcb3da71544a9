// /api/cms/discussions: the CMS Discussions tab (docs/product.md §6: moderators and admins). Pin, lock
// and delete are the forum's own endpoints (PUT /api/discussions/{id}/pin and /lock, DELETE
// /api/discussions/{id}); this adds the staff list, creation without the members' posting
// limit, and editing. Every write is announced so that open forum lists refetch (docs/product.md §4).
import { Hono } from "hono";
import { allowedTo } from "@/server/auth/middleware";
import type { AppEnv } from "@/server/context";
import type { Db } from "@/server/db/client";
import { categoryToPostIn } from "@/server/domain/categories/categories";
import { discussionTextToStore } from "@/server/domain/discussions/discussion-text";
import { editDiscussion, mayEditDiscussion } from "@/server/domain/discussions/edit";
import { listQuerySchema } from "@/server/domain/discussions/list-query";
import {
  insertDiscussion,
  listDeletedDiscussions,
  listDiscussions,
  restoreDiscussion,
} from "@/server/domain/discussions/queries";
import { recordModerationAction } from "@/server/domain/moderation/log";
import { queueNotificationEvent } from "@/server/domain/notifications/events";
import { tagsToPostWith } from "@/server/domain/tags/tags";
import { HttpError } from "@/server/lib/http-error";
import { uuidParam } from "@/server/lib/ids";
import { publishDiscussionChange } from "@/server/lib/live-discussions";
import { pageQuerySchema } from "@/server/lib/page-cursor";
import { jsonBody, queryParams } from "@/server/lib/validate";
import type { DiscussionItem, DiscussionPage } from "@/shared/api-types";
import { discussionEditSchema } from "@/shared/moderation";
import { discussionSchema } from "@/shared/schemas";

export const DISCUSSION_NOT_FOUND = "Discussion not found";

export const cmsDiscussionRoutes = new Hono<AppEnv>()
  .use(allowedTo("moderateDiscussions"))
  .get("/", queryParams(listQuerySchema), async (c) => {
    const body: DiscussionPage = await listDiscussions(
      c.var.deps.db,
      c.req.valid("query"),
      c.var.viewer,
    );
    return c.json(body);
  })
  // Deleted discussions, most recently deleted first (docs/decisions/027): staff restore them.
  .get("/deleted", queryParams(pageQuerySchema(20, 50)), async (c) => {
    const { cursor, limit } = c.req.valid("query");
    return c.json(await listDeletedDiscussions(c.var.deps.db, cursor, limit));
  })
  .post("/:id/restore", async (c) => {
    const id = uuidParam(c, "id", DISCUSSION_NOT_FOUND);
    const { db, logger } = c.var.deps;
    const { viewer } = c.var;
    const item = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as typeof db;
      const restored = await restoreDiscussion(tx, id, viewer);
      if (restored) {
        await recordModerationAction(tx, {
          actorId: viewer.id,
          action: "restore",
          targetKind: "discussion",
          targetId: id,
          subjectId: restored.authorId,
          reason: "Restored from the CMS",
        });
      }
      return restored;
    });
    if (!item) throw new HttpError(404, DISCUSSION_NOT_FOUND);
    await publishDiscussionChange(db, { type: "created", id }, logger);
    return c.json(item satisfies DiscussionItem);
  })
  .post("/", jsonBody(discussionSchema), async (c) => {
    const { db, logger } = c.var.deps;
    const input = c.req.valid("json");
    const { viewer } = c.var;
    const item = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const category = await categoryToPostIn(tx, viewer.role, input.category);
      const limits = c.var.deps.rateLimiter.within(tx);
      const created = await insertDiscussion(tx, {
        ...(await discussionTextToStore(tx, input)),
        authorId: viewer.id,
        categoryId: category.id,
        tagIds: await tagsToPostWith(tx, limits, viewer, input.tags ?? []),
      });
      // The category's followers hear of it with the same commit (issue 41).
      await queueNotificationEvent(
        c.var.deps.jobs,
        { type: "discussion-created", discussionId: created.id },
        { tx },
      );
      return created;
    });
    await publishDiscussionChange(db, { type: "created", id: item.id }, logger);
    return c.json(item satisfies DiscussionItem, 201);
  })
  // Someone else's discussion: with a reason, audited; never an admin's for a moderator
  // (docs/decisions/048).
  .patch("/:id", mayEditDiscussion, jsonBody(discussionEditSchema), async (c) => {
    const id = uuidParam(c, "id", DISCUSSION_NOT_FOUND);
    const { db, logger } = c.var.deps;
    const item = await editDiscussion(c.var.deps, c.var.viewer, id, c.req.valid("json"));
    await publishDiscussionChange(db, { type: "updated", id }, logger);
    return c.json(item satisfies DiscussionItem);
  });
