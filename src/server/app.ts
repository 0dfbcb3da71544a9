// createApp(deps) builds the whole HTTP app: production (main.ts) and tests share it.
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { confirmationRoutes } from "./auth/confirmation-routes";
import { controlRoutes } from "./auth/control-routes";
import { passkeyRoutes } from "./auth/passkey-routes";
import { authRoutes } from "./auth/routes";
import { staffWithoutSecondFactorRefused } from "./auth/second-factor-guard";
import { secondFactorRoutes } from "./auth/second-factor-routes";
import { sessionAnswersPrivate } from "./auth/session-answers-private";
import type { AppDeps, AppEnv } from "./context";
import { suspendedMembersRefused } from "./domain/moderation/suspension-guard";
import { accountRoutes } from "./features/account/routes";
import { blockRoutes } from "./features/blocks/routes";
import { blogFeedRoutes } from "./features/blog-posts/feed";
import { blogPostPageMeta } from "./features/blog-posts/page-meta";
import { blogPostRoutes } from "./features/blog-posts/routes";
import { bookmarkRoutes, discussionBookmarkRoutes } from "./features/bookmarks/routes";
import { categoryPageMeta } from "./features/categories/page-meta";
import { categoryRoutes } from "./features/categories/routes";
import { cmsRoutes } from "./features/cms/routes";
import { complaintRoutes } from "./features/complaints/routes";
import { contactRoutes } from "./features/contact/routes";
import { dataRequestRoutes } from "./features/data-requests/routes";
import { digestRoutes } from "./features/digest/routes";
import { discussionFeedRoutes } from "./features/discussions/feed";
import { discussionPageMeta } from "./features/discussions/page-meta";
import { discussionRoutes } from "./features/discussions/routes";
import { draftRoutes } from "./features/drafts/routes";
import { formRoutes } from "./features/forms/routes";
import { healthRoutes } from "./features/health/routes";
import { heroWordRoutes } from "./features/hero-words/routes";
import { inboxRoutes } from "./features/inbox/routes";
import { memberRoutes } from "./features/members/routes";
import { moderationRoutes } from "./features/moderation/routes";
import { newsletterAdminRoutes } from "./features/newsletter/admin-routes";
import { newsletterRoutes } from "./features/newsletter/routes";
import {
  categoryFollowRoutes,
  followRoutes,
  notificationRoutes,
} from "./features/notifications/routes";
import { postImageRoutes } from "./features/post-images/routes";
import { profilePageMeta } from "./features/profiles/page-meta";
import { profileRoutes } from "./features/profiles/routes";
import { reactionRoutes } from "./features/reactions/routes";
import { markAllReadRoutes, readPositionRoutes } from "./features/reading/routes";
import { discussionReplyRoutes, replyRoutes } from "./features/replies/routes";
import { searchRoutes } from "./features/search/routes";
import { sessionRoutes } from "./features/session/routes";
import { siteRoutes } from "./features/site/routes";
import { sitemapRoutes } from "./features/sitemap/routes";
import { tagPageMeta } from "./features/tags/page-meta";
import { tagRoutes } from "./features/tags/routes";
import { userRoutes } from "./features/users/routes";
import { anonymousCacheable } from "./lib/anonymous-cache";
import { requestBodyLimit } from "./lib/body-limit";
import { compressText } from "./lib/compress";
import { isDatabaseUnavailable } from "./lib/database-errors";
import { errorBody, HttpError } from "./lib/http-error";
import { addMetricsRoute, requestMetrics } from "./lib/metrics";
import { requestContext } from "./lib/request-log";
import { responseHeaders } from "./lib/response-headers";
import {
  inlineScriptHashes,
  knownHostsOnly,
  sameOriginWrites,
  securityHeaders,
} from "./lib/security";
import { spaHandler } from "./lib/spa";
import { type StaticFile, shellOf } from "./lib/static-files";
import { formPosts } from "./ssr/form-posts";
import { pageRenderer } from "./ssr/render-page";
import { searchPageMeta } from "./ssr/search-page-meta";
import type { SharedBodies } from "./ssr/shared-page-body";

export type CreateAppOptions = {
  /** The built client; absent in API tests. */
  staticFiles?: Map<string, StaticFile>;
  /** Serves /uploads/*; absent in API tests that do not upload. */
  uploads?: Hono<AppEnv>;
  /** The members' shared page content (decision 095); a store of the app's own when absent. */
  sharedPageBodies?: SharedBodies;
};

/**
 * The public reads whose responses the anonymous cache may store for visitors (decision 059):
 * the ones a visitor's browser asks for most. Pages opt in in lib/spa.ts.
 */
export const ANONYMOUS_CACHE_READS = [
  "/api/discussions",
  "/api/discussions/:id",
  "/api/discussions/:id/replies",
  "/api/members",
  "/api/profiles/:id",
] as const;

export function createApp(deps: AppDeps, options: CreateAppOptions = {}) {
  const api = new Hono<AppEnv>()
    .use(sameOriginWrites(deps.env.siteUrl))
    // Suspended members may only act on their own account and rights (docs/decisions/027).
    .use(suspendedMembersRefused())
    // Roles the CMS setting names must have a second factor (docs/decisions/060).
    .use(staffWithoutSecondFactorRefused())
    .route("/auth", confirmationRoutes)
    .route("/auth", secondFactorRoutes)
    .route("/auth", passkeyRoutes)
    .route("/auth", authRoutes)
    .route("/account", accountRoutes)
    .route("/session", sessionRoutes)
    .route("/members", memberRoutes)
    .route("/search", searchRoutes)
    .route("/profiles", profileRoutes)
    .route("/blocks", blockRoutes)
    .route("/drafts", draftRoutes)
    .route("/images", postImageRoutes)
    .route("/categories/:slug/follow", categoryFollowRoutes)
    .route("/categories", categoryRoutes)
    .route("/tags", tagRoutes)
    .route("/discussions/:id/follow", followRoutes)
    .route("/discussions/:id/bookmarks", discussionBookmarkRoutes)
    .route("/discussions/:id/read", readPositionRoutes)
    .route("/discussions/mark-all-read", markAllReadRoutes)
    .route("/discussions", discussionRoutes)
    .route("/discussions/:id/replies", discussionReplyRoutes)
    .route("/replies", replyRoutes)
    .route("/site", siteRoutes)
    .route("/hero-words", heroWordRoutes)
    .route("/blog-posts", blogPostRoutes)
    .route("/newsletter", newsletterRoutes)
    .route("/contact", contactRoutes)
    .route("/data-requests", dataRequestRoutes)
    .route("/complaints", complaintRoutes)
    .route("/forms", formRoutes)
    .route("/cms/newsletter", newsletterAdminRoutes)
    .route("/cms", cmsRoutes)
    .route("/users", userRoutes)
    .route("/inbox", inboxRoutes)
    .route("/notifications", notificationRoutes)
    .route("/digest", digestRoutes)
    .route("/bookmarks", bookmarkRoutes)
    .route("/reactions", reactionRoutes)
    .route("/moderation", moderationRoutes)
    .route("/control", controlRoutes)
    .route("/health", healthRoutes)
    .all("/*", (c) => c.json(errorBody(404, "Not found"), 404));

  const app = new Hono<AppEnv>();
  const { metricsToken } = deps.env;
  // Only a scraped server counts requests: a counter and a histogram on every request.
  if (metricsToken) app.use(requestMetrics(deps.metrics));
  // First: it puts the response's common headers on responses made without node (tests).
  app.use(responseHeaders());
  // Every answer's caching rule: one made for a session is private (decision 050).
  app.use(sessionAnswersPrivate());
  app.use(requestContext(deps));
  app.use(securityHeaders(deps.env.siteUrl, inlineScriptHashes(shellOf(options.staticFiles))));
  app.use(knownHostsOnly(deps.env.siteUrl));
  app.use(requestBodyLimit({ ownLimits: ["PUT /api/profiles/me/avatar", "POST /api/images"] }));
  app.use(compressText());
  for (const path of ANONYMOUS_CACHE_READS) app.use(path, anonymousCacheable());
  app.route("/api", api);
  if (metricsToken) addMetricsRoute(app, deps.metrics, metricsToken);
  // Documents for feed readers and crawlers, public, built client or not (docs/decisions/024).
  app.route("/", blogFeedRoutes);
  app.route("/", discussionFeedRoutes);
  app.route("/", sitemapRoutes);
  if (options.uploads) app.route("/uploads", options.uploads);
  if (options.staticFiles) {
    const page = spaHandler({
      files: options.staticFiles,
      siteName: deps.env.siteName,
      siteUrl: deps.env.siteUrl,
      // Features whose pages show a record add their resolver here.
      metaResolvers: [
        discussionPageMeta(deps.db),
        categoryPageMeta(deps.db),
        tagPageMeta(deps.db),
        blogPostPageMeta(deps.db),
        profilePageMeta(deps.db),
        searchPageMeta,
      ],
      render: pageRenderer(deps, options.sharedPageBodies),
      logger: deps.logger,
    });
    app.get("*", page);
    // The public forms sent without scripts: through their JSON routes, answered with their
    // page (docs/decisions/061). The same origin rule as every write.
    app.post(
      "*",
      sameOriginWrites(deps.env.siteUrl),
      formPosts({
        dispatch: async (request, bindings) => app.fetch(request, bindings),
        renderPage: page,
      }),
    );
  }

  app.onError((error, c) => {
    // The request's logger (its id on the line), unless the error came before it was set.
    const logger = c.var.deps?.logger ?? deps.logger;
    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
      return c.json(error.toBody(), error.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      const status = error.status === 413 ? 413 : 400;
      return c.json(errorBody(status, error.message), status);
    }
    if (isDatabaseUnavailable(error)) {
      logger.warn({ err: error, path: c.req.path }, "database unavailable");
      c.header("retry-after", "5");
      return c.json(
        errorBody(503, "The service is temporarily unavailable. Please try again shortly."),
        503,
      );
    }
    logger.error({ err: error, method: c.req.method, path: c.req.path }, "request failed");
    // Never send internals (stack, SQL) to the client.
    return c.json(errorBody(500, "Something went wrong. Please try again."), 500);
  });
  app.notFound((c) =>
    c.req.path.startsWith("/api/")
      ? c.json(errorBody(404, "Not found"), 404)
      : c.text("Not found", 404),
  );
  return app;
}
