// What each reader gets of a discussion or a reply in each state, on every surface that shows
// one (docs/decisions/046): the permission matrix's twin. visibility-matrix.test.ts runs every
// cell against the server, and fails when the app has a GET route, a job queue, a live-event
// kind, a feed, a sitemap kind, a notification kind or an export section this file does not list.
//
// Reading a cell: `shown` (its words), `collapsed` (its words, marked as from a member the
// reader blocked: decision 031), `masked` (its place without its words), `absent` (not there,
// or 404), `refused` (401 signed out, 403 signed in), `n/a` (no such reader: nobody is their
// own blocked author, an erased member reads nothing).

export const STATES = [
  "hidden",
  "deleted",
  "held",
  "privateAuthor",
  "blockedAuthor",
  "erasedMember",
] as const;
export type State = (typeof STATES)[number];

/** `postAuthor` wrote the post (a plain member); `blogAuthor` has the author role. */
export const VIEWERS = [
  "visitor",
  "member",
  "postAuthor",
  "blogAuthor",
  "moderator",
  "admin",
] as const;
export type Viewer = (typeof VIEWERS)[number];

export type Shown = "shown" | "collapsed" | "masked" | "absent" | "refused" | "n/a";
type Row = Record<Viewer, Shown>;
export type Cells = Record<State, Row>;

const all = (shown: Shown, except: Partial<Row> = {}): Row => ({
  visitor: shown,
  member: shown,
  postAuthor: shown,
  blogAuthor: shown,
  moderator: shown,
  admin: shown,
  ...except,
});

/**
 * The rule, for one discussion opened by id (GET /api/discussions/:id), written out: hidden
 * words are the moderators' and the author's; blog authors read like any member. A held post
 * is its author's alone; a deleted one nobody's. Blocks collapse for members, not for staff
 * (decision 031: their blocks silence notifications only).
 */
export const THE_RULE: Cells = {
  hidden: all("masked", { postAuthor: "shown", moderator: "shown", admin: "shown" }),
  deleted: all("absent"),
  held: all("absent", { postAuthor: "shown" }),
  privateAuthor: all("shown"),
  blockedAuthor: all("shown", { member: "collapsed", postAuthor: "n/a" }),
  erasedMember: all("shown", { postAuthor: "n/a" }),
};

/** THE_RULE with some states' rows changed: how a surface differs from it, said in full. */
function ruleWith(changes: Partial<Record<State, Partial<Row>>>): Cells {
  const cells = structuredClone(THE_RULE);
  for (const [state, row] of Object.entries(changes) as [State, Partial<Row>][]) {
    Object.assign(cells[state], row);
  }
  return cells;
}

/** Only moderators and admins may call it; they see `staff`. */
function moderatorsOnly(staff: Partial<Record<State, Partial<Row>>>): Cells {
  const refused = all("refused", { moderator: "absent", admin: "absent" });
  return Object.fromEntries(
    STATES.map((state) => [
      state,
      {
        ...refused,
        ...(state === "erasedMember" || state === "blockedAuthor" ? { postAuthor: "n/a" } : {}),
        ...staff[state],
      },
    ]),
  ) as Cells;
}

/** A document made for everyone: every reader gets the visitor's. */
function sameForEveryone(visitor: Record<State, Shown>): Cells {
  return Object.fromEntries(
    STATES.map((state) => [
      state,
      all(
        visitor[state],
        state === "blockedAuthor" || state === "erasedMember" ? { postAuthor: "n/a" } : {},
      ),
    ]),
  ) as Cells;
}

const LISTS = ruleWith({
  // Lists show active discussions only: its author opens a held one by its address.
  held: { postAuthor: "absent" },
});

/** A post's image (decision 065): the rule, with nothing in place of what may not be read. */
const IMAGES: Cells = ruleWith({
  hidden: { visitor: "absent", member: "absent", blogAuthor: "absent" },
  blockedAuthor: { member: "shown" },
  erasedMember: all("absent", { postAuthor: "n/a" }),
});

/**
 * A member's own bookmarks (issue 42, decision 072): each reader bookmarked the post before its
 * state came; a bookmark keeps its place whatever becomes of the post, so what the rule would
 * leave absent is masked there ("This discussion was deleted.", "No longer available"). What
 * a reader bookmarked is theirs to read as the rule says: no collapse. Visitors have none.
 */
const BOOKMARKS: Cells = ruleWith({
  hidden: { visitor: "refused" },
  deleted: all("masked", { visitor: "refused" }),
  held: all("masked", { visitor: "refused", postAuthor: "shown" }),
  privateAuthor: { visitor: "refused" },
  blockedAuthor: { visitor: "refused", member: "shown" },
  erasedMember: { visitor: "refused" },
});

/** The page /bookmarks: what the API answers; a visitor gets the page that sends them to sign in. */
const BOOKMARKS_PAGE: Cells = Object.fromEntries(
  STATES.map((state) => [state, { ...BOOKMARKS[state], visitor: "absent" }]),
) as Cells;

/**
 * Full-text search (issue 44, decision 074): only what a visitor reads is in its indexes, for
 * every reader (staff and authors find their hidden and held posts elsewhere); a member's
 * blocked authors are left out for them, not for staff.
 */
const FULL_SEARCH: Cells = sameForEveryone({
  hidden: "absent",
  deleted: "absent",
  held: "absent",
  privateAuthor: "shown",
  blockedAuthor: "shown",
  erasedMember: "shown",
});
FULL_SEARCH.blockedAuthor.member = "absent";

/**
 * "Who reacted" (issue 45, decision 075): a cell is one member's reaction, read by name. The
 * post's states (hidden, deleted, held): a public member reacted to the state's post, whose
 * reactions are then out of sight for everyone, moderators and its author too (404: the rule
 * for a visitor decides). The member states: the state's member reacted to a post everyone
 * reads. A private member is counted, never named, to anyone (`masked`: in `others`); a
 * member the reader blocked likewise, as posts collapse (THE_RULE's blockedAuthor: staff and
 * blog authors see every name, decision 031); an erased member's reactions went with the
 * account.
 */
const REACTORS: Cells = {
  hidden: all("absent"),
  deleted: all("absent"),
  held: all("absent"),
  privateAuthor: all("masked"),
  blockedAuthor: all("shown", { member: "masked", postAuthor: "n/a" }),
  erasedMember: all("absent", { postAuthor: "n/a" }),
};

/** Where a post shows, and what each reader gets of it there. */
export type Surface = {
  name: string;
  /**
   * Whose state the cells are about: a discussion, a reply in an active discussion, or a reply
   * another reply of its discussion quotes (its words copied into the quote, decision 064); or,
   * for "who reacted", a member's reaction (REACTORS).
   */
  post: "discussion" | "reply" | "quoted reply" | "reactor";
  cells: Cells;
  source: string;
};

export const SURFACES = {
  discussion: {
    name: "GET /api/discussions/:id",
    post: "discussion",
    cells: THE_RULE,
    source: "decision 046",
  },
  list: {
    name: "GET /api/discussions",
    post: "discussion",
    cells: LISTS,
    source: "docs/product.md §4.6",
  },
  categoryList: {
    name: "GET /api/discussions?category= (its category)",
    post: "discussion",
    cells: LISTS,
    source: "issue 41, docs/decisions/066",
  },
  tagList: {
    name: "GET /api/discussions?tag= (its tag, which is also a word of it)",
    post: "discussion",
    // A tag is words: found by it only where the words may be read (docs/decisions/067).
    cells: ruleWith({
      hidden: { visitor: "absent", member: "absent", blogAuthor: "absent" },
      held: { postAuthor: "absent" },
    }),
    source: "issue 41, docs/decisions/067",
  },
  search: {
    name: "GET /api/discussions?q= (a word of it)",
    post: "discussion",
    // Words match only where they may be read (decision 046, superseding 027's sentence).
    cells: ruleWith({
      hidden: { visitor: "absent", member: "absent", blogAuthor: "absent" },
      held: { postAuthor: "absent" },
    }),
    source: "decision 046",
  },
  fullSearch: {
    name: "GET /api/search?q= (a word of the discussion)",
    post: "discussion",
    cells: FULL_SEARCH,
    source: "issue 44, decision 074",
  },
  fullSearchReply: {
    name: "GET /api/search?q= (a word of the reply)",
    post: "reply",
    cells: FULL_SEARCH,
    source: "issue 44, decision 074",
  },
  replies: {
    name: "GET /api/discussions/:id/replies",
    post: "reply",
    // A deleted reply keeps its place in its thread: "This reply was deleted."
    cells: ruleWith({ deleted: all("masked") }),
    source: "docs/decisions/020, 046",
  },
  reply: {
    name: "GET /api/replies/:id",
    post: "reply",
    cells: ruleWith({ deleted: all("masked") }),
    source: "docs/decisions/020, 046",
  },
  quote: {
    name: "GET /api/replies/:id (a reply quoting it)",
    post: "quoted reply",
    // The quote's words are the quoted reply's: the rule decides, and a reader's blocks hide
    // them too (the quote has no collapse of its own). Otherwise "Quoted post hidden": its id
    // without its words.
    cells: ruleWith({
      deleted: all("masked"),
      held: all("masked", { postAuthor: "shown" }),
      blockedAuthor: { member: "masked" },
    }),
    source: "docs/decisions/064",
  },
  profile: {
    name: "GET /api/profiles/:id (recent discussions)",
    post: "discussion",
    cells: ruleWith({
      held: { postAuthor: "absent" },
      // A private profile is its owner's and the admins' (docs/product.md §7).
      privateAuthor: all("absent", { postAuthor: "shown", admin: "shown" }),
      // The profile lists its own member's posts: no collapse there.
      blockedAuthor: { member: "shown" },
      // No profile is left to open.
      erasedMember: all("absent", { postAuthor: "n/a" }),
    }),
    source: "docs/product.md §7, decision 046",
  },
  cmsDiscussions: {
    name: "GET /api/cms/discussions",
    post: "discussion",
    cells: moderatorsOnly({
      hidden: { moderator: "shown", admin: "shown" },
      privateAuthor: { moderator: "shown", admin: "shown" },
      blockedAuthor: { moderator: "shown", admin: "shown" },
      erasedMember: { moderator: "shown", admin: "shown" },
    }),
    source: "docs/product.md §6 (the CMS Discussions tab)",
  },
  cmsDeleted: {
    name: "GET /api/cms/discussions/deleted",
    post: "discussion",
    // Staff restore deleted discussions from here (decision 027).
    cells: moderatorsOnly({ deleted: { moderator: "shown", admin: "shown" } }),
    source: "docs/decisions/027",
  },
  moderationQueue: {
    name: "GET /api/moderation/queue",
    post: "discussion",
    // Moderators decide on held posts here; reported items only once reported (a reported tag
    // by its name and count, docs/decisions/070: moderators read every tag).
    cells: moderatorsOnly({ held: { moderator: "shown", admin: "shown" } }),
    source: "docs/decisions/027, 034",
  },
  feed: {
    name: "GET /discussion/rss.xml",
    post: "discussion",
    cells: sameForEveryone({
      hidden: "masked",
      deleted: "absent",
      held: "absent",
      privateAuthor: "shown",
      blockedAuthor: "shown",
      erasedMember: "shown",
    }),
    source: "docs/decisions/024, 046",
  },
  categoryFeed: {
    name: "GET /discussion/c/:slug/rss.xml (its category's feed)",
    post: "discussion",
    cells: sameForEveryone({
      hidden: "masked",
      deleted: "absent",
      held: "absent",
      privateAuthor: "shown",
      blockedAuthor: "shown",
      erasedMember: "shown",
    }),
    source: "issue 41, docs/decisions/066",
  },
  sitemap: {
    name: "GET /sitemap/:file (discussions-1.xml)",
    post: "discussion",
    // A URL names no words, but a hidden discussion's page has none to index (decision 046).
    cells: sameForEveryone({
      hidden: "absent",
      deleted: "absent",
      held: "absent",
      privateAuthor: "shown",
      blockedAuthor: "shown",
      erasedMember: "shown",
    }),
    source: "docs/decisions/024, 046",
  },
  page: {
    name: "the page /discussion/:id (HTML, its meta and JSON-LD)",
    post: "discussion",
    // The page renders what the API answers; a collapsed post is collapsed by the browser.
    cells: ruleWith({ blockedAuthor: { member: "shown" } }),
    source: "docs/decisions/025, 046",
  },
  searchPage: {
    name: "the page /discussion?q= (a word of it)",
    post: "discussion",
    cells: ruleWith({
      hidden: { visitor: "absent", member: "absent", blogAuthor: "absent" },
      held: { postAuthor: "absent" },
      blockedAuthor: { member: "shown" },
    }),
    source: "decision 046",
  },
  threadPage: {
    name: "the page /discussion/:id (its replies)",
    post: "reply",
    cells: ruleWith({ deleted: all("masked"), blockedAuthor: { member: "shown" } }),
    source: "docs/decisions/025, 046",
  },
  // A plain member's page may take its content from another plain member's render of the same
  // data (decision 095): read right after a bystander, a plain member, read the same page.
  sharedPage: {
    name: "the page /discussion/:id, after another member read it (decision 095)",
    post: "discussion",
    cells: ruleWith({ blockedAuthor: { member: "shown" } }),
    source: "docs/decisions/046, 095",
  },
  sharedThreadPage: {
    name: "the page /discussion/:id (its replies), after another member read it (decision 095)",
    post: "reply",
    cells: ruleWith({ deleted: all("masked"), blockedAuthor: { member: "shown" } }),
    source: "docs/decisions/046, 095",
  },
  profilePage: {
    name: "the page /profile/:id",
    post: "discussion",
    cells: ruleWith({
      held: { postAuthor: "absent" },
      privateAuthor: all("absent", { postAuthor: "shown", admin: "shown" }),
      blockedAuthor: { member: "shown" },
      erasedMember: all("absent", { postAuthor: "n/a" }),
    }),
    source: "docs/product.md §7, decision 046",
  },
  bookmarks: {
    name: "GET /api/bookmarks (a bookmark of the discussion)",
    post: "discussion",
    cells: BOOKMARKS,
    source: "issue 42, docs/decisions/072",
  },
  replyBookmarks: {
    name: "GET /api/bookmarks (a bookmark of the reply)",
    post: "reply",
    cells: BOOKMARKS,
    source: "issue 42, docs/decisions/072",
  },
  bookmarksPage: {
    name: "the page /bookmarks (a bookmark of the discussion)",
    post: "discussion",
    cells: BOOKMARKS_PAGE,
    source: "issue 42, docs/decisions/072",
  },
  replyBookmarksPage: {
    name: "the page /bookmarks (a bookmark of the reply)",
    post: "reply",
    cells: BOOKMARKS_PAGE,
    source: "issue 42, docs/decisions/072",
  },
  whoReacted: {
    name: "GET /api/reactions/discussions/:id (who reacted to the discussion)",
    post: "reactor",
    cells: REACTORS,
    source: "issue 45, docs/decisions/075",
  },
  replyWhoReacted: {
    name: "GET /api/reactions/replies/:id (who reacted to the reply)",
    post: "reactor",
    cells: REACTORS,
    source: "issue 45, docs/decisions/075",
  },
  // An image of the post (decision 065): served whole or not at all, never masked; an erased
  // member's uploads went with the account.
  image: {
    name: "GET /api/images/:id (an image in the discussion)",
    post: "discussion",
    cells: IMAGES,
    source: "docs/decisions/065",
  },
  replyImage: {
    name: "GET /api/images/:id (an image in the reply)",
    post: "reply",
    cells: IMAGES,
    source: "docs/decisions/065",
  },
} satisfies Record<string, Surface>;

export type SurfaceName = keyof typeof SURFACES;

/**
 * Every GET route of the app (as the permission matrix finds them): the surfaces it is, or why
 * it shows no discussion or reply.
 */
export const READ_ROUTES: Record<string, SurfaceName[] | { none: string }> = {
  "GET /api/discussions": ["list", "search", "categoryList", "tagList"],
  "GET /api/search": ["fullSearch", "fullSearchReply"],
  "GET /discussion/c/:slug/rss.xml": ["categoryFeed"],
  "GET /api/categories": { none: "the categories: names, descriptions and counts" },
  "GET /api/categories/:slug": { none: "one category: its name, description and count" },
  "GET /api/cms/categories": { none: "the categories, for admins" },
  "GET /api/tags": {
    none: "tag names and counts; a tag only a hidden or held post has is listed to moderators only (tags.test.ts)",
  },
  "GET /api/tags/:name": {
    none: "one tag's id, name and count, by the same rule as the list: 404 Tag not found where it is not listed (tags.test.ts)",
  },
  "GET /api/cms/tags": { none: "the tags, for moderators and admins" },
  "GET /api/discussions/:id": ["discussion"],
  "GET /api/discussions/:id/replies": ["replies"],
  "GET /api/bookmarks": ["bookmarks", "replyBookmarks"],
  "GET /api/discussions/:id/bookmarks": {
    none: "the member's own bookmarks in a discussion: ids, their notes and reminder times",
  },
  "GET /api/replies/:id": ["reply", "quote"],
  // Reactions (issue 45, decision 075): who reacted names members, never a post's words.
  "GET /api/reactions/discussions/:id": ["whoReacted"],
  "GET /api/reactions/replies/:id": ["replyWhoReacted"],
  "GET /api/reactions/discussions/:id/mine": {
    none: "the member's own reactions in a discussion: post ids and kinds",
  },
  "GET /api/profiles/:id": ["profile"],
  "GET /api/cms/discussions": ["cmsDiscussions"],
  "GET /api/cms/discussions/deleted": ["cmsDeleted"],
  "GET /api/moderation/queue": ["moderationQueue"],
  "GET /discussion/rss.xml": ["feed"],
  "GET /sitemap/:file": ["sitemap"],
  // The server-rendered pages: the page shell answers every other address.
  "ALL /*": [
    "page",
    "searchPage",
    "threadPage",
    "sharedPage",
    "sharedThreadPage",
    "profilePage",
    "bookmarksPage",
    "replyBookmarksPage",
  ],
  "GET /*": { none: "the built client's files" },
  "GET /api/images/:id": ["image", "replyImage"],
  "GET /api/drafts/:place": { none: "the member's own draft (decision 065)" },
  "GET /api/discussions/events": { none: "ids only: LIVE_EVENTS below" },
  "GET /api/notifications": { none: "NOTIFICATION_SURFACES below (branch notifications)" },
  "GET /api/notifications/unread-count": { none: "a number" },
  "GET /api/notifications/events": { none: "no data: the browser refetches its count" },
  "GET /api/notifications/settings": { none: "the member's choices" },
  "GET /api/account/export/download": { none: "the member's own data: EXPORT_SECTIONS below" },
  "GET /api/discussions/:id/follow": { none: "the member's follow state" },
  "GET /api/categories/:slug/follow": { none: "the member's follow state of a category" },
  "GET /api/moderation/log": { none: "kind of content, date, reason: never its words" },
  "GET /api/moderation/edits": {
    none: "moderators' own record of their edits (decision 048): for moderators and admins only, who read every state's words",
  },
  "GET /api/moderation/members/:id/suspension": { none: "a suspension" },
  "GET /api/moderation/members/:id/log": {
    none: "the public log's entries about one member, for staff: kind, date, reason, never words",
  },
  "GET /api/auth/confirm-email": { none: "an account" },
  "GET /api/auth/two-factor": {
    none: "the member's own second factor: whether it is on, never its secret",
  },
  "GET /api/auth/passkeys": {
    none: "the member's own passkeys: names and dates, never a key",
  },
  "GET /api/auth/*": { none: "better-auth's own" },
  "GET /api/account/sessions": { none: "sessions" },
  "GET /api/account/terms": { none: "the member's own acceptance of the terms" },
  "GET /api/session": { none: "the viewer" },
  "GET /api/members": { none: "names and counts" },
  "GET /api/members/stats": { none: "counts" },
  "GET /api/profiles/me": { none: "the viewer's own profile" },
  "GET /api/blocks/:memberId": { none: "the viewer's own block" },
  "GET /api/site": { none: "site settings" },
  "GET /api/site/stats": { none: "counts" },
  "GET /api/site/pages/:slug": { none: "site pages" },
  // The public /online-safety page (decision 080): counts per month and a role, never words.
  "GET /api/site/online-safety": { none: "counts and the accountable role's address" },
  "GET /api/hero-words": { none: "hero words" },
  "GET /api/blog-posts": { none: "blog posts" },
  "GET /api/blog-posts/:slug": { none: "a blog post" },
  "GET /api/digest": { none: "the member's own digest choice" },
  "GET /api/newsletter/me": { none: "a subscription" },
  "GET /api/forms/token": { none: "a form token" },
  "GET /api/cms/newsletter/subscribers": { none: "subscribers" },
  "GET /api/cms/newsletter/subscribers.csv": { none: "subscribers" },
  "GET /api/cms/overview": { none: "counts" },
  "GET /api/cms/blog-posts": { none: "blog posts" },
  "GET /api/cms/blog-posts/:id": { none: "a blog post" },
  "GET /api/cms/hero-words": { none: "hero words" },
  "GET /api/cms/site-pages/:slug": { none: "site pages" },
  "GET /api/cms/settings": { none: "site settings" },
  // The Online Safety Act records (decision 076): counts and the records staff write, never posts.
  "GET /api/cms/online-safety": { none: "the Online Safety Act records and the site's counts" },
  "GET /api/cms/online-safety/versions/:key": { none: "a record's saved versions" },
  "GET /api/cms/online-safety/document": { none: "the records as a document, and counts" },
  "GET /api/users": { none: "accounts" },
  "GET /api/inbox/messages": { none: "contact messages" },
  "GET /api/inbox/data-requests": { none: "data requests" },
  // A complaint's link is kept as typed and never looked up (decision 081): no post is read.
  "GET /api/complaints": { none: "complaints, their links as typed" },
  "GET /api/health": { none: "health" },
  "GET /blog/rss.xml": { none: "blog posts" },
  "GET /sitemap.xml": { none: "the sitemap's files" },
  "GET /robots.txt": { none: "rules for crawlers" },
  "GET /metrics": { none: "counters" },
};

/**
 * Every other surface, by kind: what it carries of a post. `ids` carries ids and kinds only
 * (the reader's browser then asks a read route above); `checked` is run by the test named.
 */
export type OtherSurface =
  | { carries: "none" | "ids"; why: string }
  | { carries: "checked"; test: string; why: string };

const NONE = (why: string): OtherSurface => ({ carries: "none", why });

/** The job queues (lib/jobs.ts), by name. */
export const JOB_KINDS: Record<string, OtherSurface> = {
  "send-mail": {
    carries: "checked",
    test: "notification mail",
    why: "sealed messages; the ones about posts are the notification mail's",
  },
  "notification-events": {
    carries: "checked",
    test: "notification mail",
    why: "a post's event fanned out to entries (branch notifications)",
  },
  "notification-outbox": {
    carries: "checked",
    test: "notification mail",
    why: "a reaction's event from the outbox, fanned out as the events queue's are (decision 092)",
  },
  "notification-mail": {
    carries: "checked",
    test: "notification mail",
    why: "an entry's mail, checked again when delivered (branch notifications)",
  },
  "notification-digest": {
    carries: "checked",
    test: "notification mail",
    why: "the daily digest of entries (branch notifications)",
  },
  "notification-digest-member": {
    carries: "checked",
    test: "notification mail",
    why: "one member's digest (branch notifications)",
  },
  "remove-old-notifications": NONE("a sweep"),
  "remove-stale-accounts": NONE("a sweep"),
  "remove-past-retention": NONE("a sweep"),
  "remove-expired-idempotency-keys": NONE("a sweep"),
  "remove-ended-rate-limit-counts": NONE("a sweep"),
  "newsletter-remove-unconfirmed": NONE("a sweep"),
  "newsletter-fan-out": NONE("blog posts and newsletters"),
  "newsletter-batch": NONE("blog posts and newsletters"),
  "build-member-export": {
    carries: "checked",
    test: "export",
    why: "the member's own data: EXPORT_SECTIONS",
  },
  "remove-old-drafts": NONE("deletes drafts past 30 days"),
  "remove-orphan-post-images": NONE("deletes uploads in no post"),
  "held-release-sign-up": NONE("a held sign-up"),
  "held-release-contact": NONE("a held contact message"),
  "held-release-newsletter": NONE("a held subscription"),
  "held-release-report": {
    carries: "ids",
    why: "a held visitor report: the post's kind and id into the queue; its mail names nothing of the post (decision 079)",
  },
  "held-release-complaint": NONE(
    "a held complaint: its link as typed, never looked up (decision 081)",
  ),
  "held-release-due": NONE("a sweep of held form submissions: no posts"),
  "bookmark-reminders-due": NONE("a sweep: bookmark ids to notification events"),
  "top-scores": NONE("scores per discussion, from counts: nothing leaves the database"),
  "top-scores-hourly": NONE("scores per discussion, from counts: nothing leaves the database"),
  "online-safety-review-due": NONE(
    "a sweep: records due for review to admins' notices and mail, no post",
  ),
  "digest-plan": NONE("a sweep: members due a digest to delivery rows"),
  "search-backfill": NONE("writes posts' plain text for the index: nothing leaves the database"),
  "search-reindex": NONE("rewrites the index's vectors: nothing leaves the database"),
  "search-words": {
    carries: "checked",
    test: "search",
    why: "the words 'Did you mean' offers, from what a visitor reads (search.test.ts)",
  },
  "digest-send": {
    carries: "checked",
    test: "digest",
    why: "discussion titles, read again when sent: DIGEST (decision 073)",
  },
};

/**
 * The digest's "Discussions you missed" (decision 073), for the members it goes to: a mail
 * leaves the site, so it holds what a visitor may read, for every role, less the posts of
 * members the reader blocked. A member's own discussions are never "missed" (they are in its
 * "Replies to your discussions" part, under the same rule).
 */
export const DIGEST: Cells = Object.fromEntries(
  STATES.map((state) => {
    const row = all(state === "privateAuthor" || state === "erasedMember" ? "shown" : "absent", {
      visitor: "n/a",
      postAuthor: "absent",
    });
    if (state === "blockedAuthor" || state === "erasedMember") row.postAuthor = "n/a";
    return [state, row];
  }),
) as Cells;

/** The live-event kinds (lib/live-discussions.ts): ids and kinds, never words. */
export const LIVE_EVENTS: Record<string, OtherSurface> = {
  "discussion created": { carries: "ids", why: "{ type, id }" },
  "discussion updated": { carries: "ids", why: "{ type, id }" },
  "discussion deleted": { carries: "ids", why: "{ type, id }" },
  "reply created": { carries: "ids", why: "{ type, id, reply: { type, id } }" },
  "reply edited": { carries: "ids", why: "{ type, id, reply: { type, id } }" },
  "reply deleted": { carries: "ids", why: "{ type, id, reply: { type, id } }" },
  // Issue 45: counts are numbers; a post whose reactions are not shown takes none (no event).
  "discussion reacted": {
    carries: "ids",
    why: "{ type, id, reaction: { replyId, counts } }: ids and numbers",
  },
};

/** The feeds (lib/site-feeds.ts). */
export const FEEDS: Record<string, OtherSurface> = {
  discussions: { carries: "checked", test: "feed", why: "SURFACES.feed" },
  blog: NONE("blog posts"),
};

/** The sitemap's record kinds (features/sitemap/queries.ts). */
export const SITEMAP_KINDS: Record<string, OtherSurface> = {
  discussions: { carries: "checked", test: "sitemap", why: "SURFACES.sitemap" },
  blog: NONE("blog posts"),
  profiles: NONE("public profiles"),
};

const NOTIFICATION_MAIL = (why: string): OtherSurface => ({
  carries: "checked",
  test: "notification mail",
  why,
});

/**
 * The notification kinds: each an in-app entry (GET /api/notifications) and a mail template.
 * Those about a post say "Hidden by a moderator" or "This reply was deleted." once it is, and
 * are not sent when it is before delivery (issue 32; branch notifications).
 */
export const NOTIFICATION_SURFACES: Record<string, OtherSurface> = {
  reply_to_discussion: NOTIFICATION_MAIL("a reply's excerpt and its discussion's title"),
  reply_to_reply: NOTIFICATION_MAIL("a reply's excerpt and its discussion's title"),
  mention: NOTIFICATION_MAIL("a reply's excerpt and its discussion's title"),
  followed_discussion: NOTIFICATION_MAIL("a reply's excerpt and its discussion's title"),
  followed_category: NOTIFICATION_MAIL("a new discussion's title"),
  discussion_moderated: NOTIFICATION_MAIL("its discussion's title"),
  role_changed: NONE("a role"),
  // Decision 027: neither names a discussion.
  report_outcome: NONE("an outcome"),
  moderation_action: NONE("what and why, never the words"),
  // Names the post only while its member may read it (decision 072), then as any entry.
  bookmark_reminder: NOTIFICATION_MAIL("a bookmarked discussion's title and the member's own note"),
  // Issue 45: the post is the recipient's own; a private reactor is "Someone".
  reacted: NOTIFICATION_MAIL("its discussion's title"),
  // Decision 082: the terms changed; names no post.
  terms_changed: NONE("that the Terms of Service changed"),
};

/**
 * The member data export's sections (domain/member-data/export.ts). `own`: the member's own
 * posts, hidden words included (their author reads them); everything else names no post's words.
 */
export const EXPORT_SECTIONS: Record<string, OtherSurface> = {
  discussions: { carries: "checked", test: "export", why: "own: the member's discussions" },
  replies: { carries: "checked", test: "export", why: "own: the member's replies" },
  mentionsOfYou: { carries: "ids", why: "which replies, not what others wrote" },
  drafts: NONE("the member's own unsent text"),
  tagsCreated: NONE("names of tags the member created: a tag is listed to others only by the rule"),
  postImages: { carries: "ids", why: "the member's own uploads and the posts they are in" },
  follows: { carries: "ids", why: "discussion ids" },
  categoryFollows: NONE("category slugs the member follows or muted"),
  readPositions: { carries: "ids", why: "discussion ids and how far the member read" },
  categoriesMarkedRead: NONE("category slugs the member marked read"),
  bookmarks: { carries: "ids", why: "posts by id, with the member's own notes and reminders" },
  reactions: { carries: "ids", why: "posts by id and the kinds the member gave" },
  onlineSafetyRecordsSaved: NONE("the record versions the member saved as staff: no post"),
  digests: NONE("periods and what became of each digest: no post"),
  notifications: { carries: "ids", why: "ids and kinds (branch notifications for their data)" },
  reportsMade: { carries: "ids", why: "targets by id" },
  // Decision 081: the member's own words and the link as they typed it; no post is looked up.
  complaints: NONE("the member's own complaints, their links as typed"),
  complaintsOwned: NONE("which complaints the member looked after as an admin: ids and dates"),
  moderationOfYou: { carries: "ids", why: "targets by id" },
  moderationActionsTaken: { carries: "ids", why: "targets by id" },
  ...Object.fromEntries(
    [
      "account",
      "signInMethods",
      "secondFactors",
      "passkeys",
      "sessions",
      "profile",
      "role",
      "roleHistory",
      "roleChangesMade",
      "blogPosts",
      "blocksMade",
      "notificationSettings",
      "notificationMailTimes",
      "newsletter",
      "newsletterSendsMade",
      "sitePagesEdited",
      "sitePageVersionsSaved",
      "contactMessages",
      "dataRequests",
      "heldSubmissions",
      "suspensions",
      "suspensionsMade",
      "suspensionsLifted",
      "appeals",
      "dataExports",
    ].map((section) => [section, NONE("no post")]),
  ),
};
