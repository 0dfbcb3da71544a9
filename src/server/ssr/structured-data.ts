// schema.org structured data (JSON-LD) for the server-rendered pages, so that search engines
// read a discussion as a forum thread, a post as a blog post and a profile as a person, and
// offer the site search (/search) from their results. Built from the query cache the page was
// rendered from (page-data.ts): the data is exactly what the page shows, and a record the page
// could not find has none.
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { blogPostQueryOptions } from "@/client/features/blog/api/get-blog-post";
import { discussionQueryOptions } from "@/client/features/discussions/api/get-discussion";
import { profileQueryOptions } from "@/client/features/profiles/api/get-profile";
import { threadQueryOptions } from "@/client/features/replies/api/get-replies";
import { REPLY_PARAM } from "@/client/features/replies/hooks/use-reply-thread";
import { matchPath } from "@/client/lib/location";
import { paths, routePatterns } from "@/client/lib/paths";
import { jsonScript } from "@/server/lib/json-script";
import { canonicalUrl } from "@/server/lib/page-meta";
import type {
  BlogPostDetail,
  DiscussionItem,
  ProfileResponse,
  ReplyItem,
  ReplyPage,
} from "@/shared/api-types";
import { categoryPath } from "@/shared/category-paths";
import { plainText } from "@/shared/markup/plain-text";

type Site = { name: string; url: string };
type JsonLd = Record<string, unknown>;

const CONTEXT = "https://schema.org";
const COMMENT_ACTION = "https://schema.org/CommentAction";
const WRITE_ACTION = "https://schema.org/WriteAction";
/** The site search's query parameter (/search?q=…, issue 44). */
const SEARCH_PARAM = "q";

function organization(site: Site): JsonLd {
  return {
    "@type": "Organization",
    name: site.name,
    url: canonicalUrl(site.url, "/"),
    logo: new URL("/favicon.svg", site.url).href,
  };
}

function homePage(site: Site): JsonLd[] {
  const search = new URL(routePatterns.search, site.url);
  return [
    {
      "@context": CONTEXT,
      "@type": "WebSite",
      name: site.name,
      url: canonicalUrl(site.url, "/"),
      potentialAction: {
        "@type": "SearchAction",
        target: {
          "@type": "EntryPoint",
          // The braces are the template's placeholder, so they are not percent-encoded.
          urlTemplate: `${search.href}?${SEARCH_PARAM}={search_term_string}`,
        },
        "query-input": "required name=search_term_string",
      },
    },
    { "@context": CONTEXT, ...organization(site) },
  ];
}

function comment(reply: ReplyItem, threadUrl: string): JsonLd | null {
  // A hidden reply is no content for search engines, whoever the page was rendered for (046).
  if (reply.deleted || reply.hidden || !reply.author) return null;
  return {
    "@type": "Comment",
    url: `${threadUrl}?${REPLY_PARAM}=${encodeURIComponent(reply.id)}`,
    // The plain text, without markup or mention tokens (docs/decisions/064).
    text: plainText(reply.content, "markup"),
    datePublished: reply.createdAt,
    ...(reply.editedAt ? { dateModified: reply.editedAt } : {}),
    author: { "@type": "Person", name: reply.author.displayName },
  };
}

function discussionPage(
  queryClient: QueryClient,
  site: Site,
  id: string,
  params: URLSearchParams,
): JsonLd[] {
  const discussion = queryClient.getQueryData<DiscussionItem>(discussionQueryOptions(id).queryKey);
  // A hidden discussion is no content for search engines, whoever the page was rendered for.
  if (!discussion || discussion.hidden) return [];
  const url = canonicalUrl(site.url, `/discussion/${discussion.id}`);
  const thread = queryClient.getQueryData<InfiniteData<ReplyPage>>(
    threadQueryOptions(id, params.get(REPLY_PARAM)).queryKey,
  );
  const comments = (thread?.pages ?? [])
    .flatMap((page) => page.items)
    .map((reply) => comment(reply, url))
    .filter((item) => item !== null);
  return [
    {
      "@context": CONTEXT,
      "@type": "DiscussionForumPosting",
      "@id": url,
      url,
      headline: discussion.title,
      text: plainText(discussion.content, discussion.contentFormat),
      datePublished: discussion.createdAt,
      dateModified: discussion.updatedAt,
      author: { "@type": "Person", name: discussion.author },
      interactionStatistic: {
        "@type": "InteractionCounter",
        interactionType: COMMENT_ACTION,
        userInteractionCount: discussion.replies,
      },
      // Its category (issue 41): what it is about, and the page that lists it.
      about: { "@type": "Thing", name: discussion.category.name },
      isPartOf: {
        "@type": "CollectionPage",
        name: discussion.category.name,
        url: canonicalUrl(site.url, categoryPath(discussion.category.slug)),
      },
      // Its tags (docs/decisions/067), as schema.org's comma-separated keywords.
      ...(discussion.tags.length ? { keywords: discussion.tags.join(", ") } : {}),
      ...(comments.length ? { comment: comments } : {}),
    },
  ];
}

function blogPostPage(queryClient: QueryClient, site: Site, slug: string): JsonLd[] {
  const post = queryClient.getQueryData<BlogPostDetail>(blogPostQueryOptions(slug).queryKey);
  if (!post) return [];
  const url = canonicalUrl(site.url, `/blog/${post.slug}`);
  return [
    {
      "@context": CONTEXT,
      "@type": "BlogPosting",
      "@id": url,
      url,
      mainEntityOfPage: url,
      headline: post.title,
      description: post.excerpt,
      articleSection: post.category,
      datePublished: post.publishedAt,
      image: new URL("/og-image.png", site.url).href,
      author: post.authorName ? { "@type": "Person", name: post.authorName } : organization(site),
      publisher: organization(site),
    },
  ];
}

function profilePage(queryClient: QueryClient, site: Site, id: string): JsonLd[] {
  const answer = queryClient.getQueryData<ProfileResponse>(profileQueryOptions(id).queryKey);
  // A private profile is its owner's and the admins' to see: nothing about it for search.
  if (!answer?.profile.isPublic) return [];
  const { profile } = answer;
  const url = canonicalUrl(site.url, `/profile/${profile.id}`);
  return [
    {
      "@context": CONTEXT,
      "@type": "ProfilePage",
      "@id": url,
      url,
      dateCreated: profile.createdAt,
      mainEntity: {
        "@type": "Person",
        name: profile.displayName,
        identifier: profile.id,
        url,
        ...(profile.bio ? { description: profile.bio } : {}),
        ...(profile.avatarUrl ? { image: new URL(profile.avatarUrl, site.url).href } : {}),
        ...(profile.location ? { homeLocation: { "@type": "Place", name: profile.location } } : {}),
        agentInteractionStatistic: {
          "@type": "InteractionCounter",
          interactionType: WRITE_ACTION,
          userInteractionCount: profile.discussionsCount + profile.repliesCount,
        },
      },
    },
  ];
}

/** The JSON-LD objects for the page at `pathname`, from the data it was rendered with. */
export function structuredData(
  queryClient: QueryClient,
  site: Site,
  pathname: string,
  search: string,
): JsonLd[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === paths.home) return homePage(site);
  const param = (pattern: string, name: string) => matchPath(pattern, path)?.[name] ?? null;
  const discussion = param(routePatterns.discussion, "id");
  if (discussion !== null) {
    return discussionPage(queryClient, site, discussion, new URLSearchParams(search));
  }
  const slug = param(routePatterns.blogPost, "slug");
  if (slug !== null) return blogPostPage(queryClient, site, slug);
  const profile = param(routePatterns.profile, "id");
  if (profile !== null && path !== paths.profileEdit)
    return profilePage(queryClient, site, profile);
  return [];
}

/** The objects as `<script type="application/ld+json">` elements. */
export function structuredDataScripts(items: JsonLd[]): string {
  return items.map((item) => jsonScript("application/ld+json", item)).join("");
}
