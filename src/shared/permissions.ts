// The role and permission table of docs/product.md §6. The server enforces it; the client reads it
// only to hide what the server would refuse.

export const ROLES = ["user", "author", "moderator", "admin"] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_ROLE: Role = "user";

export const STAFF_ROLES = ["author", "moderator", "admin"] as const satisfies readonly Role[];

const CAPABILITIES = {
  createDiscussion: ["user", "author", "moderator", "admin"],
  editOwnProfile: ["user", "author", "moderator", "admin"],
  cmsAccess: STAFF_ROLES,
  cmsBlog: ["author", "admin"],
  moderateDiscussions: ["moderator", "admin"],
  manageUsers: ["admin"],
  heroWords: STAFF_ROLES,
  // Beyond the original specification: stored contact messages and data requests (docs/architecture.md "Deliberate improvements").
  inbox: ["admin"],
  // Beyond the original specification: the Terms of Service, the site's word to everyone (docs/decisions/030).
  sitePages: ["admin"],
  // Beyond the original specification: the newsletter's subscriber list (docs/decisions/028).
  newsletterSubscribers: ["admin"],
  // Beyond the original specification: replies (docs/decisions/020). Members edit and delete their own replies;
  // moderateReplies edits and deletes anyone's, and replies in a locked discussion.
  reply: ["user", "author", "moderator", "admin"],
  moderateReplies: ["moderator", "admin"],
  // Issue 17: any member blocks another (docs/decisions/031); staff too, though their view of
  // the site never collapses: their blocks silence notifications only.
  blockMembers: ["user", "author", "moderator", "admin"],
  // Moderation (docs/decisions/027): the Reports queue, hide, suspend, lift, restore.
  moderate: ["moderator", "admin"],
  // Editing and deleting an admin's discussions and replies (docs/decisions/048): moderators
  // change anyone's posts but an admin's.
  changeAdminPosts: ["admin"],
  // The CMS Settings tab: site-wide settings such as holding new members' first post
  // (docs/decisions/034).
  siteSettings: ["admin"],
  // Beyond the original specification: what a member keeps private (their email, a private
  // profile) is shown to them and to admins (docs/product.md §3.4); admins also find members
  // by email.
  seePrivateMemberData: ["admin"],
  // Issue 41 (docs/decisions/066): the CMS Categories tab; and starting discussions in a
  // staff-only category (an "Announcements" kind), where members still reply.
  manageCategories: ["admin"],
  startInStaffOnlyCategories: STAFF_ROLES,
  // Issue 41 (docs/decisions/067): staff create tags while posting, curated (listed before any
  // discussion has them); moderators and admins rename, merge and delete tags in the CMS.
  curateTags: STAFF_ROLES,
  manageTags: ["moderator", "admin"],
  // Issue 46 (docs/decisions/076): the Online Safety Act records; admins write them, moderators
  // read them (they do the work the records describe), nobody else sees them.
  readOnlineSafety: ["moderator", "admin"],
  editOnlineSafety: ["admin"],
} as const satisfies Record<string, readonly Role[]>;

export type Capability = keyof typeof CAPABILITIES;

export function can(role: Role | null | undefined, capability: Capability): boolean {
  return role != null && (CAPABILITIES[capability] as readonly Role[]).includes(role);
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** docs/product.md §6: the role falls back to `user` when the lookup fails or returns none. */
export function roleOrDefault(value: unknown): Role {
  return isRole(value) ? value : DEFAULT_ROLE;
}

/** A discussion's or reply's author as the edit and delete rules need them. */
export type PostAuthor = { authorId: string | null; authorIsAdmin: boolean };

/**
 * In what right `viewer` may edit or delete a post (docs/decisions/048): as its `author`; as a
 * `moderator` (audited, an edit with a reason), with the moderating capability, on anyone's
 * post but an admin's unless they may `changeAdminPosts`; or not at all (null).
 */
export function postChangeRight(
  viewer: { id: string; role: Role | null } | null,
  post: PostAuthor,
  moderating: "moderateDiscussions" | "moderateReplies",
): "author" | "moderator" | null {
  if (!viewer) return null;
  if (post.authorId !== null && post.authorId === viewer.id) return "author";
  if (!can(viewer.role, moderating)) return null;
  if (post.authorIsAdmin && !can(viewer.role, "changeAdminPosts")) return null;
  return "moderator";
}
