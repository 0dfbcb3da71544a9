// The query-key roots that more than one feature reads or invalidates. Every query of a family
// starts with its root, so one invalidation of the root refreshes all of them, whichever
// feature wrote. A key that a single feature uses stays in that feature's api file; the
// session's lives with the session (lib/session/get-session.ts).

/** The forum's lists and pages, the CMS list: a write or a live event refreshes all of them. */
export const discussionsQueryKey = ["discussions"] as const;

/** The home page's latest posts, /blog and its posts, the CMS list and editor. */
export const blogPostsQueryKey = ["blog-posts"] as const;

/** The home hero's words and the CMS Hero Words tab. */
export const heroWordsQueryKey = ["hero-words"] as const;

/** The members directory and its stats: names, avatars and role badges change with profiles. */
export const membersQueryKey = ["members"] as const;

/** The CMS overview's counts: blog and discussion writes change them. */
export const cmsOverviewQueryKey = ["cms", "overview"] as const;

/** Profile pages and the member's own profile: a profile save or a role change refreshes them. */
export const profilesQueryKey = ["profiles"] as const;

/**
 * Every discussion's replies (features/replies/api/get-replies.ts starts each thread's key with
 * it): blocking or unblocking a member changes how their replies show everywhere.
 */
export const repliesRootQueryKey = ["replies"] as const;

/** The forum's categories: the forum, the home page's cards, the CMS Categories tab. */
export const categoriesQueryKey = ["categories"] as const;

/** The forum's tags (docs/decisions/067): the composer's suggestions, the filter, the CMS. */
export const tagsQueryKey = ["tags"] as const;
