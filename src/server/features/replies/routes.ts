// Replies (docs/decisions/020, docs/product.md §4.12): a discussion's replies as a collection,
// /api/discussions/{id}/replies (list, permalink page, post), and each reply on its own,
// /api/replies/{id} (read, edit, delete). Every write is announced on the discussions channel.
import type { Context, MiddlewareHandler } from "hono";
import { Hono } from "hono";
import { allowedTo, type SignedInEnv } from "@/server/auth/middleware";
import { getViewer } from "@/server/auth/viewer";
import type { AppDeps, AppEnv } from "@/server/context";
import { collapsedAuthorIds, markReply } from "@/server/domain/blocks/blocked-authors";
import { findActiveDiscussion } from "@/server/domain/discussions/queries";
import { deleteDraft } from "@/server/domain/drafts/drafts";
import { createOnce, idempotencyKey } from "@/server/domain/idempotency/idempotent-create";
import {
  enforceNewMemberLinkLimit,
  enforceNewMemberPostLimits,
  NEW_MEMBER_REPLY_LIMIT,
} from "@/server/domain/members/new-member-limits";
import { resolveMentions } from "@/server/domain/mentions/resolve-mentions";
import { holdsNextPost } from "@/server/domain/moderation/first-post-hold";
import { NO_REASON_GIVEN, recordModerationAction } from "@/server/domain/moderation/log";
import {
  editReason,
  recordModeratorEdit,
  requirePostRight,
} from "@/server/domain/moderation/post-edits";
import { queueNotificationEvent } from "@/server/domain/notifications/events";
import { attachPostImages } from "@/server/domain/post-images/attach";
import { HttpError } from "@/server/lib/http-error";
import { UUID_ID, uuidParam } from "@/server/lib/ids";
import { publishDiscussionChange } from "@/server/lib/live-discussions";
import type { RateLimitRule } from "@/server/lib/rate-limit";
import { sanitizeRichText } from "@/server/lib/sanitize";
import { jsonBody, queryParams } from "@/server/lib/validate";
import type { ReplyChangeType, ReplyItem } from "@/shared/api-types";
import { draftPlace } from "@/shared/drafts";
import { replyEditBodySchema } from "@/shared/moderation";
import { can } from "@/shared/permissions";
import { REPLY_TO_NOT_FOUND, replySchema } from "@/shared/schemas";
import {
  findReply,
  findReplyState,
  insertReply,
  isAnswerable,
  markReplyDeleted,
  type ReplyState,
  updateReplyContent,
} from "./queries";
import { withQuotes } from "./quotes";
import { REPLY_NOT_FOUND, replyListQuerySchema, replyPageResponse } from "./reads";

export const DISCUSSION_NOT_FOUND = "Discussion not found";
export const LOCKED_MESSAGE = "This discussion is locked.";
export const NOT_YOUR_REPLY_MESSAGE = "You can only change your own replies";
export const DELETED_REPLY_MESSAGE = "A deleted reply cannot be edited.";

/** One reply per member every 5 seconds, scaled by RATE_LIMIT_MULTIPLIER (docs/product.md §9.5). */
export const REPLY_RATE_LIMIT: RateLimitRule = {
  name: "reply-create",
  max: 1,
  windowSeconds: 5,
  message: "You are replying too fast. Please wait a few seconds and try again.",
};

/** A permalink to a reply the thread does not have: the client falls back to the first page. */
const replyNotFound = () => new HttpError(404, REPLY_NOT_FOUND, { code: "REPLY_NOT_FOUND" });

/** The discussion in the path, when it is active; 404 otherwise. */
async function activeDiscussion(c: Context<AppEnv> | Context<SignedInEnv>) {
  const discussion = await findActiveDiscussion(
    c.var.deps.db,
    uuidParam(c, "id", DISCUSSION_NOT_FOUND),
  );
  if (!discussion) throw new HttpError(404, DISCUSSION_NOT_FOUND);
  return discussion;
}

async function publish(
  { db, logger }: AppDeps,
  reply: { discussionId: string; id: string },
  type: ReplyChangeType,
) {
  // An `updated` of the discussion (its reply count moved) that names the reply: open lists
  // refetch as before, and a thread's viewers can fetch just that reply.
  await publishDiscussionChange(
    db,
    { type: "updated", id: reply.discussionId, reply: { type, id: reply.id } },
    logger,
  );
}

/**
 * Before the body is read (docs/product.md §6.3): 401 signed out, then 404 for a discussion
 * that is not there, then 403 on a locked one for members (moderators and admins still reply).
 */
const mayReply: MiddlewareHandler<SignedInEnv> = async (c, next) => {
  const discussion = await activeDiscussion(c);
  if (discussion.isLocked && !can(c.var.viewer.role, "moderateReplies")) {
    throw new HttpError(403, LOCKED_MESSAGE);
  }
  await next();
};

export const discussionReplyRoutes = new Hono<AppEnv>()
  .get("/", queryParams(replyListQuerySchema), async (c) => {
    const discussion = await activeDiscussion(c);
    const query = c.req.valid("query");
    const page = await replyPageResponse(c.var.deps.db, discussion.id, query, await getViewer(c));
    if (!page) throw replyNotFound();
    return c.json(page);
  })
  .post("/", allowedTo("reply"), idempotencyKey(), mayReply, jsonBody(replySchema), async (c) => {
    const { viewer } = c.var;
    const discussion = await activeDiscussion(c);
    const { db, rateLimiter, jobs } = c.var.deps;
    const input = c.req.valid("json");
    if (input.replyToId && !(await isAnswerable(db, discussion.id, input.replyToId))) {
      throw new HttpError(400, REPLY_TO_NOT_FOUND, { fields: { replyToId: REPLY_TO_NOT_FOUND } });
    }
    // One transaction with the Idempotency-Key's record (docs/decisions/033): a retry waiting
    // on the key counts against no limit and queues no second notification.
    return createOnce(
      c,
      async (tx) => {
        const limits = rateLimiter.within(tx);
        // New members post less and link less (docs/decisions/031): before the 5-second
        // limit, so a reply refused for its links can be fixed and sent again at once.
        await enforceNewMemberPostLimits(
          { db: tx, rateLimiter: limits },
          viewer,
          NEW_MEMBER_REPLY_LIMIT,
          {
            text: input.content,
            field: "content",
          },
        );
        await limits.hit(REPLY_RATE_LIMIT, viewer.id);
        // The schema has trimmed and removed < and >; the tag allow-list runs as the second
        // line of defence (docs/product.md §5.1), then mention tokens are checked.
        const { content, memberIds } = await resolveMentions(tx, sanitizeRichText(input.content));
        // A new member's first post may be held for review (docs/decisions/034): nobody hears
        // of it, and no live event goes out, until a moderator approves it.
        const held = await holdsNextPost(tx, viewer);
        // Sent: its draft goes with the same commit (docs/decisions/065).
        await deleteDraft(tx, viewer.id, draftPlace.replyTo(discussion.id));
        const id = await insertReply(
          tx,
          {
            discussionId: discussion.id,
            authorId: viewer.id,
            content,
            replyToId: input.replyToId ?? null,
            mentionIds: memberIds,
            held,
          },
          // Who hears of it is decided in the queue (features/notifications/fan-out.ts): the
          // answer does not wait for a thousand followers.
          held
            ? undefined
            : (inner, replyId) =>
                queueNotificationEvent(jobs, { type: "reply-created", replyId }, { tx: inner }),
        );
        await attachPostImages(tx, { replyId: id, authorId: viewer.id, content });
        const found = await findReply(tx, id, viewer);
        if (!found) throw new HttpError(404, DISCUSSION_NOT_FOUND);
        const [item = found] = await withQuotes(tx, viewer, [found]);
        return item satisfies ReplyItem;
      },
      {
        afterCommit: async (item) => {
          if (item.awaitingReview) return;
          await publish(c.var.deps, { discussionId: discussion.id, id: item.id }, "created");
        },
      },
    );
  });

/** The :id parameter, or the 404 of a missing reply for anything that cannot be a reply's id. */
function replyId(c: Context<AppEnv> | Context<SignedInEnv>): string {
  const id = c.req.param("id") ?? "";
  if (!UUID_ID.test(id)) throw replyNotFound();
  return id;
}

/** The reply in the path, while its discussion is active; 404 otherwise. */
async function replyState(c: Context<AppEnv> | Context<SignedInEnv>): Promise<ReplyState> {
  const state = await findReplyState(c.var.deps.db, replyId(c));
  if (!state) throw replyNotFound();
  return state;
}

/**
 * Before the body is read: 401 signed out, 404 for a reply that is not there, 403 for someone
 * else's reply unless moderating (moderators change any reply but an admin's, admins any:
 * docs/decisions/048).
 */
const mayChangeReply: MiddlewareHandler<SignedInEnv> = async (c, next) => {
  requirePostRight(c.var.viewer, await replyState(c), "moderateReplies", NOT_YOUR_REPLY_MESSAGE);
  await next();
};

export const replyRoutes = new Hono<AppEnv>()
  .get("/:id", async (c) => {
    const { db } = c.var.deps;
    const viewer = await getViewer(c);
    const found = await findReply(db, replyId(c), viewer);
    if (!found) throw replyNotFound();
    const [item = found] = await withQuotes(db, viewer, [found]);
    return c.json(markReply(item, await collapsedAuthorIds(db, viewer)));
  })
  .patch("/:id", allowedTo("reply"), mayChangeReply, jsonBody(replyEditBodySchema), async (c) => {
    const reply = await replyState(c);
    if (reply.deleted) throw new HttpError(409, DELETED_REPLY_MESSAGE);
    const { viewer } = c.var;
    const { db, jobs } = c.var.deps;
    const input = c.req.valid("json");
    // Someone else's reply: a moderator's edit, with a reason, audited (docs/decisions/048).
    const right = requirePostRight(viewer, reply, "moderateReplies", NOT_YOUR_REPLY_MESSAGE);
    const reason = editReason(right, input.reason);
    // An edit is held to the same link limit as a new post (docs/decisions/031).
    await enforceNewMemberLinkLimit(db, viewer, { text: input.content, field: "content" });
    const { content, memberIds } = await resolveMentions(db, sanitizeRichText(input.content));
    // The edit and its log row are one transaction.
    await db.transaction(async (tx) => {
      const edited = await updateReplyContent(tx, reply.id, content, memberIds, reason !== null);
      if (!edited) throw new HttpError(409, DELETED_REPLY_MESSAGE);
      await attachPostImages(tx, { replyId: reply.id, authorId: reply.authorId, content });
      if (reason === null) return;
      await recordModeratorEdit(tx, jobs, {
        actorId: viewer.id,
        targetKind: "reply",
        targetId: reply.id,
        authorId: reply.authorId,
        reason,
        previous: { title: null, content: edited.previous },
      });
    });
    await deleteDraft(db, viewer.id, draftPlace.editReply(reply.id));
    await publish(c.var.deps, reply, "edited");
    const found = await findReply(db, reply.id, c.var.viewer);
    if (!found) throw replyNotFound();
    const [item = found] = await withQuotes(db, c.var.viewer, [found]);
    return c.json(item satisfies ReplyItem);
  })
  .delete("/:id", allowedTo("reply"), mayChangeReply, async (c) => {
    const reply = await replyState(c);
    const { viewer } = c.var;
    const { db } = c.var.deps;
    // Deleting a deleted reply changes nothing and announces nothing.
    if (await markReplyDeleted(db, reply.id)) {
      // A moderator removing someone else's reply is audited (docs/decisions/027).
      if (reply.authorId !== viewer.id) {
        await recordModerationAction(db, {
          actorId: viewer.id,
          action: "delete",
          targetKind: "reply",
          targetId: reply.id,
          subjectId: reply.authorId,
          reason: NO_REASON_GIVEN,
        });
      }
      await publish(c.var.deps, reply, "deleted");
    }
    return c.body(null, 204);
  });
