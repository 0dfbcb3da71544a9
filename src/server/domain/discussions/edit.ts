// Editing a discussion, from the forum (PATCH /api/discussions/{id}) or the CMS: the author
// edits their own; a moderator's or admin's edit of someone else's carries a reason and is
// logged with the text before it, in the same transaction (docs/decisions/048).
import type { MiddlewareHandler } from "hono";
import type { SignedInEnv } from "@/server/auth/middleware";
import type { Db } from "@/server/db/client";
import { discussionTextToStore } from "@/server/domain/discussions/discussion-text";
import {
  activeDiscussionAuthor,
  lockDiscussionForEdit,
  updateDiscussionText,
} from "@/server/domain/discussions/queries";
import {
  editReason,
  recordModeratorEdit,
  requirePostRight,
} from "@/server/domain/moderation/post-edits";
import { attachPostImages } from "@/server/domain/post-images/attach";
import { HttpError } from "@/server/lib/http-error";
import { uuidParam } from "@/server/lib/ids";
import type { JobQueue } from "@/server/lib/jobs";
import type { DiscussionItem } from "@/shared/api-types";
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
  deps: { db: Db; jobs: Pick<JobQueue, "send"> },
  viewer: { id: string; role: Role },
  id: string,
  input: { title: string; content: string; reason?: string },
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
    const item = await updateDiscussionText(
      tx,
      id,
      await discussionTextToStore(tx, input),
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
