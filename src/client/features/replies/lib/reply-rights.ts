// What the viewer may do with a thread (docs/product.md §6.1), read from the shared permission
// table only to hide what the server would refuse (§6.3).
import type { DiscussionItem, ReplyItem } from "@/shared/api-types";
import { can, postChangeRight, type Role } from "@/shared/permissions";

export type Viewer = { id: string; role: Role | null } | null;

/** Members reply; in a locked discussion only moderators and admins do (§4.12). */
export function mayReply(viewer: Viewer, discussion: Pick<DiscussionItem, "isLocked">): boolean {
  if (!viewer || !can(viewer.role, "reply")) return false;
  return !discussion.isLocked || can(viewer.role, "moderateReplies");
}

/**
 * In what right the viewer edits and deletes a reply: its author's; a moderator's on anyone's
 * but an admin's, an admin's on anyone's (docs/decisions/048: the edit then asks a reason);
 * never a deleted one (null).
 */
export function replyChangeRight(viewer: Viewer, reply: ReplyItem): "author" | "moderator" | null {
  if (!viewer || reply.deleted || !can(viewer.role, "reply")) return null;
  const post = { authorId: reply.author?.id ?? null, authorIsAdmin: reply.authorIsAdmin === true };
  return postChangeRight(viewer, post, "moderateReplies");
}

export function mayChangeReply(viewer: Viewer, reply: ReplyItem): boolean {
  return replyChangeRight(viewer, reply) !== null;
}
