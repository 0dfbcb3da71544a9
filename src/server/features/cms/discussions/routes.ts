// /api/cms/discussions: the CMS Discussions tab (SPEC §6: moderators and admins). Pin, lock
// and delete are the forum's own endpoints (PUT /api/discussions/{id}/pin and /lock, DELETE
// /api/discussions/{id}); this adds the staff list, creation without the members' posting
// limit, and editing. Every write is announced so that open forum lists refetch (SPEC §4).
import type { Context } from "hono";
import { Hono } from "hono";
import type {
  DiscussionChange,
  DiscussionItem,
  DiscussionPage,
} from "../../../../shared/api-types";
import { discussionSchema } from "../../../../shared/schemas";
import { allowedTo } from "../../../auth/allowed-to";
import { requireUser } from "../../../auth/viewer";
import type { AppEnv } from "../../../context";
import { listQuerySchema } from "../../../domain/discussions/list-query";
import {
  findActiveDiscussion,
  insertDiscussion,
  listDiscussions,
} from "../../../domain/discussions/queries";
import { HttpError } from "../../../lib/http-error";
import { publishDiscussionChange } from "../../../lib/live-discussions";
import { sanitizeRichText } from "../../../lib/sanitize";
import { jsonBody, queryParams } from "../../../lib/validate";
import { updateDiscussionText } from "./update-discussion";

export const DISCUSSION_NOT_FOUND = "Discussion not found";

/** The forum's rules: the schema trims and removes < and >, then the tag allow-list (SPEC §5). */
function sanitized(input: { title: string; content: string }) {
  return { title: sanitizeRichText(input.title), content: sanitizeRichText(input.content) };
}

async function publish(c: Context<AppEnv>, change: DiscussionChange) {
  await publishDiscussionChange(c.var.deps.db, change, c.var.deps.logger);
}

export const cmsDiscussionRoutes = new Hono<AppEnv>()
  .use(allowedTo("moderateDiscussions"))
  .get("/", queryParams(listQuerySchema), async (c) => {
    const body: DiscussionPage = await listDiscussions(c.var.deps.db, c.req.valid("query"));
    return c.json(body);
  })
  .post("/", jsonBody(discussionSchema), async (c) => {
    const viewer = await requireUser(c);
    const item = await insertDiscussion(c.var.deps.db, {
      ...sanitized(c.req.valid("json")),
      authorId: viewer.id,
    });
    await publish(c, { type: "created", id: item.id });
    return c.json(item satisfies DiscussionItem, 201);
  })
  .patch("/:id", jsonBody(discussionSchema), async (c) => {
    const id = c.req.param("id");
    const { db } = c.var.deps;
    if (!(await updateDiscussionText(db, id, sanitized(c.req.valid("json"))))) {
      throw new HttpError(404, DISCUSSION_NOT_FOUND);
    }
    await publish(c, { type: "updated", id });
    const item = await findActiveDiscussion(db, id);
    if (!item) throw new HttpError(404, DISCUSSION_NOT_FOUND);
    return c.json(item satisfies DiscussionItem);
  });
