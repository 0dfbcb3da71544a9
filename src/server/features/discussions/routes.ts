// /api/discussions: the forum list (search, filters, keyset pages), one discussion, creation,
// pin/lock/delete for moderators and admins, and the live stream of changes.
import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import { allowedTo, signedIn } from "@/server/auth/middleware";
import { getViewer } from "@/server/auth/viewer";
import type { AppDeps, AppEnv } from "@/server/context";
import { categoryToPostIn } from "@/server/domain/categories/categories";
import { discussionTextToStore } from "@/server/domain/discussions/discussion-text";
import {
  changeableDiscussion,
  editDiscussion,
  mayEditDiscussion,
  moveDiscussion,
  retagDiscussion,
} from "@/server/domain/discussions/edit";
import { listQuerySchema } from "@/server/domain/discussions/list-query";
import {
  insertDiscussion,
  type ModerationFlag,
  markDiscussionDeleted,
  setModerationFlag,
} from "@/server/domain/discussions/queries";
import { deleteDraft } from "@/server/domain/drafts/drafts";
import { createOnce, idempotencyKey } from "@/server/domain/idempotency/idempotent-create";
import {
  enforceNewMemberPostLimits,
  NEW_MEMBER_DISCUSSION_LIMIT,
} from "@/server/domain/members/new-member-limits";
import { holdsNextPost } from "@/server/domain/moderation/first-post-hold";
import { NO_REASON_GIVEN, recordModerationAction } from "@/server/domain/moderation/log";
import { queueNotificationEvent } from "@/server/domain/notifications/events";
import { tagsToPostWith } from "@/server/domain/tags/tags";
import { HttpError } from "@/server/lib/http-error";
import { uuidParam } from "@/server/lib/ids";
import {
  DISCUSSIONS_CHANNEL,
  parseDiscussionChange,
  publishDiscussionChange,
} from "@/server/lib/live-discussions";
import { liveEventStream } from "@/server/lib/live-sse";
import type { RateLimitRule } from "@/server/lib/rate-limit";
import { jsonBody, queryParams } from "@/server/lib/validate";
import type { DiscussionItem } from "@/shared/api-types";
import { moveDiscussionSchema } from "@/shared/categories";
import { draftPlace } from "@/shared/drafts";
import { discussionEditSchema } from "@/shared/moderation";
import { discussionSchema } from "@/shared/schemas";
import { retagDiscussionSchema } from "@/shared/tags";
import { discussionListResponse, discussionResponse } from "./reads";

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
  { db, logger, jobs }: AppDeps,
  moderator: { id: string },
  id: string,
  flag: ModerationFlag,
  value: boolean,
): Promise<DiscussionItem> {
  const item = await setModerationFlag(db, id, flag, value);
  if (!item) throw new HttpError(404, NOT_FOUND_MESSAGE);
  await publishDiscussionChange(db, { type: "updated", id }, logger);
  // The author hears of a pin, a lock and an unlock (issue 16), not of an unpin.
  const action = flag === "is_locked" ? (value ? "locked" : "unlocked") : value ? "pinned" : null;
  if (action) {
    await queueNotificationEvent(jobs, {
      type: "discussion-moderated",
      discussionId: id,
      action,
      actorId: moderator.id,
    });
  }
  return item;
}

export const discussionRoutes = new Hono<AppEnv>()
  .get("/", queryParams(listQuerySchema), async (c) => {
    return c.json(
      await discussionListResponse(c.var.deps, c.req.valid("query"), await getViewer(c)),
    );
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
    const item = await discussionResponse(c.var.deps, discussionId(c), await getViewer(c));
    if (!item) throw new HttpError(404, NOT_FOUND_MESSAGE);
    return c.json(item);
  })
  .post(
    "/",
    signedIn(SIGNED_OUT_CREATE_MESSAGE),
    idempotencyKey(),
    jsonBody(discussionSchema),
    async (c) => {
      const { viewer } = c.var;
      const { db, jobs, logger, rateLimiter } = c.var.deps;
      const input = c.req.valid("json");
      // One transaction with the Idempotency-Key's record (docs/decisions/033): a retry waiting
      // on the key counts against no limit.
      return createOnce(
        c,
        async (tx) => {
          // Chosen, known, and open to this member (issue 41): refused before any limit counts.
          const category = await categoryToPostIn(tx, viewer.role, input.category);
          const limits = rateLimiter.within(tx);
          // New members post less and link less (docs/decisions/031): before the 15-second
          // limit, so a post refused for its links can be fixed and sent again at once.
          await enforceNewMemberPostLimits(
            { db: tx, rateLimiter: limits },
            viewer,
            NEW_MEMBER_DISCUSSION_LIMIT,
            { text: `${input.title}\n${input.content}`, field: "content" },
          );
          await limits.hit(CREATE_RATE_LIMIT, viewer.id);
          // Its tags: known ones, or new ones where this member may create them (issue 41).
          const tagIds = await tagsToPostWith(tx, limits, viewer, input.tags ?? []);
          // A new member's first post may be held for review (docs/decisions/034): no live
          // event until a moderator approves it.
          const held = await holdsNextPost(tx, viewer);
          // Sent: its draft goes with the same commit (docs/decisions/065).
          await deleteDraft(tx, viewer.id, draftPlace.newDiscussion());
          const created = await insertDiscussion(tx, {
            ...(await discussionTextToStore(tx, input)),
            authorId: viewer.id,
            categoryId: category.id,
            tagIds,
            held,
          });
          // The category's followers hear of it with the same commit; a held one, once released.
          if (!held) {
            await queueNotificationEvent(
              jobs,
              { type: "discussion-created", discussionId: created.id },
              { tx },
            );
          }
          return created;
        },
        {
          afterCommit: async (item) => {
            if (item.awaitingReview) return;
            await publishDiscussionChange(db, { type: "created", id: item.id }, logger);
          },
        },
      );
    },
  )
  .put(
    "/:id/pin",
    allowedTo("moderateDiscussions"),
    jsonBody(z.object({ pinned: z.boolean({ error: "pinned must be true or false" }) })),
    async (c) =>
      c.json(
        await setFlag(
          c.var.deps,
          c.var.viewer,
          discussionId(c),
          "is_pinned",
          c.req.valid("json").pinned,
        ),
      ),
  )
  .put(
    "/:id/lock",
    allowedTo("moderateDiscussions"),
    jsonBody(z.object({ locked: z.boolean({ error: "locked must be true or false" }) })),
    async (c) =>
      c.json(
        await setFlag(
          c.var.deps,
          c.var.viewer,
          discussionId(c),
          "is_locked",
          c.req.valid("json").locked,
        ),
      ),
  )
  // A moderator moves a discussion to another category, logged with its reason (issue 41,
  // docs/decisions/066); a staff-only category takes it only from staff.
  .put(
    "/:id/category",
    allowedTo("moderateDiscussions"),
    jsonBody(moveDiscussionSchema),
    async (c) => {
      const id = discussionId(c);
      const { db, logger } = c.var.deps;
      const item = await moveDiscussion(db, c.var.viewer, id, c.req.valid("json"));
      await publishDiscussionChange(db, { type: "updated", id }, logger);
      return c.json(item);
    },
  )
  // A moderator changes a discussion's tags, logged with its reason (issue 41,
  // docs/decisions/067).
  .put(
    "/:id/tags",
    allowedTo("moderateDiscussions"),
    jsonBody(retagDiscussionSchema),
    async (c) => {
      const id = discussionId(c);
      const { db, logger } = c.var.deps;
      const item = await retagDiscussion(c.var.deps, c.var.viewer, id, c.req.valid("json"));
      await publishDiscussionChange(db, { type: "updated", id }, logger);
      return c.json(item);
    },
  )
  // The author edits their own discussion (same rules as creating it; marked edited);
  // moderators and admins edit others', as in the CMS, with a reason, audited
  // (docs/decisions/048).
  .patch("/:id", signedIn(), mayEditDiscussion, jsonBody(discussionEditSchema), async (c) => {
    const id = discussionId(c);
    const { db, logger } = c.var.deps;
    const item = await editDiscussion(c.var.deps, c.var.viewer, id, c.req.valid("json"));
    await deleteDraft(db, c.var.viewer.id, draftPlace.editDiscussion(id));
    await publishDiscussionChange(db, { type: "updated", id }, logger);
    return c.json(item);
  })
  // The author deletes their own discussion; moderators and admins anyone's (audited). The
  // discussion leaves every list and page with its replies; staff can restore it (CMS).
  .delete("/:id", signedIn(), async (c) => {
    const id = discussionId(c);
    const { viewer } = c.var;
    const { db, logger } = c.var.deps;
    const { authorId, own } = await changeableDiscussion(db, viewer, id);
    const deleted = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as AppDeps["db"];
      const done = await markDiscussionDeleted(tx, id);
      if (done && !own) {
        await recordModerationAction(tx, {
          actorId: viewer.id,
          action: "delete",
          targetKind: "discussion",
          targetId: id,
          subjectId: authorId,
          reason: NO_REASON_GIVEN,
        });
      }
      return done;
    });
    if (!deleted) throw new HttpError(404, NOT_FOUND_MESSAGE);
    await publishDiscussionChange(db, { type: "deleted", id }, logger);
    return c.body(null, 204);
  });
