// /api/cms/tags (issue 41, docs/decisions/067): the CMS Tags tab, moderators and admins.
// Each change is in the moderation log (who, which tag, what), in the same transaction.
import { Hono } from "hono";
import { z } from "zod";
import { allowedTo } from "@/server/auth/middleware";
import type { AppEnv } from "@/server/context";
import type { Db } from "@/server/db/client";
import { recordModerationAction } from "@/server/domain/moderation/log";
import { deleteTag } from "@/server/domain/tags/tags";
import { uuidParam } from "@/server/lib/ids";
import { jsonBody, queryParams } from "@/server/lib/validate";
import type { CmsTag, CmsTagsResponse } from "@/shared/api-types";
import {
  mergeTagSchema,
  TAG_FORMAT,
  TAG_LIMITS,
  TAG_NOT_FOUND,
  tagNameSchema,
  tagSpelling,
} from "@/shared/tags";
import { addCuratedTag, listCmsTags, mergeTag, renameTag } from "./queries";

const logTag = (tx: Db, actorId: string, id: string, reason: string) =>
  recordModerationAction(tx, {
    actorId,
    action: "tag",
    targetKind: "tag",
    targetId: id,
    subjectId: null,
    reason,
  });

const cmsTagQuery = z.object({
  q: z
    .string()
    .max(TAG_LIMITS.max * 4, TAG_FORMAT)
    .transform(tagSpelling)
    .optional(),
  after: z
    .string()
    .max(TAG_LIMITS.max * 4, "Invalid cursor")
    .optional(),
});

const discussions = (count: number) => `${count} ${count === 1 ? "discussion" : "discussions"}`;

const tagId = (c: Parameters<typeof uuidParam>[0]) => uuidParam(c, "id", TAG_NOT_FOUND);

export const cmsTagRoutes = new Hono<AppEnv>()
  .use(allowedTo("manageTags"))
  .get("/", queryParams(cmsTagQuery), async (c) => {
    const { q, after } = c.req.valid("query");
    const page = await listCmsTags(c.var.deps.db, {
      ...(q ? { prefix: q } : {}),
      ...(after ? { after } : {}),
    });
    return c.json(page satisfies CmsTagsResponse & { nextAfter: string | null });
  })
  .post("/", jsonBody(tagNameSchema), async (c) => {
    const { viewer } = c.var;
    const { name } = c.req.valid("json");
    const { tag, added } = await c.var.deps.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const result = await addCuratedTag(tx, viewer.id, name);
      await logTag(
        tx,
        viewer.id,
        result.tag.id,
        result.added ? `Added ${name}` : `Curated ${name}`,
      );
      return result;
    });
    return c.json(tag satisfies CmsTag, added ? 201 : 200);
  })
  .patch("/:id", jsonBody(tagNameSchema), async (c) => {
    const id = tagId(c);
    const { viewer } = c.var;
    const { name } = c.req.valid("json");
    const tag = await c.var.deps.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const renamed = await renameTag(tx, id, name);
      if (renamed.before !== name) {
        await logTag(tx, viewer.id, id, `Renamed ${renamed.before} to ${name}`);
      }
      return renamed.tag;
    });
    return c.json(tag satisfies CmsTag);
  })
  .post("/:id/merge", jsonBody(mergeTagSchema), async (c) => {
    const id = tagId(c);
    const { viewer } = c.var;
    const { into } = c.req.valid("json");
    const tag = await c.var.deps.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const result = await mergeTag(tx, id, into);
      await logTag(
        tx,
        viewer.id,
        result.tag.id,
        `Merged ${result.merged} into ${result.tag.name}, moving ${discussions(result.moved)}`,
      );
      return result.tag;
    });
    return c.json(tag satisfies CmsTag);
  })
  .delete("/:id", async (c) => {
    const id = tagId(c);
    const { viewer } = c.var;
    await c.var.deps.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const deleted = await deleteTag(tx, id);
      await logTag(
        tx,
        viewer.id,
        id,
        `Deleted ${deleted.name}, which ${discussions(deleted.discussions)} had`,
      );
    });
    return c.body(null, 204);
  });
