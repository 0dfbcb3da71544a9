// Who may edit or delete a discussion or a reply, and the audit of an edit that is not the
// author's (docs/decisions/048): moderators change anyone's post but an admin's, give a reason
// for an edit, and the log keeps the text before it for staff.
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { recordModerationAction } from "@/server/domain/moderation/log";
import { queueNotificationEvent } from "@/server/domain/notifications/events";
import { HttpError } from "@/server/lib/http-error";
import type { JobQueue } from "@/server/lib/jobs";
import { ADMIN_POSTS_PROTECTED, EDIT_REASON_REQUIRED } from "@/shared/moderation";
import { can, type PostAuthor, postChangeRight, type Role } from "@/shared/permissions";

/** SQL: whether the member `authorId` (a column) is an admin now. */
export const authorIsAdmin = (authorId: SQL) =>
  sql`exists (select 1 from user_roles ur where ur.user_id = ${authorId} and ur.role = 'admin')`;

export type PostRight = "author" | "moderator";

/**
 * The right in which `viewer` edits or deletes the post, or 403: `notYours` for a member on
 * someone else's post, ADMIN_POSTS_PROTECTED for a moderator on an admin's.
 */
export function requirePostRight(
  viewer: { id: string; role: Role },
  post: PostAuthor,
  moderating: "moderateDiscussions" | "moderateReplies",
  notYours: string,
): PostRight {
  const right = postChangeRight(viewer, post, moderating);
  if (right) return right;
  throw new HttpError(403, can(viewer.role, moderating) ? ADMIN_POSTS_PROTECTED : notYours);
}

/**
 * The reason an edit in `right` carries: none for the author's own (a reason sent is
 * ignored); for a moderator's, the one the edit's schema has cleaned, else 400 on `reason`.
 */
export function editReason(right: PostRight, reason: string | undefined): string | null {
  if (right === "author") return null;
  if (!reason) {
    throw new HttpError(400, EDIT_REASON_REQUIRED, { fields: { reason: EDIT_REASON_REQUIRED } });
  }
  return reason;
}

export type ModeratorEdit = {
  actorId: string;
  targetKind: "discussion" | "reply";
  targetId: string;
  authorId: string | null;
  reason: string;
  /** The text before the edit: a reply has no title. */
  previous: { title: string | null; content: string };
};

/**
 * Inside the edit's transaction: the log row with the text before the edit, and the event that
 * tells the author what was done and why (features/notifications/fan-out.ts).
 */
export async function recordModeratorEdit(
  tx: Db,
  jobs: Pick<JobQueue, "send">,
  edit: ModeratorEdit,
): Promise<string> {
  const id = await recordModerationAction(tx, {
    actorId: edit.actorId,
    action: "edit",
    targetKind: edit.targetKind,
    targetId: edit.targetId,
    subjectId: edit.authorId,
    reason: edit.reason,
    previous: edit.previous,
  });
  await queueNotificationEvent(jobs, { type: "moderation-outcome", actionId: id }, { tx });
  return id;
}
