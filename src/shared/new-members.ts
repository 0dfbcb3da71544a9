// Limits for new members (issue 17, docs/product.md §9.5, docs/decisions/031): an account under
// a day old, or with fewer than three posts, posts a little and links a little. Staff are exempt.

export const NEW_MEMBER_RULES = {
  /** An account younger than this is new... */
  accountAgeHours: 24,
  /** ...and so is one with fewer posts (discussions and replies anyone can read) than this. */
  minPosts: 3,
  discussionsPerHour: 3,
  repliesPerHour: 10,
  linksPerPost: 2,
} as const;

export const NEW_MEMBER_DISCUSSIONS_MESSAGE = `New members can start ${NEW_MEMBER_RULES.discussionsPerHour} discussions an hour. Please try again later.`;
export const NEW_MEMBER_REPLIES_MESSAGE = `New members can post ${NEW_MEMBER_RULES.repliesPerHour} replies an hour. Please try again later.`;
export const NEW_MEMBER_LINKS_MESSAGE = `New members can include at most ${NEW_MEMBER_RULES.linksPerPost} links in a post.`;

// What a reply turns into a link (docs/decisions/021): a bare http:// or https:// address.
// Discussions and blog posts use the same markup (docs/decisions/064).
const LINK = /\bhttps?:\/\/\S/gi;

/** How many web addresses `text` holds. */
export function countLinks(text: string): number {
  return text.match(LINK)?.length ?? 0;
}
