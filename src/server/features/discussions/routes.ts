// /api/discussions: the forum list (search, filters, keyset pages), one discussion, creation,
// pin/lock/delete for moderators and admins, and the live stream of changes.
import type { Context, MiddlewareHandler } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import type { DiscussionChange } from "../../../shared/api-types";
import type { Capability } from "../../../shared/permissions";
import { discussionSchema } from "../../../shared/schemas";
import { getViewer, requireCapability, requireUser } from "../../auth/viewer";
import type { AppEnv } from "../../context";
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
import { sanitizeRichText } from "../../lib/sanitize";
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

// Permission checks run before body validation: a signed-out or unprivileged caller learns
// nothing about what a valid body would be.
const signedIn =
  (message: string): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    await requireUser(c, message);
    await next();
  };

const allowedTo =
  (capability: Capability): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    await requireCapability(c, capability);
    await next();
  };

/** The :id parameter, or 404 for anything that cannot be a discussion's id. */
const discussionId = (c: Context<AppEnv>) => uuidParam(c, "id", NOT_FOUND_MESSAGE);

async function publish(c: Context<AppEnv>, change: DiscussionChange) {
  await publishDiscussionChange(c.var.deps.db, change, c.var.deps.logger);
}

async function setFlag(c: Context<AppEnv>, flag: ModerationFlag, value: boolean) {
  const id = discussionId(c);
  const { db } = c.var.deps;
  if (!(await setModerationFlag(db, id, flag, value))) {
    throw new HttpError(404, NOT_FOUND_MESSAGE);
  }
  await publish(c, { type: "updated", id });
  const item = await findActiveDiscussion(db, id);
  if (!item) throw new HttpError(404, NOT_FOUND_MESSAGE);
  return c.json(item);
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
    const viewer = await getViewer(c);
    if (!viewer) throw new HttpError(401, SIGNED_OUT_CREATE_MESSAGE);
    const { db, rateLimiter } = c.var.deps;
    const input = c.req.valid("json");
    await rateLimiter.hit(CREATE_RATE_LIMIT, viewer.id);
    // The schema has trimmed and removed < and > (SPEC §5, first step); the tag allow-list
    // runs as the second line of defence.
    const item = await insertDiscussion(db, {
      title: sanitizeRichText(input.title),
      content: sanitizeRichText(input.content),
      authorId: viewer.id,
    });
    await publish(c, { type: "created", id: item.id });
    return c.json(item, 201);
  })
  .put(
    "/:id/pin",
    allowedTo("moderateDiscussions"),
    jsonBody(z.object({ pinned: z.boolean({ error: "pinned must be true or false" }) })),
    (c) => setFlag(c, "is_pinned", c.req.valid("json").pinned),
  )
  .put(
    "/:id/lock",
    allowedTo("moderateDiscussions"),
    jsonBody(z.object({ locked: z.boolean({ error: "locked must be true or false" }) })),
    (c) => setFlag(c, "is_locked", c.req.valid("json").locked),
  )
  .delete("/:id", allowedTo("moderateDiscussions"), async (c) => {
    const id = discussionId(c);
    if (!(await markDiscussionDeleted(c.var.deps.db, id))) {
      throw new HttpError(404, NOT_FOUND_MESSAGE);
    }
    await publish(c, { type: "deleted", id });
    return c.body(null, 204);
  });
