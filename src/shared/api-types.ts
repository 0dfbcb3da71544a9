import type { SitePageSlug } from "./constants";
import type { ContentFormat } from "./markup/plain-text";
import type { Role } from "./permissions";
import type { ReactionCounts } from "./reactions";

/** docs/architecture.md "API": every error response has this body. */
export type ApiErrorBody = {
  error: {
    code: string;
    message: string;
    fields?: Record<string, string>;
  };
};

export type SessionUser = {
  id: string;
  email: string;
  emailVerified: boolean;
};

export type SessionProfile = {
  fullName: string | null;
  avatarUrl: string | null;
};

/** One signed-in browser as /settings lists it (GET /api/account/sessions); never its token. */
export type AccountSession = {
  id: string;
  /** "Firefox 128", or null when the user agent says nothing we recognise. */
  browser: string | null;
  /** "macOS 14", or null. */
  os: string | null;
  ipAddress: string | null;
  createdAt: string;
  lastUsedAt: string;
  /** The session this request was made with. */
  current: boolean;
};

export type AccountSessionsResponse = { sessions: AccountSession[] };

/** GET /api/auth/confirm-email?token=: the account a confirmation link would confirm. */
export type PendingConfirmation = {
  email: string;
  name: string;
  /** The Terms of Service version that confirming accepts, and its date (decision 082). */
  terms: { version: number; updatedAt: string | null };
};

/** POST /api/account/email: nothing changes until the link sent to `pendingEmail` is opened. */
export type EmailChangeRequested = { pendingEmail: string };

/** POST /api/account/email/confirm */
export type EmailChangeConfirmed = { email: string };

/** POST /api/account/email/undo: the account's email is `email` again; everyone is signed out. */
export type EmailChangeUndone = { email: string };

/**
 * How an undo ended, as the page without JavaScript is told (`/settings/email/undo?result=`,
 * after its form's POST) and as the error codes say: EMAIL_IN_USE is `taken`.
 */
export type EmailChangeUndoResult =
  | "undone"
  | "already-undone"
  | "invalid"
  | "superseded"
  | "taken";

/** GET /api/session */
export type SessionResponse =
  | {
      user: SessionUser;
      profile: SessionProfile;
      role: Role;
      /** An active suspension: the banner's reason and end (null: for good). */
      suspension: { reason: string; endsAt: string | null } | null;
      /**
       * The member's role must use a second factor and they have none yet (decision 060): the
       * client shows the set-up page; the server refuses everything else.
       */
      secondFactorRequired: boolean;
    }
  | { user: null; profile: null; role: null; suspension?: null; secondFactorRequired?: false };

// ---- discussions (docs/product.md §3 discussion UI item; never the author's email) ------------------

/** One discussion as the forum shows it. */
/** What a discussion shows of its category (docs/decisions/066): a link and a coloured badge. */
export type CategoryRef = { slug: string; name: string; colour: string };

/** A category as the forum lists it (GET /api/categories). */
export type Category = CategoryRef & {
  id: string;
  description: string;
  position: number;
  /** Only staff start discussions here; members still reply. */
  staffOnly: boolean;
  /** Active discussions in it, kept by a trigger. */
  discussions: number;
};

export type CategoriesResponse = { categories: Category[] };

/** A tag as the forum lists it (GET /api/tags, docs/decisions/067). */
export type TagSummary = {
  /** Its one spelling and its address (shared/tags.ts). */
  name: string;
  /** Active discussions with it, kept by triggers. */
  discussions: number;
};

export type TagsResponse = { tags: TagSummary[] };

/** One tag by its name (GET /api/tags/{name}): what a report names it by, its id. */
export type Tag = TagSummary & { id: string };

/** A tag as the CMS's Tags tab lists it. */
export type CmsTag = Tag & {
  /** Created by staff: listed before any discussion has it. */
  curated: boolean;
  createdAt: string;
};

export type CmsTagsResponse = { tags: CmsTag[] };

export type DiscussionItem = {
  id: string;
  category: CategoryRef;
  /** Its tags in name order; none where its words are masked (docs/decisions/067). */
  tags: string[];
  title: string;
  /** Shown as text, never inserted as HTML: plain with its line breaks, or the markup. */
  content: string;
  /** `markup` (decision 021's) or `plain`, a discussion from before the composer (064). */
  contentFormat: ContentFormat;
  /**
   * The start of its plain text (markup markers gone, mentions as "@Name", no `<` or `>`), at
   * most DISCUSSION_EXCERPT_CHARS characters: what a card shows, so that a list page needs no
   * markup parser (docs/decisions/089).
   */
  excerpt: string;
  /** The author's full name, else the part of their email before the @, else 'Anonymous'. */
  author: string;
  authorId: string | null;
  /**
   * The author's profile is public: their name links to it and their avatar shows (issue 21).
   * A private member's avatar is served to nobody else.
   */
  authorIsPublic: boolean;
  authorAvatarUrl: string | null;
  createdAt: string;
  updatedAt: string;
  isPinned: boolean;
  isLocked: boolean;
  status: "active";
  /** Replies not deleted (docs/decisions/020). */
  replies: number;
  /** When the newest reply not deleted was posted; null without one. */
  lastReplyAt: string | null;
  /** That reply: the thread's "Jump to latest" opens its page. */
  lastReplyId: string | null;
  /**
   * True when the viewer blocked the author: the client collapses it (docs/decisions/031).
   * Absent otherwise, and always for visitors and staff.
   */
  authorBlocked?: boolean;
  /** Who wrote that reply (the display-name rule); null without one. */
  lastReplyAuthor: {
    name: string;
    /** Their id while their profile is public (their name links to it), else null. */
    publicId: string | null;
  } | null;
  /** When the title or content was last edited; null if never. */
  editedAt: string | null;
  /**
   * The last edit was someone else's, a moderator's or an admin's: shown as "Edited by a
   * moderator" instead of "edited" (docs/decisions/048).
   */
  editedByModerator: boolean;
  /**
   * The author is an admin, told to moderators only so they hide the Edit and Delete the
   * server would refuse them (docs/decisions/048). Absent otherwise.
   */
  authorIsAdmin?: true;
  /**
   * Hidden by a moderator (docs/decisions/027). Readers other than staff and the author get
   * the title `Hidden by a moderator` and an empty content.
   */
  hidden: boolean;
  /**
   * A new member's first post held for review (docs/decisions/034): only its author reads it,
   * marked "Awaiting review". Absent otherwise.
   */
  awaitingReview?: true;
  /**
   * Replies the signed-in reader has not seen (docs/decisions/071): "{n} new replies" on the
   * card. Absent for visitors and outside the forum's list.
   */
  unread?: number;
  /** Created since the reader's last visit and not opened yet: "New". Absent otherwise. */
  isNew?: true;
  /**
   * GET /api/discussions/{id} for a signed-in reader: where the thread opens (the first reply
   * they have not seen, below a "New" divider) and how many they have not seen.
   */
  readState?: { unread: number; firstUnreadReplyId: string | null };
  /**
   * GET /api/discussions/{id}: the opening post's reactions per kind, from everyone
   * (docs/decisions/075). Absent without any, where they are not shown (hidden, held), and in
   * lists.
   */
  reactions?: ReactionCounts;
};

/** GET /api/discussions: one page, pinned first then newest; `nextCursor` asks for the next. */
export type DiscussionPage = {
  items: DiscussionItem[];
  nextCursor: string | null;
};

export type ReplyChangeType = "created" | "edited" | "deleted";

/**
 * What the live stream (GET /api/discussions/events) sends on every change. A change to a
 * reply is an `updated` of its discussion (its count moved) that names the reply.
 */
export type DiscussionChange = {
  type: "created" | "updated" | "deleted" | "reacted";
  /** The discussion. */
  id: string;
  /** Only for a change to one of the discussion's replies. */
  reply?: { type: ReplyChangeType; id: string };
  /**
   * Only for `reacted` (docs/decisions/075): the post (null: the opening post) and its counts
   * now, which open pages patch in without a refetch. Numbers, never words.
   */
  reaction?: { replyId: string | null; counts: ReactionCounts };
};

// ---- replies (docs/decisions/020) --------------------------------------------------------

/** Who wrote a reply, by the display-name rule; id null once the account is gone. */
export type ReplyAuthor = {
  id: string | null;
  /** The full name, else the part of the email before the @, else 'Anonymous'. */
  displayName: string;
  /** Only while the author's profile is public (a private member's avatar is not served). */
  avatarUrl: string | null;
};

/** A member a reply mentions (a `@[label](id)` token of the content, shared/mentions.ts). */
export type ReplyMention = { id: string; displayName: string };

/**
 * A reply another reply quotes (`[quote=id]…[/quote]`, docs/decisions/064), in the same
 * discussion: who wrote it, or `hidden` when the reader may not read it (hidden, deleted, held,
 * or by a member they blocked), whose words the server then took out of the quote.
 */
export type QuotedReply =
  | { id: string; hidden: false; authorName: string }
  | { id: string; hidden: true };

/** One reply as a thread shows it. */
export type ReplyItem = {
  id: string;
  discussionId: string;
  /** Its number in posting order, site-wide: the reader's position reports it (decision 071). */
  seq: number;
  /** null for a deleted reply. */
  author: ReplyAuthor | null;
  /**
   * Decision 021's markup with its mention tokens and quotes (a quote the reader may not read
   * without its words, decision 064); empty for a deleted reply ("This reply was deleted.").
   */
  content: string;
  createdAt: string;
  /** Set by every edit; null when never edited. */
  editedAt: string | null;
  /** The last edit was a moderator's or an admin's: "Edited by a moderator" (docs/decisions/048). */
  editedByModerator: boolean;
  /** The author is an admin; told to moderators only (docs/decisions/048). Absent otherwise. */
  authorIsAdmin?: true;
  deleted: boolean;
  /**
   * Hidden by a moderator (docs/decisions/027): readers other than staff and the author get an
   * empty content and show `Hidden by a moderator`.
   */
  hidden: boolean;
  /**
   * The reply this one answers; its author's display name is null when that reply was
   * deleted.
   */
  replyTo: { id: string; authorDisplayName: string | null } | null;
  /** Mentioned members who are verified and public now; other tokens show as their label. */
  mentions: ReplyMention[];
  /** The replies its quotes name, in this discussion; absent when it quotes none. */
  quotes?: QuotedReply[];
  /** Held for review (docs/decisions/034): only its author reads it. Absent otherwise. */
  awaitingReview?: true;
  /** True when the viewer blocked the author (docs/decisions/031); absent otherwise. */
  authorBlocked?: boolean;
  /**
   * Reactions per kind, from everyone (docs/decisions/075), on a thread's pages. Absent without
   * any, where they are not shown (hidden, deleted, held), and elsewhere (a new reply has none).
   */
  reactions?: ReactionCounts;
};

/**
 * GET /api/discussions/{id}/replies: oldest first. `nextCursor` asks for the replies after
 * the last item, `prevCursor` for those before the first; null when there are none (a page
 * reached going forward always has a `prevCursor`, which may lead to an empty page).
 */
export type ReplyPage = {
  items: ReplyItem[];
  nextCursor: string | null;
  prevCursor: string | null;
};

/**
 * GET, PUT and DELETE /api/blocks/{memberId}: whether the viewer blocked that member
 * (docs/decisions/031). Only ever about the viewer's own blocks.
 */
export type BlockState = { blocked: boolean };

/** GET /api/site: public facts about this installation the client shows. */
export type SiteInfo = {
  name: string;
  privacyEmail: string;
  /** Months contact messages and completed data requests are kept (RETENTION_MONTHS). */
  retentionMonths: number;
};

/** GET /api/site/stats: the about section's numbers, counted in the database (decision 030). */
export type SiteStats = {
  /** Published blog posts. */
  posts: number;
  /** Replies anyone can read. */
  replies: number;
  /** Active discussions. */
  rants: number;
};

/** GET /api/site/pages/:slug and the CMS editor's answer. */
/** `updatedAt` is the current version's date; every save is a new version (decision 082). */
export type SitePage = { slug: SitePageSlug; content: string; updatedAt: string; version: number };

/**
 * GET /api/account/terms: the terms' current version, the one members must have accepted (the
 * newest material change), and what this member accepted and when (docs/decisions/082).
 */
export type TermsAcceptance = {
  current: number;
  required: number;
  accepted: number | null;
  acceptedAt: string | null;
};

/** GET /api/hero-words: the active words in display order. */
export type HeroWordsResponse = { words: Array<{ id: string; word: string }> };

/** A published blog post as lists show it. */
export type BlogPostSummary = {
  id: string;
  /** The post's address, /blog/{slug}: made from the title once, kept after edits. */
  slug: string;
  title: string;
  excerpt: string;
  /** Its category's name, or "Uncategorized" (docs/decisions/066). */
  category: string;
  /** Its category's slug; null for "Uncategorized". */
  categorySlug: string | null;
  readTimeMinutes: number;
  featured: boolean;
  /** ISO date-time. */
  publishedAt: string;
};

/** GET /api/blog-posts: published posts, newest first, one page at a time. */
export type BlogPostsPage = { posts: BlogPostSummary[]; nextCursor: string | null };

/** GET /api/blog-posts/{slug} (or an old {id}): one published post. */
export type BlogPostDetail = BlogPostSummary & {
  content: string;
  /** `markup`, or `plain` for a post from before the composer (docs/decisions/064). */
  contentFormat: ContentFormat;
  /** The author's full name; null when unknown. */
  authorName: string | null;
};

/** POST /api/newsletter: which of docs/product.md §4's three paths the address took. */
/**
 * POST /api/newsletter (docs/decisions/028): `check_email` is the one answer to anyone but a
 * signed-in member subscribing their own verified address, whatever state the address is in.
 */
export type NewsletterResult = {
  status: "subscribed" | "already_subscribed" | "reactivated" | "check_email";
};

/** POST /api/newsletter/confirm: the confirmation link's page. */
export type NewsletterConfirmResult = {
  status: "confirmed" | "already_subscribed";
  email: string;
};

/** A newsletter subscription's state; `none` when the address has no record. */
export type NewsletterStatus = "pending" | "active" | "inactive";

/** GET and PUT /api/newsletter/me: the signed-in member's own address on the list. */
export type MyNewsletter = { email: string; status: NewsletterStatus | "none" };

/** One row of the CMS Subscribers view (admins). */
export type NewsletterSubscriber = {
  id: string;
  email: string;
  status: NewsletterStatus;
  /** Whether a member subscribed it signed in (their own address). */
  member: boolean;
  createdAt: string;
  subscribedAt: string;
  confirmedAt: string | null;
};

/** GET /api/cms/newsletter/subscribers: counts by status (of the whole list), and a page. */
export type NewsletterSubscribersPage = {
  counts: Record<NewsletterStatus, number> & { total: number };
  subscribers: NewsletterSubscriber[];
  nextCursor: string | null;
};

/** How much of a post the newsletter carries: all of it, or its excerpt and a "Read more". */
export type NewsletterContent = "full" | "excerpt";

/** A post's newsletter send as the CMS shows it. */
export type NewsletterDelivery = {
  content: NewsletterContent;
  startedAt: string;
  /** Waiting, or in a sender's hands. */
  queued: number;
  sent: number;
  failed: number;
  /** The recipients' rows are still being made (counts still 0). */
  preparing: boolean;
};

/** POST /api/contact and POST /api/data-requests. */
export type ReceivedResponse = { id: string };

// ---- members and profiles (docs/architecture.md: an email only reaches its owner and admins) ----------

/** One card of GET /api/members. */
export type MemberSummary = {
  id: string;
  /** The full name, else the part of the email before the @. */
  displayName: string;
  /** Only for the member themselves and for admins; otherwise null. */
  email: string | null;
  avatarUrl: string | null;
  bio: string | null;
  location: string | null;
  role: Role;
  isPublic: boolean;
  discussionsCount: number;
  createdAt: string;
  lastActiveAt: string | null;
};

/** GET /api/members: one page; `total` (matches of the whole query) comes with the first page. */
export type MembersPage = {
  members: MemberSummary[];
  nextCursor: string | null;
  total: number | null;
};

/** GET /api/members/stats: the directory's counters, over public profiles. */
export type MemberStats = {
  totalMembers: number;
  admins: number;
  moderators: number;
  activeContributors: number;
};

/** docs/product.md §3 "Profile discussion item" (content: the first 300 characters). */
export type ProfileDiscussion = {
  id: string;
  title: string;
  content: string;
  isPinned: boolean;
  isLocked: boolean;
  createdAt: string;
};

export type PublicProfile = MemberSummary & {
  /** The profile's Comments stat: the member's replies anyone can read (docs/decisions/020). */
  repliesCount: number;
  /** Reactions to the member's discussions and replies, from everyone (docs/decisions/075). */
  reactionsReceived: number;
  fullName: string | null;
  website: string | null;
  socialTwitter: string | null;
  socialLinkedin: string | null;
};

/** GET /api/profiles/{id}: public profiles, or any profile for its owner and admins. */
export type ProfileResponse = {
  profile: PublicProfile;
  recentDiscussions: ProfileDiscussion[];
};

/** GET and PATCH /api/profiles/me: every field of the Edit Profile form. */
export type OwnProfile = {
  id: string;
  email: string;
  fullName: string | null;
  avatarUrl: string | null;
  bio: string | null;
  location: string | null;
  website: string | null;
  /** yyyy-mm-dd */
  dateOfBirth: string | null;
  isPublic: boolean;
  socialTwitter: string | null;
  socialLinkedin: string | null;
  updatedAt: string;
};

/** PUT /api/profiles/me/avatar */
export type AvatarResponse = { avatarUrl: string };

// ---- staff area (/cms), users and inbox -------------------------------------------------

/** GET /api/cms/overview: the Overview tab's cards. */
export type CmsOverview = {
  /** Published blog posts. */
  totalPosts: number;
  /** Active discussions. */
  discussions: number;
  /** Replies anyone can read: not deleted, in an active discussion (docs/decisions/020). */
  engagement: number;
  /** Data requests not completed, and those of them past their deadline: admins only. */
  dataRequests?: { open: number; overdue: number };
};

/** A blog post in the CMS list: drafts too. Times are ISO strings. */
export type CmsBlogPostSummary = {
  id: string;
  /** The post's address, /blog/{slug}: made from the title once, kept after edits. */
  slug: string;
  title: string;
  excerpt: string;
  /** Its category's name, or "Uncategorized" (docs/decisions/066). */
  category: string;
  /** Its category's slug; null for "Uncategorized". */
  categorySlug: string | null;
  status: "draft" | "published";
  featured: boolean;
  readTimeMinutes: number;
  /** Set the first time the post is published; null for a post never published. */
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Its newsletter send and delivery counts; null when never emailed. */
  newsletter: NewsletterDelivery | null;
};

/** GET /api/cms/blog-posts/{id}, and the answer to creating or editing one. */
export type CmsBlogPost = CmsBlogPostSummary & { content: string; contentFormat: ContentFormat };

/** GET /api/cms/blog-posts: newest created first. */
export type CmsBlogPostsPage = { posts: CmsBlogPostSummary[]; nextCursor: string | null };

/** A hero word as the CMS edits it. */
export type CmsHeroWord = { id: string; word: string; displayOrder: number; isActive: boolean };

/** GET /api/cms/hero-words: every word, active or not, in display order. */
export type CmsHeroWordsResponse = { words: CmsHeroWord[] };

/** One account in the CMS Users tab (admins only, so with the email). */
export type AdminUser = {
  id: string;
  email: string;
  fullName: string | null;
  /** The full name, else the part of the email before the @. */
  displayName: string;
  avatarUrl: string | null;
  role: Role;
  /** An authenticator app or a passkey (decisions 060, 063): only then is there one to reset. */
  secondFactor: boolean;
  createdAt: string;
};

/** GET /api/users: newest accounts first; `total` (all matches) comes with the first page. */
export type AdminUsersPage = {
  users: AdminUser[];
  nextCursor: string | null;
  total: number | null;
};

/** PUT /api/users/{id}/role */
export type RoleChangeResponse = { user: AdminUser; oldRole: Role | null };

/** GET /api/inbox/messages: one stored contact message. */
export type ContactMessageItem = {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: string;
};

export type ContactMessagesPage = { messages: ContactMessageItem[]; nextCursor: string | null };

export type DataRequestStatus = "pending" | "in_progress" | "completed";

/** GET /api/inbox/data-requests: one stored data request. */
export type DataRequestItem = {
  id: string;
  requestType: string;
  email: string;
  fullName: string;
  details: string | null;
  status: DataRequestStatus;
  createdAt: string;
  updatedAt: string;
  /** Whether a verified account has this address now. */
  matchedAccount: boolean;
  /** When the requester opened the link mailed to the address; null until then. */
  confirmedAt: string | null;
  /** The answer is due by then: received plus 30 days (docs/product.md §1.2). */
  deadline: string;
  /** Whole days until the deadline (negative once past it); counted by the server. */
  daysLeft: number;
  /** Past the deadline and not completed. */
  overdue: boolean;
  completedAt: string | null;
  completionNote: string | null;
  /** The form's spam defences tripped; kept and answered anyway (docs/decisions/034). */
  suspectedSpam: boolean;
};

/** POST /api/account/export when the data is too large to build at once: a link is mailed. */
export type ExportQueued = { status: "queued"; email: string };

export type DataRequestsPage = { requests: DataRequestItem[]; nextCursor: string | null };

/** GET /api/drafts/{place}: the viewer's own draft there (docs/decisions/065). */
export type Draft = {
  place: string;
  title: string | null;
  content: string;
  updatedAt: string;
};

/** POST /api/images: the stored image, for the composer's token (docs/decisions/065). */
export type UploadedPostImage = { id: string; width: number; height: number };
