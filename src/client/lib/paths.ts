// Every client URL, defined once. Static pages are strings; pages with a parameter are
// functions for links and have their router pattern in `routePatterns`.

const encode = encodeURIComponent;

export const paths = {
  home: "/",
  team: "/team",
  contact: "/contact",
  blog: "/blog",
  /** A post by its slug (docs/decisions/024); an old /blog/{id} link moves there. */
  blogPost: (slug: string) => `/blog/${encode(slug)}`,
  about: "/about",
  posts: "/posts",
  discussions: "/discussion",
  discussion: (id: string) => `/discussion/${encode(id)}`,
  /** A reply's permalink: the discussion opened at that reply's page (docs/product.md §2.7). */
  discussionReply: (id: string, replyId: string) =>
    `/discussion/${encode(id)}?reply=${encode(replyId)}`,
  discussionsByAuthor: (author: string) => `/discussion?author=${encode(author)}`,
  profile: (id: string) => `/profile/${encode(id)}`,
  profileEdit: "/profile/edit",
  members: "/members",
  /** Full-text search (issue 44): the form alone without `q`; `page` counts from 1. */
  search: (q?: string, page = 1) =>
    q ? `/search?q=${encode(q)}${page > 1 ? `&page=${page}` : ""}` : "/search",
  auth: "/auth",
  /** /auth, then back to `returnTo` (a path on this site, lib/return-path.ts) once signed in. */
  authReturningTo: (returnTo: string) => `/auth?returnTo=${encode(returnTo)}`,
  /** Where the sign-up confirmation link lands (with `?token=`): the password is chosen here. */
  confirmEmail: "/auth/confirm",
  forgotPassword: "/auth/forgot-password",
  /** Where a password reset link lands (with `?token=`). */
  resetPassword: "/auth/reset-password",
  settings: "/settings",
  /** The member's notifications (docs/product.md §2.23). */
  notifications: "/notifications",
  /** The member's bookmarks (issue 42, docs/decisions/072). */
  bookmarks: "/bookmarks",
  /** Where a notification email's unsubscribe link lands (with `?token=`); works signed out. */
  notificationsUnsubscribe: "/notifications/unsubscribe",
  /** Where the digest mail's unsubscribe link lands (with `?token=`); works signed out. */
  digestUnsubscribe: "/digest/unsubscribe",
  /** Where the link sent to a new email address lands (with `?token=`). */
  confirmEmailChange: "/settings/email",
  /**
   * Where the "your email was changed" notice's undo link lands (with `?token=`; after the
   * page's plain form, `?result=`). Works signed out (docs/decisions/049).
   */
  undoEmailChange: "/settings/email/undo",
  /** Where an admin-started two-factor reset link lands (with `?token=`; decision 060). */
  twoFactorReset: "/settings/two-factor/reset",
  /** Where the "your data is ready" email's link lands (with `?token=`; docs/decisions/029). */
  dataExport: "/settings/data-export",
  privacy: "/privacy",
  /** The Terms of Service, written by staff in the CMS (docs/decisions/030). */
  terms: "/terms",
  /** Reporting, complaints, who is accountable and the monthly figures (decision 080). */
  onlineSafety: "/online-safety",
  /** The public moderation log (docs/decisions/027). */
  moderation: "/moderation",
  /** One member's moderation history, for staff (docs/product.md §11.8). */
  moderationOf: (memberId: string) => `/moderation?member=${encode(memberId)}`,
  /** Where a confirmed new member lands (docs/decisions/062). */
  welcome: "/welcome",
  dataRequest: "/data-request",
  /** A visitor's report of a discussion or a reply (docs/decisions/079), with kind and id. */
  report: "/report",
  reportOf: (kind: "discussion" | "reply", id: string) =>
    `/report?kind=${encode(kind)}&id=${encode(id)}`,
  /** The complaints procedure (docs/decisions/081): a form for anyone. */
  complaints: "/complaints",
  /** Where a visitor's report's confirmation link lands (with `?token=`). */
  reportConfirm: "/report/confirm",
  /** Where a data request's confirmation link lands (with `?token=`); works signed out. */
  dataRequestConfirm: "/data-request/confirm",
  /** Where the newsletter's welcome email sends someone who wants out (with email and token). */
  newsletterUnsubscribe: "/newsletter/unsubscribe",
  /** Where the newsletter's confirmation email sends the address's owner (with `?token=`). */
  newsletterConfirm: "/newsletter/confirm",
  rotatingTextShowcase: "/rotating-text-showcase",
  headerShowcase: "/header-showcase",
  cms: "/cms",
} as const;

export const routePatterns = {
  blogPost: "/blog/:slug",
  // A category's page: its links come from shared/category-paths.ts (categoryPath), which the
  // server's sitemap and feeds use too, kept out of this module so the first download stays
  // within the home page's budget.
  category: "/discussion/c/:slug",
  discussion: "/discussion/:id",
  profile: "/profile/:id",
  /** paths.search's page; its query (q, page) is not part of the route. */
  search: "/search",
} as const;

/**
 * Any path at all, line breaks included: a pattern's `*` matches with `.`, which stops at a
 * line break, and a path with an encoded one ("/nope%0A") would otherwise match no route and
 * render an empty page, on the server and in the browser.
 */
export const ANY_PATH = /[\s\S]*/;
