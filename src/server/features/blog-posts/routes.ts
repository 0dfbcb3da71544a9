import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "@/server/context";
import { HttpError } from "@/server/lib/http-error";
import { UUID_ID } from "@/server/lib/ids";
import { cursorParam, decodeTimeCursor } from "@/server/lib/page-cursor";
import { queryParams } from "@/server/lib/validate";
import type { BlogPostDetail, BlogPostsPage } from "@/shared/api-types";
import { postAddress } from "./post-address";
import { findPublishedPost, listPublishedPosts } from "./queries";

export const BLOG_PAGE_MAX = 50;

const listQuery = z.object({
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(BLOG_PAGE_MAX, `limit must be at most ${BLOG_PAGE_MAX}`)
    .default(12),
  cursor: cursorParam,
});

export const POST_NOT_FOUND = "Post not found";

/**
 * Public reading of the blog: GET /api/blog-posts and GET /api/blog-posts/{slug}. An old id
 * still finds its post; the answer carries the slug, so the page can move to /blog/{slug}.
 */
export const blogPostRoutes = new Hono<AppEnv>()
  .get("/", queryParams(listQuery), async (c) => {
    const { limit, cursor } = c.req.valid("query");
    const body: BlogPostsPage = await listPublishedPosts(c.var.deps.db, {
      limit,
      cursor: cursor ? decodeTimeCursor(cursor, UUID_ID) : undefined,
    });
    return c.json(body);
  })
  .get("/:slug", async (c) => {
    const address = postAddress(c.req.param("slug"));
    const post = address ? await findPublishedPost(c.var.deps.db, address) : null;
    if (!post) throw new HttpError(404, POST_NOT_FOUND);
    const body: BlogPostDetail = post;
    return c.json(body);
  });
