// The queries a page's components ask for on their first render, filled before the server
// renders it (docs/decisions/025). Keys come from the client's own queryOptions factories and the
// answers from the functions the JSON API calls, passed through JSON as the API sends them: the
// browser's first render then finds exactly what its fetch would have brought. A query left out
// here renders its loading state on both sides (less HTML, no mismatch).
import type { QueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { pendingConfirmationQueryOptions } from "@/client/features/account/api/get-pending-confirmation";
import { blogPostQueryOptions } from "@/client/features/blog/api/get-blog-post";
import {
  BLOG_LIST_PAGE_SIZE,
  blogPostPagesQueryOptions,
} from "@/client/features/blog/api/get-blog-post-pages";
import {
  LATEST_POSTS_COUNT,
  latestPostsQueryOptions,
} from "@/client/features/blog/api/get-blog-posts";
import { bookmarksQueryOptions } from "@/client/features/bookmarks/api/get-bookmarks";
import { discussionQueryOptions } from "@/client/features/discussions/api/get-discussion";
import {
  type DiscussionFilters,
  discussionsApiPath,
  discussionsQueryOptions,
} from "@/client/features/discussions/api/get-discussions";
import { discussionFiltersFrom } from "@/client/features/discussions/hooks/use-discussion-filters";
import { heroWordsQueryOptions } from "@/client/features/home/api/get-hero-words";
import { siteStatsQueryOptions } from "@/client/features/home/api/get-site-stats";
import { memberStatsQueryOptions } from "@/client/features/members/api/get-member-stats";
import { membersApiPath, membersQueryOptions } from "@/client/features/members/api/get-members";
import { memberFiltersFrom } from "@/client/features/members/hooks/use-member-filters";
import { moderationLogQueryOptions } from "@/client/features/moderation/api/get-moderation-log";
import { unreadCountQueryOptions } from "@/client/features/notifications/api/get-unread-count";
import { onlineSafetyPublicQueryOptions } from "@/client/features/online-safety/api/get-online-safety-public";
import { siteInfoQueryOptions } from "@/client/features/privacy/api/get-site-info";
import { profileQueryOptions } from "@/client/features/profiles/api/get-profile";
import { threadQueryOptions } from "@/client/features/replies/api/get-replies";
import { REPLY_PARAM } from "@/client/features/replies/hooks/use-reply-thread";
import { searchQueryOptions } from "@/client/features/search/api/get-search";
import { searchInputFrom } from "@/client/features/search/hooks/use-search-input";
import { sitePageQueryOptions } from "@/client/features/site-pages/api/get-site-page";
import { ApiError } from "@/client/lib/api-client";
import { categoriesQueryOptions } from "@/client/lib/categories";
import { matchPath } from "@/client/lib/location";
import { paths, routePatterns } from "@/client/lib/paths";
import { sessionQueryOptions } from "@/client/lib/session/get-session";
import {
  INVALID_CONFIRMATION_MESSAGE,
  pendingConfirmation,
} from "@/server/auth/confirmation-routes";
import { sessionResponse } from "@/server/auth/session-response";
import type { Viewer } from "@/server/auth/viewer";
import type { Db } from "@/server/db/client";
import { listCategories } from "@/server/domain/categories/categories";
import { type ListQuery, listQuerySchema } from "@/server/domain/discussions/list-query";
import type { ReadPositionBuffer } from "@/server/domain/reading/position-buffer";
import type { Env } from "@/server/env";
import { postAddress } from "@/server/features/blog-posts/post-address";
import { findPublishedPost, listPublishedPosts } from "@/server/features/blog-posts/queries";
import { listBookmarks } from "@/server/features/bookmarks/queries";
import { discussionListResponse, discussionResponse } from "@/server/features/discussions/reads";
import { activeHeroWords } from "@/server/features/hero-words/queries";
import { memberStats } from "@/server/features/members/member-stats";
import { membersQuerySchema, membersResponse } from "@/server/features/members/routes";
import { PUBLIC_LOG_PAGE_SIZE, publicModerationLog } from "@/server/features/moderation/public-log";
import { unreadCount } from "@/server/features/notifications/queries";
import { profilePage } from "@/server/features/profiles/find-profile";
import { replyListQuerySchema, replyPageResponse } from "@/server/features/replies/reads";
import { searchResponse } from "@/server/features/search/reads";
import { countSearch } from "@/server/features/search/routes";
import { onlineSafetyPublic } from "@/server/features/site/online-safety";
import { siteInfo, sitePage, siteStats } from "@/server/features/site/routes";
import { HttpError } from "@/server/lib/http-error";
import { TEXT_ID } from "@/server/lib/ids";
import type { RateLimiter } from "@/server/lib/rate-limit";
import { validQuery } from "@/server/lib/validate";
import { BOOKMARKS_PAGE_SIZE } from "@/shared/bookmarks";
import { confirmationTokenQuerySchema } from "@/shared/schemas";

export type PageDataContext = {
  db: Db;
  env: Env;
  viewer: Viewer | null;
  /** Positions waiting to be written: a member's page reads theirs written (decision 071). */
  readPositions: ReadPositionBuffer;
  /** A search rendered on the server counts as one through the API does (issue 44). */
  rateLimiter: RateLimiter;
  clientIp: string;
};

/** What loading a page's data found out: its record is missing (the page answers 404). */
export type PageDataResult = { notFound: boolean };

/** Exactly what the browser gets from the API: JSON, no Date objects or undefined fields. */
const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The API's 404 for a missing record, as the browser's api client turns it into an error. */
const notFound = (message: string) => new ApiError(404, "NOT_FOUND", message);

type Fill = Promise<boolean>;

/**
 * Fills one query with `load`'s answer; null stores the API's 404 as the query's error, as the
 * browser would have it after its fetch. Resolves whether the record was found.
 */
async function fillQuery<T>(
  queryClient: QueryClient,
  queryKey: readonly unknown[],
  load: () => Promise<T | null>,
  missing: string,
): Fill {
  let found = true;
  await queryClient.prefetchQuery({
    queryKey,
    queryFn: async () => {
      const value = await load();
      if (value === null) {
        found = false;
        throw notFound(missing);
      }
      return asJson(value);
    },
  });
  return found;
}

/** The first page of an infinite query, with the page parameter the browser starts from. */
function fillFirstPage<T>(
  queryClient: QueryClient,
  queryKey: readonly unknown[],
  firstPageParam: unknown,
  page: T,
): void {
  queryClient.setQueryData(queryKey, { pages: [asJson(page)], pageParams: [firstPageParam] });
}

/** The API's reading of the query string the browser's fetch would send, or null for its 400. */
function apiQuery<S extends z.ZodType>(schema: S, apiPath: string): z.output<S> | null {
  const search = new URL(apiPath, "http://localhost").searchParams;
  return validQuery(schema, Object.fromEntries(search));
}

/** The home page's and /posts's latest posts. */
function latestPosts(queryClient: QueryClient, { db }: PageDataContext): Fill {
  return fillQuery(
    queryClient,
    latestPostsQueryOptions().queryKey,
    () => listPublishedPosts(db, { limit: LATEST_POSTS_COUNT }),
    "",
  );
}

/** The about section's numbers (docs/decisions/030): on the home page and /about. */
function aboutStats(queryClient: QueryClient, { db }: PageDataContext): Fill {
  return fillQuery(queryClient, siteStatsQueryOptions().queryKey, () => siteStats(db), "");
}

async function homePage(queryClient: QueryClient, context: PageDataContext): Promise<void> {
  await Promise.all([
    // The categories' cards, with their counts (issue 41).
    fillQuery(
      queryClient,
      categoriesQueryOptions().queryKey,
      async () => ({ categories: await listCategories(context.db) }),
      "",
    ),
    fillQuery(queryClient, heroWordsQueryOptions().queryKey, () => activeHeroWords(context.db), ""),
    latestPosts(queryClient, context),
    aboutStats(queryClient, context),
  ]);
}

async function blogPage(queryClient: QueryClient, { db }: PageDataContext): Promise<void> {
  const options = blogPostPagesQueryOptions();
  const page = await listPublishedPosts(db, { limit: BLOG_LIST_PAGE_SIZE });
  fillFirstPage(queryClient, options.queryKey, options.initialPageParam, page);
}

function blogPostPage(queryClient: QueryClient, { db }: PageDataContext, slug: string): Fill {
  const address = postAddress(slug);
  return fillQuery(
    queryClient,
    blogPostQueryOptions(slug).queryKey,
    async () => (address ? findPublishedPost(db, address) : null),
    "Post not found",
  );
}

/**
 * The list's first page as the browser would have it: its page, or, where the API answers 404
 * (an unknown category or tag in the query string), that answer as the query's error.
 */
async function fillList(
  queryClient: QueryClient,
  { db, viewer, readPositions }: PageDataContext,
  filters: DiscussionFilters,
  query: ListQuery,
): Promise<void> {
  const options = discussionsQueryOptions(filters);
  try {
    const page = await discussionListResponse({ db, readPositions }, query, viewer);
    fillFirstPage(queryClient, options.queryKey, options.initialPageParam, page);
  } catch (error) {
    // A filter only members have (Unread, New) is 401 to a visitor, as from the API.
    if (!(error instanceof HttpError && (error.status === 404 || error.status === 401))) {
      throw error;
    }
    await queryClient.prefetchInfiniteQuery({
      ...options,
      queryFn: () => {
        throw notFound(error.message);
      },
    });
  }
}

async function discussionsPage(
  queryClient: QueryClient,
  context: PageDataContext,
  params: URLSearchParams,
): Promise<void> {
  const filters = discussionFiltersFrom(params);
  const query = apiQuery(listQuerySchema, discussionsApiPath(filters, null));
  // A query the API refuses (400) is the browser's to show, as it always was.
  if (!query) return;
  await fillList(queryClient, context, filters, query);
}

async function discussionPage(
  queryClient: QueryClient,
  { db, viewer, readPositions }: PageDataContext,
  id: string,
  params: URLSearchParams,
): Fill {
  const discussion = await discussionResponse({ db, readPositions }, id, viewer);
  const found = await fillQuery(
    queryClient,
    discussionQueryOptions(id).queryKey,
    async () => discussion,
    "Discussion not found",
  );
  if (!discussion) return found;
  // The thread from its start, the page of the reply a permalink names, or a member's first
  // unread reply (decision 071, as the browser's useReplyThread opens it); a reply the thread
  // does not have is the browser's to handle (it falls back to the start with a notice).
  const anchor = params.get(REPLY_PARAM) ?? discussion.readState?.firstUnreadReplyId ?? null;
  const options = threadQueryOptions(id, anchor);
  const query = apiQuery(
    replyListQuerySchema,
    anchor ? `/?around=${encodeURIComponent(anchor)}` : "/",
  );
  if (!query) return found;
  const page = await replyPageResponse(db, discussion.id, query, viewer);
  if (page) fillFirstPage(queryClient, options.queryKey, options.initialPageParam, page);
  return found;
}

/**
 * A category's page (issue 41): the categories (its name, description and count come from
 * there) and the first page of its discussions. Null when no category has that slug.
 */
async function categoryPage(
  queryClient: QueryClient,
  context: PageDataContext,
  slug: string,
  params: URLSearchParams,
): Fill {
  const categories = await listCategories(context.db);
  await fillQuery(queryClient, categoriesQueryOptions().queryKey, async () => ({ categories }), "");
  if (!categories.some((category) => category.slug === slug)) return false;
  const filters = discussionFiltersFrom(params, slug);
  const query = apiQuery(listQuerySchema, discussionsApiPath(filters, null));
  if (!query) return true;
  await fillList(queryClient, context, filters, query);
  return true;
}

async function membersPage(
  queryClient: QueryClient,
  { db, viewer }: PageDataContext,
  params: URLSearchParams,
): Promise<void> {
  const filters = memberFiltersFrom(params);
  const query = apiQuery(membersQuerySchema, membersApiPath(filters, null));
  const options = membersQueryOptions(filters);
  await Promise.all([
    fillQuery(queryClient, memberStatsQueryOptions().queryKey, () => memberStats(db), ""),
    query
      ? membersResponse(db, viewer, query).then((page) =>
          fillFirstPage(queryClient, options.queryKey, options.initialPageParam, page),
        )
      : null,
  ]);
}

/**
 * The search page's results (issue 44), counted like the API's searches; a query the server
 * refuses (400: too long, no word, a bad date or page) or too many searches (429) is the query's
 * error, which the page shows beside its form, as the browser's fetch would have it.
 */
async function searchPage(
  queryClient: QueryClient,
  { db, viewer, rateLimiter, clientIp }: PageDataContext,
  params: URLSearchParams,
): Promise<void> {
  const input = searchInputFrom(params);
  // No query: the form alone, nothing to ask.
  if (!input.q) return;
  const { queryKey } = searchQueryOptions(input);
  try {
    await countSearch(rateLimiter, viewer, clientIp);
    const results = await searchResponse(db, viewer, { q: input.q, page: String(input.page) });
    queryClient.setQueryData(queryKey, asJson(results));
  } catch (error) {
    if (!(error instanceof HttpError && (error.status === 400 || error.status === 429))) {
      throw error;
    }
    await queryClient.prefetchQuery({
      queryKey,
      queryFn: () => {
        throw new ApiError(error.status, error.code, error.message);
      },
    });
  }
}

function profilePageData(
  queryClient: QueryClient,
  { db, viewer }: PageDataContext,
  id: string,
): Fill {
  return fillQuery(
    queryClient,
    profileQueryOptions(id).queryKey,
    async () => (TEXT_ID.test(id) ? profilePage(db, viewer, id) : null),
    "Profile not found",
  );
}

/**
 * The confirmation link's page (decision 061): whose account the link finishes, or the API's 400
 * for a dead link, so that the page and its form work before (and without) the scripts.
 */
async function confirmEmailPage(
  queryClient: QueryClient,
  { db }: PageDataContext,
  params: URLSearchParams,
): Promise<void> {
  const query = validQuery(confirmationTokenQuerySchema, { token: params.get("token") ?? "" });
  // No token at all: the page says so without asking.
  if (!query) return;
  await queryClient.prefetchQuery({
    queryKey: pendingConfirmationQueryOptions(query.token).queryKey,
    queryFn: async () => {
      const found = await pendingConfirmation(db, query.token);
      if (!found) throw new ApiError(400, "INVALID_TOKEN", INVALID_CONFIRMATION_MESSAGE);
      return asJson(found);
    },
  });
}

/** The route parameter as the browser's router hands it to the page (decoded). */
function param(pattern: string, pathname: string, name: string): string | null {
  return matchPath(pattern, pathname)?.[name] ?? null;
}

/**
 * Fills `queryClient` with what the page at `pathname` (and `search`) shows first: the session
 * on every page (a member's unread count too) and the page's own data.
 */
export async function loadPageData(
  queryClient: QueryClient,
  context: PageDataContext,
  pathname: string,
  search: string,
): Promise<PageDataResult> {
  const { db, viewer } = context;
  // The header's queries and the page's own are independent: asked at once, a member's page
  // waits for the slowest, not for their sum.
  const [found] = await Promise.all([
    pageData(queryClient, context, pathname, new URLSearchParams(search)),
    fillQuery(queryClient, sessionQueryOptions().queryKey, () => sessionResponse(db, viewer), ""),
    // A member's header has the bell with their unread count.
    viewer
      ? fillQuery(
          queryClient,
          unreadCountQueryOptions().queryKey,
          async () => ({ unread: await unreadCount(db, viewer.id) }),
          "",
        )
      : null,
  ]);
  return { notFound: !found };
}

/** The page's own data; whether its record was found. */
async function pageData(
  queryClient: QueryClient,
  context: PageDataContext,
  pathname: string,
  params: URLSearchParams,
): Fill {
  const { db, env, viewer } = context;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  let found = true;
  if (path === paths.home) await homePage(queryClient, context);
  else if (path === paths.posts) await latestPosts(queryClient, context);
  else if (path === paths.about) await aboutStats(queryClient, context);
  else if (path === paths.terms) {
    found = await fillQuery(
      queryClient,
      sitePageQueryOptions("terms").queryKey,
      () => sitePage(db, "terms"),
      "Page not found",
    );
  } else if (path === paths.onlineSafety) {
    await fillQuery(
      queryClient,
      onlineSafetyPublicQueryOptions().queryKey,
      () => onlineSafetyPublic(db),
      "",
    );
  } else if (path === paths.blog) await blogPage(queryClient, context);
  else if (path === paths.discussions) await discussionsPage(queryClient, context, params);
  else if (path === paths.members) await membersPage(queryClient, context, params);
  else if (path === routePatterns.search) await searchPage(queryClient, context, params);
  else if (path === paths.moderation) {
    const options = moderationLogQueryOptions();
    fillFirstPage(
      queryClient,
      options.queryKey,
      options.initialPageParam,
      await publicModerationLog(db, undefined, PUBLIC_LOG_PAGE_SIZE),
    );
  } else if (path === paths.bookmarks && viewer) {
    // The member's own bookmarks (issue 42): a visitor's page is the browser's (to sign in).
    const options = bookmarksQueryOptions();
    fillFirstPage(
      queryClient,
      options.queryKey,
      options.initialPageParam,
      await listBookmarks(db, viewer, undefined, BOOKMARKS_PAGE_SIZE),
    );
  } else if (path === paths.confirmEmail) {
    await confirmEmailPage(queryClient, context, params);
  } else if (path === paths.privacy) {
    await fillQuery(queryClient, siteInfoQueryOptions().queryKey, async () => siteInfo(env), "");
  } else {
    const slug = param(routePatterns.blogPost, path, "slug");
    const category = param(routePatterns.category, path, "slug");
    const discussion = param(routePatterns.discussion, path, "id");
    const profile = param(routePatterns.profile, path, "id");
    if (slug !== null) found = await blogPostPage(queryClient, context, slug);
    else if (category !== null) found = await categoryPage(queryClient, context, category, params);
    else if (discussion !== null)
      found = await discussionPage(queryClient, context, discussion, params);
    else if (profile !== null && path !== paths.profileEdit) {
      found = await profilePageData(queryClient, context, profile);
    }
  }
  return found;
}
