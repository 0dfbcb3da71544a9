// Business constants and limits (docs/product.md §9). One place, imported by server and client.

export { CONTACT_REPLY_HOURS, CONTACT_SEND_DELAY_MS, SKELETON_CARDS } from "./home-page-constants";
// The limits, the contact form's timings and the skeletons' count live in small modules of their
// own: the home page's contact form and latest posts need them, and this grab bag would come
// whole with them into the home page's first download (its 100 KB budget).
export { LIMITS } from "./limits";

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE_PX = 256;

export const DATE_OF_BIRTH_MIN = "1900-01-01";

export const SHOWCASE_TIMING = {
  rotationMs: [2_500, 3_000],
  typewriterTypeMs: 100,
  typewriterEraseMs: 50,
  typewriterPauseMs: 1_500,
} as const;

export const DATA_REQUEST_RESPONSE_DAYS = 30;

/** The word a member types to delete their account (docs/product.md §2.14). */
export const DELETE_CONFIRMATION_WORD = "DELETE";

/** How long a data export's download link works (docs/decisions/029). */
export const EXPORT_LINK_DAYS = 7;

export const READ_CHARS_PER_MINUTE = 200;

/** Minutes to read `content` at docs/product.md §9's 200 characters a minute, rounded up. */
export function readTimeMinutes(content: string): number {
  return Math.ceil(content.length / READ_CHARS_PER_MINUTE);
}

export const PROFILE_RECENT_DISCUSSIONS = 10;
/** Members directory sorts (docs/product.md §2 Members); `recent` is the default. */
export const MEMBER_SORTS = ["recent", "oldest", "discussions", "name"] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];
export const MEMBERS_PAGE_SIZE = 24;
/** last_active_at is written at most this often per member. */
export const LAST_ACTIVE_INTERVAL_MINUTES = 5;
export const DATE_RANGES = ["all", "24h", "7d", "30d"] as const;
/**
 * Forum sorts (docs/product.md §4.6): `newest` (the default) is pinned first then newest;
 * `activity` ("Latest activity") is pinned first then by the last reply, else the creation.
 */
/** `top`: by the period's score (docs/decisions/075), with `period`; the others by time. */
export const DISCUSSION_SORTS = ["newest", "activity", "top"] as const;
export type DiscussionSort = (typeof DISCUSSION_SORTS)[number];
/** Replies under a discussion, oldest first, a page at a time (docs/product.md §9.3). */
export const REPLIES_PAGE_SIZE = 50;
/** Members one reply can mention; further mention tokens stay plain text. */
export const MAX_MENTIONS_PER_REPLY = 20;
export type DateRange = (typeof DATE_RANGES)[number];

export const SHARE_POPUP = { width: 600, height: 400 } as const;
export const SHARE_EMAIL_CHARS = 150;
/**
 * A discussion's excerpt in lists (`DiscussionItem.excerpt`): enough for a card's two lines at
 * its widest and the share mail's 150, without the whole text of every card in the page.
 */
export const DISCUSSION_EXCERPT_CHARS = 300;
export const META_DISCUSSION_DESCRIPTION_CHARS = 200;
export const META_PROFILE_DESCRIPTION_CHARS = 150;

export const DEFAULT_BLOG_CATEGORY = "Uncategorized";
export const BLOG_STATUSES = ["draft", "published"] as const;

export const DATA_REQUEST_TYPES = [
  { value: "access", label: "Access my data", article: "Article 15" },
  { value: "rectification", label: "Correct my data", article: "Article 16" },
  { value: "erasure", label: "Delete my data", article: "Article 17" },
  { value: "restriction", label: "Restrict processing", article: "Article 18" },
  { value: "portability", label: "Data portability", article: "Article 20" },
  { value: "objection", label: "Object to processing", article: "Article 21" },
] as const;

export const DATA_REQUEST_STATUSES = ["pending", "in_progress", "completed"] as const;

/**
 * What members see in place of the name of an author whose account is gone: erased, by the
 * member or from a data request (docs/product.md §3.4, §4.13).
 */
export const ANONYMOUS_NAME = "Deleted member";

/** The pages staff write in the CMS (docs/decisions/030). */
export const SITE_PAGE_SLUGS = ["terms"] as const;
export type SitePageSlug = (typeof SITE_PAGE_SLUGS)[number];

// Kept in modules of their own so that the first page load does not carry every constant.
export { HERO_TIMING } from "./hero-timing";
export { THEME_COOKIE, THEMES, type Theme } from "./theme";
