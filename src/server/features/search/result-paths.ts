// Where a result links: the pages' addresses as the client's lib/paths.ts spells them (a server
// feature does not import the client; search.test.ts holds these to the addresses the pages
// answer at).
const encode = encodeURIComponent;

export const discussionPath = (id: string) => `/discussion/${encode(id)}`;
/** A reply's permalink: the discussion opened at that reply's page. */
export const replyPath = (id: string, replyId: string) =>
  `${discussionPath(id)}?reply=${encode(replyId)}`;
export const blogPostPath = (slug: string) => `/blog/${encode(slug)}`;
export const profilePath = (id: string) => `/profile/${encode(id)}`;
