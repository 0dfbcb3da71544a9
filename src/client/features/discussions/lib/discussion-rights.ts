// What the viewer may do with a discussion (docs/product.md §6.1), read from the shared
// permission table only to hide what the server would refuse (§6.3).
import type { DiscussionItem } from "@/shared/api-types";
import { postChangeRight, type Role } from "@/shared/permissions";

/**
 * In what right the viewer edits and deletes a discussion: its author's, a moderator's on
 * anyone's but an admin's (the edit then asks a reason, docs/decisions/048), or none (null).
 */
export function discussionChangeRight(
  viewer: { id: string; role: Role | null } | null,
  discussion: Pick<DiscussionItem, "authorId" | "authorIsAdmin">,
): "author" | "moderator" | null {
  const post = { authorId: discussion.authorId, authorIsAdmin: discussion.authorIsAdmin === true };
  return postChangeRight(viewer, post, "moderateDiscussions");
}
