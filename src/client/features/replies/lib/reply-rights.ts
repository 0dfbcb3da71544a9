// What the viewer may do with a thread (docs/product.md §6.1), read from the shared permission
// table only to hide what the server would refuse (§6.3).
import type { DiscussionItem, ReplyItem } from "@/shared/api-types";
import { can, type Role } from "@/shared/permissions";

export type Viewer = { id: string; role: Role | null } | null;

/** Members reply; in a locked discussion only moderators and admins do (§4.12). */
export function mayReply(viewer: Viewer, discussion: Pick<DiscussionItem, "isLocked">): boolean {
  if (!viewer || !can(viewer.role, "reply")) return false;
  return !discussion.isLocked || can(viewer.role, "moderateReplies");
}

/** Its author edits and deletes a reply, and so do moderators and admins; never a deleted one. */
export function mayChangeReply(viewer: Viewer, reply: ReplyItem): boolean {
  if (!viewer || reply.deleted || !can(viewer.role, "reply")) return false;
  return reply.author?.id === viewer.id || can(viewer.role, "moderateReplies");
}
