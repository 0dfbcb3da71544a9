// /api/discussions: the forum list (search, filters, keyset pages), one discussion, creation,
// pin/lock/delete for moderators and admins, and the live stream of changes.
import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import type { DiscussionItem } from "../../../shared/api-types";
import { discussionSchema } from "../../../shared/schemas";
import { allowedTo, signedIn } from "../../auth/middleware";
import type { AppDeps, AppEnv } from "../../context";
import { sanitizedDiscussionText } from "../../domain/discussions/discussion-text";
import { listQuerySchema } from "../../domain/discussions/list-query";
import {
  findActiveDiscussion,
  insertDiscussion,
  listDiscussions,
  type ModerationFlag,
  markDiscussionDeleted,
  setModerationFlag,
} from "../../domain/discussions/queries";
import { HttpError } from "../../lib/http-error";
import { uuidParam } from "../../lib/ids";
import {
  DISCUSSIONS_CHANNEL,
  parseDiscussionChange,
  publishDiscussionChange,
} from "../../lib/live-discussions";
import { liveEventStream } from "../../lib/live-sse";
import type { RateLimitRule } from "../../lib/rate-limit";
import { jsonBody, queryParams } from "../../lib/validate";

export const SIGNED_OUT_CREATE_MESSAGE = "You must be logged in to create a discussion";
export const NOT_FOUND_MESSAGE = "Discussion not found";

/** One new discussion per member every 15 seconds, scaled by RATE_LIMIT_MULTIPLIER. */
export const CREATE_RATE_LIMIT: RateLimitRule = {
  name: "discussion-create",
  max: 1,
  windowSeconds: 15,
  message: "You are posting too fast. Please wait a few seconds and try again.",
};

/** The live stream's SSE event name; its data is a DiscussionChange. */
export const DISCUSSION_CHANGE_EVENT = "discussion";

/** The :id parameter, or 404 for anything that cannot be a discussion's id. */
const discussionId = (c: Context) => uuidParam(c, "id", NOT_FOUND_MESSAGE);

async function setFlag(
  { db, logger }: AppDeps,
  id: string,
  flag: ModerationFlag,
  value: boolean,
): Promise<DiscussionItem> {
  const item = await setModerationFlag(db, id, flag, value);
  if (!item) throw new HttpError(404, NOT_FOUND_MESSAGE);
  await publishDiscussionChange(db, { type: "updated", id }, logger);
  return item;
}

export const discussionRoutes = new Hono<AppEnv>()
  .get("/", queryParams(listQuerySchema), async (c) => {
    return c.json(await listDiscussions(c.var.deps.db, c.req.valid("query")));
  })
  .get("/events", (c) =>
    liveEventStream(c, {
      channel: DISCUSSIONS_CHANNEL,
      event: DISCUSSION_CHANGE_EVENT,
      toData: (payload) => {
        const change = parseDiscussionChange(payload);
        return change ? JSON.stringify(change) : null;
      },
    }),
  )
  .get("/:id", async (c) => {
    const item = await findActiveDiscussion(c.var.deps.db, discussionId(c));
    if (!item) throw new HttpError(404, NOT_FOUND_MESSAGE);
    return c.json(item);
  })
  .post("/", signedIn(SIGNED_OUT_CREATE_MESSAGE), jsonBody(discussionSchema), async (c) => {
    const { viewer } = c.var;
    const { db, logger, rateLimiter } = c.var.deps;
    const input = c.req.valid("json");
    await rateLimiter.hit(CREATE_RATE_LIMIT, viewer.id);
    const item = await insertDiscussion(db, {
      ...sanitizedDiscussionText(input),
      authorId: viewer.id,
    });
    await publishDiscussionChange(db, { type: "created", id: item.id }, logger);
    return c.json(item, 201);
  })
  .put(
    "/:id/pin",
    allowedTo("moderateDiscussions"),
    jsonBody(z.object({ pinned: z.boolean({ error: "pinned must be true or false" }) })),
    async (c) =>
      c.json(await setFlag(c.var.deps, discussionId(c), "is_pinned", c.req.valid("json").pinned)),
  )
  .put(
    "/:id/lock",
    allowedTo("moderateDiscussions"),
    jsonBody(z.object({ locked: z.boolean({ error: "locked must be true or false" }) })),
    async (c) =>
      c.json(await setFlag(c.var.deps, discussionId(c), "is_locked", c.req.valid("json").locked)),
  )
  .delete("/:id", allowedTo("moderateDiscussions"), async (c) => {
    const id = discussionId(c);
    const { db, logger } = c.var.deps;
    if (!(await markDiscussionDeleted(db, id))) {
      throw new HttpError(404, NOT_FOUND_MESSAGE);
    }
    await publishDiscussionChange(db, { type: "deleted", id }, logger);
    return c.body(null, 204);
  });
