import { Hono } from "hono";
import { z } from "zod";
import type { BlogPostDetail, BlogPostsPage } from "../../../shared/api-types";
import type { AppEnv } from "../../context";
import { HttpError } from "../../lib/http-error";
import { UUID_ID, uuidParam } from "../../lib/ids";
import { cursorParam, decodeTimeCursor } from "../../lib/page-cursor";
import { queryParams } from "../../lib/validate";
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

/** Public reading of the blog: GET /api/blog-posts and GET /api/blog-posts/{id}. */
export const blogPostRoutes = new Hono<AppEnv>()
  .get("/", queryParams(listQuery), async (c) => {
    const { limit, cursor } = c.req.valid("query");
    const body: BlogPostsPage = await listPublishedPosts(c.var.deps.db, {
      limit,
      cursor: cursor ? decodeTimeCursor(cursor, UUID_ID) : undefined,
    });
    return c.json(body);
  })
  .get("/:id", async (c) => {
    const post = await findPublishedPost(c.var.deps.db, uuidParam(c, "id", POST_NOT_FOUND));
    if (!post) throw new HttpError(404, POST_NOT_FOUND);
    const body: BlogPostDetail = post;
    return c.json(body);
  });
