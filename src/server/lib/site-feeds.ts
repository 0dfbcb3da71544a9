// The site's two feeds, named once: their routes (features/blog-posts/feed.ts,
// features/discussions/feed.ts) and the <link rel="alternate"> every page's head carries
// (page-meta.ts) read them from here.
export type SiteFeed = { path: string; page: string; title(siteName: string): string };

export const SITE_FEEDS = {
  blog: { path: "/blog/rss.xml", page: "/blog", title: (siteName) => `${siteName} blog` },
  discussions: {
    path: "/discussion/rss.xml",
    page: "/discussion",
    title: (siteName) => `${siteName} discussions`,
  },
} as const satisfies Record<string, SiteFeed>;
