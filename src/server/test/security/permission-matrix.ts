// Who may call each mutating API endpoint: docs/product.md §6 and docs/architecture.md ("API", "Deliberate
// improvements") as one table. permission-matrix.test.ts runs every cell against the server
// and fails when the app has a mutating route this table does not list.
//
// Reading a row: `allowed` lists the callers who succeed; everyone else is refused, with 401
// when signed out and 403 when signed in. Rows about a record someone owns (a profile, a
// discussion, a blog post) give the callers separately for their own record and for another
// member's; rows about a post also for an admin's (another admin's for an admin caller), which
// moderators may not change (docs/decisions/048).
import type { Role } from "@/shared/permissions";

export const CALLERS = ["anonymous", "user", "author", "moderator", "admin"] as const;
export type Caller = (typeof CALLERS)[number];
export type Ownership = "own" | "other's" | "admin's";
export type MutatingMethod = "POST" | "PUT" | "PATCH" | "DELETE";

export const MUTATING_METHODS: readonly string[] = ["POST", "PUT", "PATCH", "DELETE"];

type Callers = readonly Caller[];

export type MatrixRow = {
  method: MutatingMethod;
  /** The path as Hono registers it (`app.routes`), parameters as `:name`. */
  path: string;
  allowed: Callers | ({ own: Callers; "other's": Callers } & { "admin's"?: Callers });
  /** Where the rule comes from. */
  source: string;
  /**
   * Refused for every caller with a session cookie because another credential is required
   * (the control token); the test expects `refusedWith` instead of 401/403.
   */
  refusedWith?: number;
  /** Signed-in callers refused on another member's record get this instead of 403. */
  othersRefusedWith?: number;
  /** Signed-in callers refused on their own record get this instead of 403. */
  ownRefusedWith?: number;
};

const EVERYONE: Callers = CALLERS;
const MEMBERS: Callers = ["user", "author", "moderator", "admin"] satisfies Role[];
const NOBODY: Callers = [];
const BLOG_STAFF: Callers = ["author", "admin"];
const MODERATORS: Callers = ["moderator", "admin"];
const STAFF: Callers = ["author", "moderator", "admin"];
const ADMINS: Callers = ["admin"];

export const PERMISSION_MATRIX: readonly MatrixRow[] = [
  // Accounts (better-auth behind our front door, src/server/auth/routes.ts).
  {
    method: "POST",
    path: "/api/auth/sign-up/email",
    allowed: EVERYONE,
    source: "docs/product.md §2 Auth",
  },
  {
    method: "POST",
    path: "/api/auth/sign-in/email",
    allowed: EVERYONE,
    source: "docs/product.md §2 Auth",
  },
  {
    method: "POST",
    path: "/api/auth/*",
    allowed: EVERYONE,
    source: "better-auth's own endpoints: see BETTER_AUTH_ENDPOINTS",
  },
  // Accounts safe in public (docs/decisions/014): a link's token is the credential, so whoever
  // holds one may use it; the answers never say whether an address has an account.
  {
    method: "POST",
    path: "/api/auth/resend-confirmation",
    allowed: EVERYONE,
    source: "Issue 12: resend confirmation",
  },
  {
    method: "POST",
    path: "/api/auth/confirm-email",
    allowed: EVERYONE,
    source: "Issue 12: the confirmation link's page (the token is the credential)",
  },
  {
    method: "POST",
    path: "/api/auth/request-password-reset",
    allowed: EVERYONE,
    source: "Issue 12: forgot password",
  },
  {
    method: "POST",
    path: "/api/auth/reset-password",
    allowed: EVERYONE,
    source: "Issue 12: the reset link's page (the token is the credential)",
  },
  {
    method: "POST",
    path: "/api/auth/change-password",
    allowed: MEMBERS,
    source: "Issue 12: settings, change password (own account only)",
  },

  // Two-factor sign-in (docs/decisions/060): setting it up, changing and turning it off act on
  // the caller's own account; the second step of a sign-in and the reset link work signed out
  // (the pending sign-in's cookie and the link's token are the credentials).
  {
    method: "POST",
    path: "/api/auth/two-factor/enable",
    allowed: MEMBERS,
    source: "Issue 37: set up an authenticator app (own account)",
  },
  {
    method: "POST",
    path: "/api/auth/two-factor/verify-totp",
    allowed: EVERYONE,
    source: "Issue 37: the second step of a sign-in, or confirming the set-up",
  },
  {
    method: "POST",
    path: "/api/auth/two-factor/verify-backup-code",
    allowed: EVERYONE,
    source: "Issue 37: a recovery code at sign-in",
  },
  {
    method: "POST",
    path: "/api/auth/two-factor/generate-backup-codes",
    allowed: MEMBERS,
    source: "Issue 37: new recovery codes (own account, password and code)",
  },
  {
    method: "POST",
    path: "/api/auth/two-factor/disable",
    allowed: MEMBERS,
    source: "Issue 37: turn two-factor off (own account, password and code)",
  },
  {
    method: "POST",
    path: "/api/auth/two-factor/reset",
    allowed: EVERYONE,
    source: "Issue 37: the reset link an admin had mailed (the token is the credential)",
  },

  // Passkeys (decision 063): a member's own; signing in with one is for anyone holding one.
  {
    method: "POST",
    path: "/api/auth/passkeys/registration-options",
    allowed: MEMBERS,
    source: "Issue 37: add a passkey (own account)",
  },
  {
    method: "POST",
    path: "/api/auth/passkeys",
    allowed: MEMBERS,
    source: "Issue 37: add a passkey (own account)",
  },
  {
    method: "PATCH",
    path: "/api/auth/passkeys/:id",
    allowed: { own: MEMBERS, "other's": NOBODY },
    // Another member's passkey is not the caller's to know about.
    othersRefusedWith: 404,
    source: "Issue 37: rename a passkey (own only)",
  },
  {
    method: "DELETE",
    path: "/api/auth/passkeys/:id",
    allowed: { own: MEMBERS, "other's": NOBODY },
    othersRefusedWith: 404,
    source: "Issue 37: remove a passkey (own only)",
  },
  {
    method: "POST",
    path: "/api/auth/passkeys/confirmation-options",
    allowed: MEMBERS,
    source: "Issue 37: confirm an email change with a passkey (own passkeys)",
  },
  {
    method: "POST",
    path: "/api/auth/passkeys/sign-in/options",
    allowed: EVERYONE,
    source: "Issue 37: sign in with a passkey",
  },
  {
    method: "POST",
    path: "/api/auth/passkeys/sign-in",
    allowed: EVERYONE,
    source: "Issue 37: sign in with a passkey (the passkey is the credential)",
  },

  // Account settings (/settings): a member acts on their own account only.
  {
    method: "POST",
    path: "/api/account/email",
    allowed: MEMBERS,
    source: "Issue 12: settings, change email (own account only)",
  },
  {
    method: "POST",
    path: "/api/account/email/confirm",
    allowed: EVERYONE,
    source: "Issue 12: the new address's link (the token is the credential)",
  },
  {
    method: "POST",
    path: "/api/account/email/undo",
    allowed: EVERYONE,
    source: "Issue 33: the old address's undo link (the token is the credential; decision 049)",
  },
  {
    method: "POST",
    path: "/api/account/terms",
    allowed: MEMBERS,
    source: "Issue 47: accept the current Terms of Service (docs/decisions/082)",
  },
  {
    method: "POST",
    path: "/api/account/sessions/revoke-others",
    allowed: MEMBERS,
    source: "Issue 12: settings, sign out of all other sessions",
  },
  {
    method: "DELETE",
    path: "/api/account/sessions/:id",
    allowed: { own: MEMBERS, "other's": NOBODY },
    // Another member's session is not the caller's to know about.
    othersRefusedWith: 404,
    source: "Issue 12: settings, sign out one session",
  },

  // A member's own data (issue 20, docs/decisions/029): only ever the caller's own account.
  {
    method: "POST",
    path: "/api/account/export",
    allowed: MEMBERS,
    source: "Issue 20: settings, Download my data (own data only)",
  },
  {
    method: "POST",
    path: "/api/account/delete",
    allowed: MEMBERS,
    source: "Issue 20: settings, Delete my account (own account, password and DELETE)",
  },

  // Forum.
  {
    method: "POST",
    path: "/api/discussions",
    allowed: MEMBERS,
    source: "docs/product.md §6 Create discussions",
  },
  {
    method: "PUT",
    path: "/api/discussions/:id/pin",
    // A member cannot pin even their own discussion.
    allowed: { own: MODERATORS, "other's": MODERATORS },
    source: "docs/product.md §6 Pin/lock discussions",
  },
  {
    method: "PUT",
    path: "/api/discussions/:id/lock",
    allowed: { own: MODERATORS, "other's": MODERATORS },
    source: "docs/product.md §6 Pin/lock discussions",
  },
  {
    method: "PATCH",
    path: "/api/discussions/:id",
    allowed: { own: MEMBERS, "other's": MODERATORS, "admin's": ADMINS },
    source:
      "Issue 17: members edit their own discussions; moderators any but an admin's, admins any (decision 048)",
  },
  {
    method: "DELETE",
    path: "/api/discussions/:id",
    allowed: { own: MEMBERS, "other's": MODERATORS, "admin's": ADMINS },
    source:
      "Issue 17: members delete their own discussions; moderators any but an admin's, admins any (decision 048)",
  },

  // Replies (docs/decisions/020): a locked discussion refuses members too (403), which
  // features/replies/replies.test.ts checks role by role.
  {
    method: "POST",
    path: "/api/discussions/:id/replies",
    allowed: MEMBERS,
    source: "Issue 14: reply to a discussion",
  },
  {
    method: "PATCH",
    path: "/api/replies/:id",
    allowed: { own: MEMBERS, "other's": MODERATORS, "admin's": ADMINS },
    source:
      "Issue 14: edit own replies; moderators edit any but an admin's, admins any (decision 048)",
  },
  {
    method: "DELETE",
    path: "/api/replies/:id",
    allowed: { own: MEMBERS, "other's": MODERATORS, "admin's": ADMINS },
    source:
      "Issue 14: delete own replies; moderators delete any but an admin's, admins any (decision 048)",
  },

  // Blocking (docs/decisions/031): "own" is the caller themselves, whom nobody can block (400).
  {
    method: "PUT",
    path: "/api/blocks/:memberId",
    allowed: { own: NOBODY, "other's": MEMBERS },
    ownRefusedWith: 400,
    source: "Issue 17: block a member",
  },
  {
    method: "DELETE",
    path: "/api/blocks/:memberId",
    allowed: { own: NOBODY, "other's": MEMBERS },
    ownRefusedWith: 400,
    source: "Issue 17: unblock a member",
  },

  // Drafts (docs/decisions/065): always the caller's own, by the session; no path names a member.
  {
    method: "PUT",
    path: "/api/drafts/:place",
    allowed: MEMBERS,
    source: "Issue 40: save one's own draft",
  },
  {
    method: "DELETE",
    path: "/api/drafts/:place",
    allowed: MEMBERS,
    source: "Issue 40: discard one's own draft",
  },

  // Pictures in posts (docs/decisions/065): a member's own upload; who sees it, the post decides.
  {
    method: "POST",
    path: "/api/images",
    allowed: MEMBERS,
    source: "Issue 40: add an image to a post",
  },

  // Notifications (docs/decisions/023): every route acts on the caller's own entries and
  // settings; another member's entry is a 404 (notifications.test.ts).
  {
    method: "PUT",
    path: "/api/discussions/:id/follow",
    allowed: MEMBERS,
    source: "Issue 16: Follow and Mute on a discussion",
  },
  {
    method: "PUT",
    path: "/api/categories/:slug/follow",
    allowed: MEMBERS,
    source: "Issue 41: Follow and Mute on a category",
  },
  // Reading (docs/decisions/071): a member's own read position and marks; nothing of anyone else.
  {
    method: "PUT",
    path: "/api/discussions/:id/read",
    allowed: MEMBERS,
    source: "Issue 42: read positions recorded as a member scrolls",
  },
  {
    method: "POST",
    path: "/api/discussions/mark-all-read",
    allowed: MEMBERS,
    source: "Issue 42: Mark all as read, for the list or a category",
  },
  {
    method: "POST",
    path: "/api/notifications/read-all",
    allowed: MEMBERS,
    source: "Issue 16: mark all read",
  },
  {
    method: "POST",
    path: "/api/notifications/:id/read",
    allowed: MEMBERS,
    source: "Issue 16: mark one read",
  },
  {
    method: "PUT",
    path: "/api/notifications/settings",
    allowed: MEMBERS,
    source: "Issue 16: email settings per kind",
  },
  {
    method: "POST",
    path: "/api/notifications/unsubscribe",
    allowed: EVERYONE,
    source:
      "Issue 16: one-click unsubscribe without a session (the signed token is the credential)",
  },
  {
    method: "PUT",
    path: "/api/digest",
    allowed: MEMBERS,
    source: "Issue 43: the member's own digest choice",
  },
  {
    method: "POST",
    path: "/api/digest/unsubscribe",
    allowed: EVERYONE,
    source:
      "Issue 43: the digest's one-click unsubscribe without a session (the signed token is the credential)",
  },

  // Bookmarks (docs/decisions/072): a member's own; another member's bookmark is a 404, for
  // staff too (bookmarks.test.ts).
  {
    method: "POST",
    path: "/api/bookmarks",
    allowed: MEMBERS,
    source: "Issue 42: bookmark a discussion or a reply",
  },
  {
    method: "PATCH",
    path: "/api/bookmarks/:id",
    allowed: { own: MEMBERS, "other's": NOBODY },
    othersRefusedWith: 404,
    source: "Issue 42: change one's own bookmark's note or reminder",
  },
  {
    method: "DELETE",
    path: "/api/bookmarks/:id",
    allowed: { own: MEMBERS, "other's": NOBODY },
    othersRefusedWith: 404,
    source: "Issue 42: remove one's own bookmark",
  },

  // Reactions (docs/decisions/075): any member, on anyone's post but their own; taking one's own
  // reaction back is always theirs. Suspended members: suspension-table.test.ts.
  {
    method: "PUT",
    path: "/api/reactions/discussions/:id/:kind",
    allowed: { own: NOBODY, "other's": MEMBERS },
    source: "Issue 45: react to a discussion, not one's own",
  },
  {
    method: "DELETE",
    path: "/api/reactions/discussions/:id/:kind",
    allowed: MEMBERS,
    source: "Issue 45: take one's own reaction back",
  },
  {
    method: "PUT",
    path: "/api/reactions/replies/:id/:kind",
    allowed: { own: NOBODY, "other's": MEMBERS },
    source: "Issue 45: react to a reply, not one's own",
  },
  {
    method: "DELETE",
    path: "/api/reactions/replies/:id/:kind",
    allowed: MEMBERS,
    source: "Issue 45: take one's own reaction back",
  },

  // Profiles: a member edits only their own (docs/product.md §6), whatever their role.
  {
    method: "PATCH",
    path: "/api/profiles/:id",
    allowed: { own: MEMBERS, "other's": NOBODY },
    source: "docs/product.md §6 Edit own profile",
  },
  {
    method: "PUT",
    path: "/api/profiles/me/avatar",
    allowed: MEMBERS,
    source: "docs/product.md §6 Edit own profile (the path names no one else)",
  },

  // Public forms.
  {
    method: "POST",
    path: "/api/newsletter",
    allowed: EVERYONE,
    source: "docs/product.md §6 Newsletter",
  },
  {
    method: "POST",
    path: "/api/newsletter/unsubscribe",
    allowed: EVERYONE,
    source: "Issue 18: every newsletter's link and RFC 8058 one-click (signed token)",
  },
  {
    method: "POST",
    path: "/api/newsletter/confirm",
    allowed: EVERYONE,
    source: "Issue 18: the confirmation link's page (the signed token is the credential)",
  },
  {
    method: "PUT",
    path: "/api/newsletter/me",
    allowed: MEMBERS,
    source: "Issue 18: the member's own subscription in /settings",
  },
  { method: "POST", path: "/api/contact", allowed: EVERYONE, source: "docs/product.md §6 Contact" },
  {
    method: "POST",
    path: "/api/data-requests",
    allowed: EVERYONE,
    source: "docs/product.md §6 Data request",
  },
  // The complaints procedure (docs/decisions/081): anyone complains; admins, as for the inbox,
  // track and resolve.
  {
    method: "POST",
    path: "/api/complaints",
    allowed: EVERYONE,
    source: "Issue 47: complaints procedure, a public form",
  },
  {
    method: "PATCH",
    path: "/api/complaints/:id",
    allowed: ADMINS,
    source: "Issue 47: each complaint tracked in the CMS (the inbox's readers, admins)",
  },
  {
    method: "POST",
    path: "/api/data-requests/confirm",
    allowed: EVERYONE,
    source:
      "Issue 20: the link mailed to the request's address (the signed token is the credential)",
  },

  // CMS Blog tab: staff edit every post, not only their own.
  {
    method: "POST",
    path: "/api/cms/blog-posts",
    allowed: BLOG_STAFF,
    source: "docs/product.md §6 CMS Blog tab",
  },
  {
    method: "PUT",
    path: "/api/cms/blog-posts/:id",
    allowed: { own: BLOG_STAFF, "other's": BLOG_STAFF },
    source: "docs/product.md §6 CMS Blog tab",
  },
  {
    method: "POST",
    path: "/api/cms/blog-posts/:id/newsletter",
    allowed: { own: BLOG_STAFF, "other's": BLOG_STAFF },
    source: "Issue 18: Publish and email subscribers (authors and admins)",
  },
  {
    method: "DELETE",
    path: "/api/cms/blog-posts/:id",
    allowed: { own: BLOG_STAFF, "other's": BLOG_STAFF },
    source: "docs/product.md §6 CMS Blog tab",
  },

  // CMS Discussions tab.
  {
    method: "POST",
    path: "/api/cms/discussions",
    allowed: MODERATORS,
    source: "docs/product.md §6 CMS Discussions tab",
  },
  {
    method: "PATCH",
    path: "/api/cms/discussions/:id",
    // A member cannot edit even their own discussion: editing is moderation.
    allowed: { own: MODERATORS, "other's": MODERATORS, "admin's": ADMINS },
    source:
      "docs/product.md §6 CMS Discussions tab; never an admin's for moderators (decision 048)",
  },

  {
    method: "POST",
    path: "/api/cms/discussions/:id/restore",
    allowed: MODERATORS,
    source: "Issue 17: staff restore deleted discussions from the CMS",
  },

  // Moderation (docs/decisions/027). Reports are of another member's item (one's own is 400).
  {
    method: "POST",
    path: "/api/moderation/reports",
    allowed: MEMBERS,
    source: "Issue 17: Report on every discussion, reply and profile, for signed-in members",
  },
  // Reports from anyone, signed in or not, with an address (docs/decisions/079).
  {
    method: "POST",
    path: "/api/moderation/visitor-reports",
    allowed: EVERYONE,
    source: "Issue 47: reporting illegal content, for anyone",
  },
  {
    method: "POST",
    path: "/api/moderation/visitor-reports/confirm",
    allowed: EVERYONE,
    source:
      "Issue 47: the link mailed to the reporter's address (the signed token is the credential)",
  },
  {
    method: "POST",
    path: "/api/moderation/appeals",
    allowed: MEMBERS,
    source: "Issue 17: a member appeals an action on their own content once (another's: 404)",
  },
  {
    method: "POST",
    path: "/api/moderation/items/:kind/:id/actions",
    allowed: { own: MODERATORS, "other's": MODERATORS },
    source: "Issue 17: the queue's actions, for moderators and admins",
  },
  {
    method: "POST",
    path: "/api/moderation/members/:id/suspensions",
    allowed: MODERATORS,
    source: "Issue 17: moderators and admins suspend (staff only by admins)",
  },
  {
    method: "POST",
    path: "/api/moderation/members/:id/lift",
    allowed: MODERATORS,
    source: "Issue 17: staff lift a suspension early",
  },
  {
    method: "POST",
    path: "/api/moderation/appeals/:id/decision",
    allowed: MODERATORS,
    source: "Issue 17: appeals land in the queue",
  },
  {
    method: "POST",
    path: "/api/moderation/held/:id/release",
    allowed: MODERATORS,
    source: "Issue 17: held form submissions are released from the queue (docs/decisions/034)",
  },
  {
    method: "POST",
    path: "/api/moderation/held/:id/discard",
    allowed: MODERATORS,
    source: "Issue 17: held form submissions are discarded from the queue (docs/decisions/034)",
  },
  {
    method: "POST",
    path: "/api/moderation/held-posts/:kind/:id/approve",
    allowed: MODERATORS,
    source:
      "Issue 17: a new member's held first post is approved in the queue (docs/decisions/034)",
  },
  {
    method: "POST",
    path: "/api/moderation/held-posts/:kind/:id/delete",
    allowed: MODERATORS,
    source: "Issue 17: a new member's held first post is deleted in the queue (docs/decisions/034)",
  },
  {
    method: "PUT",
    path: "/api/cms/settings",
    allowed: ADMINS,
    source: "Issue 17: the CMS Settings tab, admins only (docs/decisions/034)",
  },

  // Categories (issue 41, docs/decisions/066): moderators move discussions (never an admin's,
  // as an edit); admins manage the categories.
  {
    method: "PUT",
    path: "/api/discussions/:id/category",
    allowed: { own: MODERATORS, "other's": MODERATORS, "admin's": ADMINS },
    source: "Issue 41: moderators move a discussion to another category, logged",
  },
  {
    method: "POST",
    path: "/api/cms/categories",
    allowed: ADMINS,
    source: "Issue 41: the CMS Categories tab",
  },
  {
    method: "PUT",
    path: "/api/cms/categories/:id",
    allowed: ADMINS,
    source: "Issue 41: the CMS Categories tab",
  },
  {
    method: "DELETE",
    path: "/api/cms/categories/:id",
    allowed: ADMINS,
    source: "Issue 41: the CMS Categories tab (its discussions move to another)",
  },

  // Tags (issue 41, docs/decisions/067): moderators retag a discussion (never an admin's, as
  // an edit); moderators and admins rename, merge and delete tags in the CMS.
  {
    method: "PUT",
    path: "/api/discussions/:id/tags",
    allowed: { own: MODERATORS, "other's": MODERATORS, "admin's": ADMINS },
    source: "Issue 41: moderators edit a discussion's tags, logged",
  },
  {
    method: "POST",
    path: "/api/cms/tags",
    allowed: MODERATORS,
    source: "Issue 41: the CMS Tags tab (staff curate tags)",
  },
  {
    method: "PATCH",
    path: "/api/cms/tags/:id",
    allowed: MODERATORS,
    source: "Issue 41: staff rename tags (logged)",
  },
  {
    method: "POST",
    path: "/api/cms/tags/:id/merge",
    allowed: MODERATORS,
    source: "Issue 41: staff merge tags (logged)",
  },
  {
    method: "DELETE",
    path: "/api/cms/tags/:id",
    allowed: MODERATORS,
    source: "Issue 41: staff delete tags (logged)",
  },

  // CMS Hero Words tab.
  {
    method: "POST",
    path: "/api/cms/hero-words",
    allowed: STAFF,
    source: "docs/product.md §6 CMS Hero Words tab",
  },
  {
    method: "PATCH",
    path: "/api/cms/hero-words/:id",
    allowed: STAFF,
    source: "docs/product.md §6 CMS Hero Words tab",
  },
  {
    method: "DELETE",
    path: "/api/cms/hero-words/:id",
    allowed: STAFF,
    source: "docs/product.md §6 CMS Hero Words tab",
  },
  {
    method: "PUT",
    path: "/api/cms/site-pages/:slug",
    allowed: ADMINS,
    source: "Issue 21: the Terms of Service staff write in the CMS (docs/decisions/030)",
  },

  // The Online Safety Act records (issue 46, docs/decisions/076): admins save a new version;
  // moderators only read them (GET, not in this table of writes).
  {
    method: "PUT",
    path: "/api/cms/online-safety/risk/:kind",
    allowed: ADMINS,
    source: "Issue 46: a risk assessment entry, admins only (docs/decisions/076)",
  },
  {
    method: "PUT",
    path: "/api/cms/online-safety/children-risk/:kind",
    allowed: ADMINS,
    source: "Issue 46: a children's risk assessment entry, admins only (docs/decisions/076)",
  },
  {
    method: "PUT",
    path: "/api/cms/online-safety/children-risk-assessment",
    allowed: ADMINS,
    source: "Issue 46: the children's risk assessment's summary and review date, admins only",
  },
  {
    method: "PUT",
    path: "/api/cms/online-safety/assessment",
    allowed: ADMINS,
    source: "Issue 46: the risk assessment's summary and review date, admins only",
  },
  {
    method: "PUT",
    path: "/api/cms/online-safety/children-access",
    allowed: ADMINS,
    source: "Issue 46: the children's access assessment, admins only",
  },
  {
    method: "PUT",
    path: "/api/cms/online-safety/responsibility",
    allowed: ADMINS,
    source: "Issue 46: the person accountable for online safety, admins only",
  },

  // CMS Users tab; own = an admin setting their own role (to admin: the last-admin guard
  // refuses a demotion with 409, which is not a permission answer).
  {
    method: "PUT",
    path: "/api/users/:id/role",
    allowed: { own: ADMINS, "other's": ADMINS },
    source: "docs/product.md §6 CMS Users tab",
  },

  // Recovery without a back door (issue 37): an admin, passing their own second factor again
  // (a code from their app, or their own passkey), has a reset link mailed to another member.
  {
    method: "POST",
    path: "/api/users/:id/second-factor-reset",
    allowed: ADMINS,
    source: "Issue 37: CMS Users, reset two-factor",
  },

  // Stored contact messages and data requests (docs/architecture.md "Deliberate improvements").
  {
    method: "PATCH",
    path: "/api/inbox/data-requests/:id",
    allowed: ADMINS,
    source: "docs/architecture.md: the inbox is for admins",
  },
  // The tracker's actions (issue 20): admins, on a request its requester confirmed.
  {
    method: "POST",
    path: "/api/inbox/data-requests/:id/export",
    allowed: ADMINS,
    source: "Issue 20: Export data from the inbox",
  },
  {
    method: "POST",
    path: "/api/inbox/data-requests/:id/erase",
    allowed: ADMINS,
    source: "Issue 20: Erase account from the inbox",
  },
  {
    method: "POST",
    path: "/api/inbox/data-requests/:id/confirmation",
    allowed: ADMINS,
    source: "Issue 20: send the confirmation link again",
  },

  // The public forms sent without scripts, to their own page (docs/decisions/061): each goes
  // through its JSON route above, with that route's rules; anyone may send them.
  {
    method: "POST",
    path: "/*",
    allowed: EVERYONE,
    source: "docs/decisions/061: public forms without scripts",
  },

  // `npm run role` through the running server: the control token, never a session.
  {
    method: "POST",
    path: "/api/control/role",
    allowed: NOBODY,
    refusedWith: 403,
    source: "docs/decisions/005",
  },
  // `npm run role -- --reset-second-factor` through the running server (decision 060).
  {
    method: "POST",
    path: "/api/control/second-factor-reset",
    allowed: NOBODY,
    refusedWith: 403,
    source: "docs/decisions/060",
  },
  // `npm run seed:demo` through the running server, as the role command.
  {
    method: "POST",
    path: "/api/control/seed-demo",
    allowed: NOBODY,
    refusedWith: 403,
    source: "docs/decisions/005",
  },
  // The Top scores refreshed now (docs/decisions/075): the control token only.
  {
    method: "POST",
    path: "/api/control/top-scores",
    allowed: NOBODY,
    refusedWith: 403,
    source: "Issue 45: Top's scores, for operators and the browser tests",
  },
  // `npm run backup` through the running server: every member's data, so the token only.
  {
    method: "POST",
    path: "/api/control/backup",
    allowed: NOBODY,
    refusedWith: 403,
    source: "Issue 19: backups; docs/decisions/032",
  },
];

/**
 * Documents outside /api that anyone may read, for feed readers and crawlers
 * (docs/decisions/024): every caller gets the same answer, so none of them can carry what one
 * person may see. `example` is a request the test makes; the page shell (`*`) and /uploads have
 * suites of their own (app.test.ts, uploads tests).
 */
export const PUBLIC_DOCUMENTS: ReadonlyArray<{ path: string; example: string; source: string }> = [
  { path: "/blog/rss.xml", example: "/blog/rss.xml", source: "Issue 15: feeds" },
  { path: "/discussion/rss.xml", example: "/discussion/rss.xml", source: "Issue 15: feeds" },
  {
    path: "/discussion/c/:slug/rss.xml",
    example: "/discussion/c/rants-and-vents/rss.xml",
    source: "Issue 41: a category's feed",
  },
  { path: "/sitemap.xml", example: "/sitemap.xml", source: "Issue 15: sitemap" },
  { path: "/sitemap/:file", example: "/sitemap/discussions-1.xml", source: "Issue 15: sitemap" },
  { path: "/robots.txt", example: "/robots.txt", source: "Issue 15: robots.txt names the sitemap" },
];

/** GET documents outside /api for the holder of a configured token, whatever the session. */
export const TOKEN_DOCUMENTS: ReadonlyArray<{ path: string; source: string }> = [
  { path: "/metrics", source: "Issue 19: metrics, a METRICS_TOKEN bearer token" },
];

/**
 * better-auth's endpoints the site exposes under /api/auth: src/server/auth/routes.ts lets only
 * these through, and every other better-auth path answers 404 (the test walks `auth.api`).
 * "public" needs no session; "own session" acts only on the caller's own session cookie.
 */
export const BETTER_AUTH_ENDPOINTS: Readonly<Record<string, "public" | "own session">> = {
  "POST /sign-up/email": "public",
  "POST /sign-in/email": "public",
  "POST /sign-out": "own session",
  "GET /get-session": "own session",
  "POST /request-password-reset": "public",
  "POST /reset-password": "public",
  "POST /change-password": "own session",
  // The two-factor plugin's (docs/decisions/060), behind our routes; /two-factor/disable is
  // answered by our own route, which asks a code too and never calls the plugin's.
  "POST /two-factor/enable": "own session",
  "POST /two-factor/verify-totp": "public",
  "POST /two-factor/verify-backup-code": "public",
  "POST /two-factor/generate-backup-codes": "own session",
  "POST /two-factor/disable": "own session",
  // Ours (auth/passkey-sign-in.ts, decision 063), behind our route.
  "POST /passkeys/sign-in": "public",
  "GET /ok": "public",
  "GET /error": "public",
};

export function allowedCallers(row: MatrixRow, ownership: Ownership | null): Callers {
  if (Array.isArray(row.allowed)) return row.allowed as Callers;
  const byOwnership = row.allowed as Partial<Record<Ownership, Callers>>;
  return byOwnership[ownership ?? "own"] ?? [];
}

export function hasOwnership(row: MatrixRow): boolean {
  return !Array.isArray(row.allowed);
}

/** The ownerships a row tells apart: own and other's, and an admin's where it says. */
export function ownershipsOf(row: MatrixRow): Ownership[] {
  if (Array.isArray(row.allowed)) return [];
  return "admin's" in row.allowed ? ["own", "other's", "admin's"] : ["own", "other's"];
}

export function rowKey(row: { method: string; path: string }): string {
  return `${row.method} ${row.path}`;
}

/**
 * The creates that take an Idempotency-Key (docs/decisions/033). The test runs each of their
 * cells again with a key: the key changes no permission, a refused caller never gets another
 * caller's stored answer, and an allowed caller's retry is the first answer.
 */
export const IDEMPOTENT_CREATES: readonly string[] = [
  "POST /api/discussions",
  "POST /api/discussions/:id/replies",
  "POST /api/moderation/reports",
  "POST /api/moderation/visitor-reports",
  "POST /api/contact",
  "POST /api/data-requests",
  "POST /api/complaints",
];
