// What GET /api/search answers (issue 44, docs/decisions/074), and how a highlighted excerpt
// travels: ts_headline marks the matched words with two characters of Unicode's private use
// area, which the server removes from every text before it is headlined, so that no text can
// contain them. The client splits on them into strings and <mark> elements (never HTML:
// docs/decisions/021).

/** Starts a matched word in an excerpt or a title. */
export const MARK_START = "\uE000";
/** Ends it. */
export const MARK_END = "\uE001";

/** Discussions a page of results holds; blog posts and members show at most this many. */
export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_SIDE_RESULTS = 5;

export type HighlightPiece = { text: string; mark: boolean };

/**
 * A highlighted text in pieces, in order: `mark` where the search matched. A marker without its
 * partner marks to the end (or is dropped): never an error, never a marker shown.
 */
export function highlightPieces(text: string): HighlightPiece[] {
  const pieces: HighlightPiece[] = [];
  let mark = false;
  let current = "";
  for (const char of text) {
    if (char === MARK_START || char === MARK_END) {
      if (current) pieces.push({ text: current, mark });
      current = "";
      mark = char === MARK_START;
      continue;
    }
    current += char;
  }
  if (current) pieces.push({ text: current, mark });
  return pieces;
}

/** A discussion found: by its own words, or by one of its replies' (`reply` then names it). */
export type SearchDiscussionHit = {
  id: string;
  /** The title with the matched words between the markers. */
  title: string;
  /** A few lines around the best match, plain text with markers. */
  excerpt: string;
  category: { slug: string; name: string };
  /** The display-name rule's name; "Deleted member" once the account is gone. */
  author: string;
  createdAt: string;
  /** Replies not deleted, as the forum card counts them. */
  replies: number;
  /** The reply whose words matched best, when they did better than the discussion's own. */
  reply: { id: string; author: string; createdAt: string } | null;
  /** Where the result links: the discussion, or that reply's permalink. */
  path: string;
};

export type SearchBlogPostHit = {
  id: string;
  title: string;
  excerpt: string;
  publishedAt: string;
  path: string;
};

/** A public member found by name, bio or location. */
export type SearchMemberHit = {
  id: string;
  name: string;
  /** Bio or location with markers; empty when only the name matched. */
  excerpt: string;
  avatarUrl: string | null;
  path: string;
};

export type SearchResponse = {
  /** The query as it was searched (trimmed). */
  query: string;
  discussions: SearchDiscussionHit[];
  /** The next page of discussions (1-based), or null. */
  nextPage: number | null;
  /**
   * True when the query matched more than the ranking looks at: only the newest matches were
   * ranked (decision 074), and the page says so.
   */
  capped: boolean;
  /** On the first page only; empty on later pages. */
  blogPosts: SearchBlogPostHit[];
  members: SearchMemberHit[];
  /**
   * "Did you mean …": the query with a word replaced by a better-known one, when it found
   * nothing or little; null otherwise.
   */
  suggestion: string | null;
};
