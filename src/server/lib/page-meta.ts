// Per-route <title>, description, Open Graph and Twitter tags, filled in on the server so that
// link previews and search engines see them without running JavaScript. Every page also names
// the site's two RSS feeds (docs/decisions/024).
import { escapeHtml } from "./escape-html";
import { SITE_FEEDS } from "./site-feeds";

export type PageMeta = {
  title: string;
  description: string;
  /** False for the not-found page: the shell is served with status 404. */
  found: boolean;
  /** Pages of one person's account (links with tokens, settings): never in search results. */
  noindex?: boolean;
  /**
   * The page lives at this path now (a blog post's old /blog/{id}): answered 301 to it, with
   * the query string kept, instead of the shell.
   */
  movedTo?: string;
};

const DEFAULT_DESCRIPTION =
  "A community for honest opinions and rants: read the blog, join the discussion, meet the members.";

const FIXED: Record<string, { title: string; description?: string; noindex?: boolean }> = {
  "/": { title: "" },
  "/team": { title: "Team", description: "The people behind the blog and its community." },
  "/contact": { title: "Contact", description: "Get in touch. We reply within 24 hours." },
  "/blog": {
    title: "Blog",
    description: "Latest posts: rants, observations and unpopular opinions.",
  },
  "/about": { title: "About", description: "About this blog and the person who writes it." },
  "/posts": {
    title: "Latest posts",
    description: "The newest posts: rants, life observations and unpopular opinions.",
  },
  "/discussion": {
    title: "Discussion forum",
    description: "Browse, search and start discussions.",
  },
  "/members": { title: "Community Members", description: "Meet the members of the community." },
  // A page per query is no content of its own (issue 44): ssr/search-page-meta.ts titles it.
  "/search": {
    title: "Search",
    description: "Search the discussions, their replies, the blog and the members.",
    noindex: true,
  },
  "/auth": { title: "Sign in" },
  "/auth/confirm": { title: "Confirm your email", noindex: true },
  "/auth/forgot-password": { title: "Forgot password" },
  "/auth/reset-password": { title: "Reset password", noindex: true },
  "/settings": { title: "Account settings", noindex: true },
  "/settings/email": { title: "Confirm email change", noindex: true },
  "/settings/email/undo": { title: "Undo email change", noindex: true },
  "/settings/data-export": { title: "Download your data", noindex: true },
  "/settings/two-factor/reset": { title: "Reset two-factor authentication", noindex: true },
  "/data-request/confirm": { title: "Confirm your data request", noindex: true },
  // A visitor's report of a post (docs/decisions/079): one per post, none worth indexing.
  "/report": { title: "Report content", noindex: true },
  "/report/confirm": { title: "Confirm your report", noindex: true },
  "/notifications": { title: "Notifications", noindex: true },
  "/bookmarks": { title: "Bookmarks", noindex: true },
  "/welcome": { title: "Welcome", noindex: true },
  "/notifications/unsubscribe": { title: "Unsubscribe from notification emails", noindex: true },
  "/digest/unsubscribe": { title: "Unsubscribe from the digest", noindex: true },
  "/moderation": {
    title: "Moderation",
    description: "What moderators hid, deleted or edited and whom they suspended, and why.",
  },
  "/privacy": { title: "Privacy policy", description: "How we handle your data under UK GDPR." },
  "/terms": { title: "Terms of Service", description: "The rules for using this site." },
  "/online-safety": {
    title: "Online safety",
    description:
      "How to report content and complain, who is accountable, and each month's moderation figures.",
  },
  // The complaints procedure (docs/decisions/081).
  "/complaints": {
    title: "Make a complaint",
    description:
      "Complain about content, a moderation decision or how the site meets its online safety duties.",
  },
  "/data-request": {
    title: "Data request",
    description: "Use your UK GDPR rights: access, correct, delete or move your data.",
  },
  "/newsletter/confirm": { title: "Confirm your subscription", noindex: true },
  "/newsletter/unsubscribe": {
    title: "Unsubscribe from the newsletter",
    description: "Stop receiving the newsletter.",
  },
  "/rotating-text-showcase": {
    title: "Rotating text showcase",
    description: "Design demo: five ways to rotate the hero's word.",
  },
  "/header-showcase": {
    title: "Header showcase",
    description: "Design demo: ten header designs for the site.",
  },
  "/cms": { title: "Content management" },
  "/profile/edit": { title: "Edit Profile" },
};

const PATTERNS: Array<{ pattern: RegExp; title: string }> = [
  { pattern: /^\/discussion\/[^/]+$/, title: "Discussion" },
  { pattern: /^\/profile\/[^/]+$/, title: "Profile" },
  { pattern: /^\/blog\/[^/]+$/, title: "Blog post" },
];

/**
 * Metadata for a path that names a record (a discussion, a profile): the feature that owns the
 * record answers for its paths and returns null for every other path.
 */
export type PageMetaResolver = (pathname: string, search?: string) => Promise<PageMeta | null>;

/** The first resolver's answer, else the fixed metadata of the path. */
export async function resolvePageMeta(
  pathname: string,
  resolvers: readonly PageMetaResolver[],
  search = "",
): Promise<PageMeta> {
  for (const resolve of resolvers) {
    const meta = await resolve(pathname, search);
    if (meta) return meta;
  }
  return fixedPageMeta(pathname);
}

/** The fixed metadata for a path; features with records (discussions, profiles) refine it. */
export function fixedPageMeta(pathname: string): PageMeta {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const fixed = FIXED[normalised];
  if (fixed) {
    return {
      title: fixed.title,
      description: fixed.description ?? DEFAULT_DESCRIPTION,
      found: true,
      ...(fixed.noindex ? { noindex: true } : {}),
    };
  }
  const match = PATTERNS.find(({ pattern }) => pattern.test(normalised));
  if (match) return { title: match.title, description: DEFAULT_DESCRIPTION, found: true };
  return { title: "Page not found", description: DEFAULT_DESCRIPTION, found: false };
}

/**
 * The page's address for canonical and og:url links: SITE_URL's origin and the route's path
 * with one slash between segments and none at the end. Never resolved as a URL against the
 * site: `//evil.example/phish` would resolve to another host.
 */
export function canonicalUrl(siteUrl: string, pathname: string): string {
  const path = `/${pathname}`.replace(/\/{2,}/g, "/");
  return `${new URL(siteUrl).origin}${path.length > 1 ? path.replace(/\/$/, "") : path}`;
}

/** The SPA shell with `meta` written into its head. */
export function renderShell(
  shell: string,
  meta: PageMeta,
  site: { name: string; url: string; pathname: string },
): string {
  const title = meta.title ? `${meta.title} · ${site.name}` : site.name;
  const canonical = canonicalUrl(site.url, site.pathname);
  const image = new URL("/og-image.png", site.url).href;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    `<meta property="og:site_name" content="${escapeHtml(site.name)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:url" content="${escapeHtml(canonical)}">`,
    `<meta property="og:image" content="${escapeHtml(image)}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${escapeHtml(title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}">`,
    `<meta name="twitter:image" content="${escapeHtml(image)}">`,
    ...Object.values(SITE_FEEDS).map(
      (feed) =>
        `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(feed.title(site.name))}" href="${escapeHtml(canonicalUrl(site.url, feed.path))}">`,
    ),
    ...(meta.found && !meta.noindex ? [] : [`<meta name="robots" content="noindex">`]),
  ].join("\n    ");
  // The last replacement is a function, not a string: in a replacement string `$'`, `$\`` and
  // `$&` (which a title may well contain) would splice copies of the shell into the page.
  return shell
    .replace(/<title>[\s\S]*?<\/title>/, "")
    .replace(/<meta name="description"[^>]*>/, "")
    .replace("</head>", () => `    ${tags}\n  </head>`);
}
