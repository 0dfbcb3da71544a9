// Editing a discussion, from the forum (PATCH /api/discussions/{id}) or the CMS: the author
// edits their own; a moderator's or admin's edit of someone else's carries a reason and is
// logged with the text before it, in the same transaction (docs/decisions/048).
import type { MiddlewareHandler } from "hono";
import type { SignedInEnv } from "@/server/auth/middleware";
import type { Db } from "@/server/db/client";
import {
  categoryNamed,
  categoryToPostIn,
  findCategoryById,
  requireMayStartIn,
} from "@/server/domain/categories/categories";
import { discussionTextToStore } from "@/server/domain/discussions/discussion-text";
import {
  activeDiscussionAuthor,
  findActiveDiscussion,
  lockDiscussionForEdit,
  setDiscussionCategory,
  updateDiscussionText,
} from "@/server/domain/discussions/queries";
import { NO_REASON_GIVEN, recordModerationAction } from "@/server/domain/moderation/log";
import {
  editReason,
  recordModeratorEdit,
  requirePostRight,
} from "@/server/domain/moderation/post-edits";
import { attachPostImages } from "@/server/domain/post-images/attach";
import { discussionTagNames, setDiscussionTags, tagsToPostWith } from "@/server/domain/tags/tags";
import { HttpError } from "@/server/lib/http-error";
import { uuidParam } from "@/server/lib/ids";
import type { JobQueue } from "@/server/lib/jobs";
import type { RateLimiter } from "@/server/lib/rate-limit";
import type { Category, DiscussionItem } from "@/shared/api-types";
import type { Role } from "@/shared/permissions";

export const DISCUSSION_NOT_FOUND = "Discussion not found";
export const NOT_YOUR_DISCUSSION_MESSAGE = "You can only change your own discussions";

/**
 * The author of an active discussion the viewer may change: their own, or anyone's but an
 * admin's for moderators, anyone's for admins (docs/product.md §6). 404 when there is none,
 * 403 when not theirs to change.
 */
export async function changeableDiscussion(
  db: Db,
  viewer: { id: string; role: Role },
  id: string,
): Promise<{ authorId: string | null; own: boolean }> {
  const found = await activeDiscussionAuthor(db, id);
  if (!found) throw new HttpError(404, DISCUSSION_NOT_FOUND);
  const right = requirePostRight(viewer, found, "moderateDiscussions", NOT_YOUR_DISCUSSION_MESSAGE);
  return { authorId: found.authorId, own: right === "author" };
}

/**
 * The forum's and the CMS's edit, before the body is read (docs/product.md §6.3): 404, then
 * 403 when not theirs to edit.
 */
export const mayEditDiscussion: MiddlewareHandler<SignedInEnv> = async (c, next) => {
  const id = uuidParam(c, "id", DISCUSSION_NOT_FOUND);
  await changeableDiscussion(c.var.deps.db, c.var.viewer, id);
  await next();
};

/** Saves the edit; 404 for a discussion not active, 403 or 400 as requirePostRight, editReason. */
export async function editDiscussion(
  deps: { db: Db; jobs: Pick<JobQueue, "send">; rateLimiter: RateLimiter },
  viewer: { id: string; role: Role },
  id: string,
  input: { title: string; content: string; category?: string; tags?: string[]; reason?: string },
): Promise<DiscussionItem> {
  return deps.db.transaction(async (tx) => {
    const before = await lockDiscussionForEdit(tx, id);
    if (!before) throw new HttpError(404, DISCUSSION_NOT_FOUND);
    const right = requirePostRight(
      viewer,
      before,
      "moderateDiscussions",
      NOT_YOUR_DISCUSSION_MESSAGE,
    );
    const reason = editReason(right, input.reason);
    const byModerator = reason !== null;
    // An edit may change the category, within the rules of starting one there (issue 41):
    // the form sends the category it has, so an unchanged one is not asked again. A
    // moderator's change of someone else's is also logged as a move.
    const category = input.category ? await categoryNamed(tx, input.category) : null;
    const moved = category !== null && category.id !== before.categoryId;
    if (moved) requireMayStartIn(viewer.role, category);
    // Tags the form sends replace the discussion's (before the text, so the answer has them).
    const retag =
      input.tags === undefined
        ? null
        : await replaceTags(tx, deps.rateLimiter.within(tx), viewer, id, input.tags);
    const item = await updateDiscussionText(
      tx,
      id,
      {
        ...(await discussionTextToStore(tx, input)),
        ...(moved ? { categoryId: category.id } : {}),
      },
      viewer,
      byModerator,
    );
    if (!item) throw new HttpError(404, DISCUSSION_NOT_FOUND);
    // Images the author added while editing (a moderator's edit adds none of theirs).
    await attachPostImages(tx, {
      discussionId: id,
      authorId: before.authorId,
      content: input.content,
    });
    if (moved && reason !== null) {
      await recordMove(
        tx,
        viewer,
        { id, authorId: before.authorId },
        before.categoryId,
        category,
        reason,
      );
    }
    if (retag && reason !== null) await recordRetag(tx, viewer, { id, ...before }, retag, reason);
    if (reason !== null) {
      await recordModeratorEdit(tx, deps.jobs, {
        actorId: viewer.id,
        targetKind: "discussion",
        targetId: id,
        authorId: before.authorId,
        reason,
        previous: { title: before.title, content: before.content },
      });
    }
    return item;
  });
}

/** A discussion's tags before and after a change that replaced them; null when unchanged. */
async function replaceTags(
  tx: Db,
  limits: RateLimiter,
  viewer: { id: string; role: Role },
  id: string,
  tags: readonly string[],
): Promise<{ before: string[]; after: string[] } | null> {
  // Sorted here, not by the database's collation, so that the two lists compare.
  const before = (await discussionTagNames(tx, id)).sort();
  const after = [...tags].sort();
  if (before.join() === after.join()) return null;
  await setDiscussionTags(tx, id, await tagsToPostWith(tx, limits, viewer, tags));
  return { before, after };
}

/** The log row of a moderator's retag (docs/decisions/067): the tags before and after. */
async function recordRetag(
  tx: Db,
  viewer: { id: string },
  discussion: { id: string; authorId: string | null },
  retag: { before: string[]; after: string[] },
  reason: string,
): Promise<void> {
  const list = (tags: string[]) => (tags.length ? tags.join(", ") : "none");
  await recordModerationAction(tx, {
    actorId: viewer.id,
    action: "retag",
    targetKind: "discussion",
    targetId: discussion.id,
    subjectId: discussion.authorId,
    reason: `Tags changed from ${list(retag.before)} to ${list(retag.after)}. ${reason}`,
  });
}

/**
 * A moderator's retag (PUT /api/discussions/{id}/tags): as a move, 404 for no active
 * discussion and never an admin's discussion for a moderator; tags the moderator names that do
 * not exist yet are created (curated). Logged when the tags change.
 */
export async function retagDiscussion(
  deps: { db: Db; rateLimiter: RateLimiter },
  viewer: { id: string; role: Role },
  id: string,
  input: { tags: string[]; reason: string },
): Promise<DiscussionItem> {
  return deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const before = await lockDiscussionForEdit(tx, id);
    if (!before) throw new HttpError(404, DISCUSSION_NOT_FOUND);
    requirePostRight(viewer, before, "moderateDiscussions", NOT_YOUR_DISCUSSION_MESSAGE);
    const retag = await replaceTags(tx, deps.rateLimiter.within(tx), viewer, id, input.tags);
    if (retag) {
      await recordRetag(tx, viewer, { id, ...before }, retag, input.reason || NO_REASON_GIVEN);
    }
    const item = await findActiveDiscussion(tx, id, viewer);
    if (!item) throw new HttpError(404, DISCUSSION_NOT_FOUND);
    return item;
  });
}

/** The log row of a move (docs/decisions/066): from which category to which, and why. */
async function recordMove(
  tx: Db,
  viewer: { id: string },
  discussion: { id: string; authorId: string | null },
  fromId: string,
  to: Category,
  reason: string,
): Promise<void> {
  const from = await findCategoryById(tx, fromId);
  await recordModerationAction(tx, {
    actorId: viewer.id,
    action: "move",
    targetKind: "discussion",
    targetId: discussion.id,
    subjectId: discussion.authorId,
    reason: `Moved from ${from?.name ?? "another category"} to ${to.name}. ${reason}`,
  });
}

/**
 * A moderator's move to another category (PUT /api/discussions/{id}/category): 404 for no
 * active discussion, 400 for an unknown category, 403 for a staff-only one the moderator may
 * not use, never an admin's discussion for a moderator (as an edit). Logged.
 */
export async function moveDiscussion(
  db: Db,
  viewer: { id: string; role: Role },
  id: string,
  input: { category: string; reason: string },
): Promise<DiscussionItem> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const before = await lockDiscussionForEdit(tx, id);
    if (!before) throw new HttpError(404, DISCUSSION_NOT_FOUND);
    requirePostRight(viewer, before, "moderateDiscussions", NOT_YOUR_DISCUSSION_MESSAGE);
    const category = await categoryToPostIn(tx, viewer.role, input.category);
    const item = await setDiscussionCategory(tx, id, category.id);
    if (!item) throw new HttpError(404, DISCUSSION_NOT_FOUND);
    if (category.id !== before.categoryId) {
      await recordMove(
        tx,
        viewer,
        { id, authorId: before.authorId },
        before.categoryId,
        category,
        input.reason || NO_REASON_GIVEN,
      );
    }
    return item;
  });
}
