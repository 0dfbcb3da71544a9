// /api/cms/blog-posts: the CMS Blog tab (docs/product.md §6: authors and admins).
import { Hono } from "hono";
import { allowedTo } from "@/server/auth/middleware";
import type { AppEnv } from "@/server/context";
import { HttpError } from "@/server/lib/http-error";
import { UUID_ID, uuidParam } from "@/server/lib/ids";
import { decodeTimeCursor, pageQuerySchema } from "@/server/lib/page-cursor";
import { jsonBody, queryParams } from "@/server/lib/validate";
import type { CmsBlogPost, CmsBlogPostsPage } from "@/shared/api-types";
import { blogPostSchema } from "@/shared/schemas";
import { deletePost, findPost, insertPost, listAllPosts, updatePost } from "./queries";

export const POST_NOT_FOUND = "Post not found";

export const cmsBlogPostRoutes = new Hono<AppEnv>()
  .use(allowedTo("cmsBlog"))
  .get("/", queryParams(pageQuerySchema()), async (c) => {
    const { limit, cursor } = c.req.valid("query");
    const body: CmsBlogPostsPage = await listAllPosts(c.var.deps.db, {
      limit,
      cursor: cursor ? decodeTimeCursor(cursor, UUID_ID) : null,
    });
    return c.json(body);
  })
  .get("/:id", async (c) => {
    const post = await findPost(c.var.deps.db, uuidParam(c, "id", POST_NOT_FOUND));
    if (!post) throw new HttpError(404, POST_NOT_FOUND);
    return c.json(post satisfies CmsBlogPost);
  })
  .post("/", jsonBody(blogPostSchema), async (c) => {
    const post = await insertPost(c.var.deps.db, c.req.valid("json"), c.var.viewer.id);
    return c.json(post satisfies CmsBlogPost, 201);
  })
  .put("/:id", jsonBody(blogPostSchema), async (c) => {
    const id = uuidParam(c, "id", POST_NOT_FOUND);
    const post = await updatePost(c.var.deps.db, id, c.req.valid("json"));
    if (!post) throw new HttpError(404, POST_NOT_FOUND);
    return c.json(post satisfies CmsBlogPost);
  })
  .delete("/:id", async (c) => {
    if (!(await deletePost(c.var.deps.db, uuidParam(c, "id", POST_NOT_FOUND)))) {
      throw new HttpError(404, POST_NOT_FOUND);
    }
    return c.body(null, 204);
  });
