// /api/cms/blog-posts: the CMS Blog tab (docs/product.md §6: authors and admins).
import { Hono } from "hono";
import { allowedTo } from "@/server/auth/middleware";
import type { AppEnv } from "@/server/context";
import type { Db } from "@/server/db/client";
import { startSend } from "@/server/domain/newsletter/sends";
import { HttpError } from "@/server/lib/http-error";
import { UUID_ID, uuidParam } from "@/server/lib/ids";
import { decodeTimeCursor, pageQuerySchema } from "@/server/lib/page-cursor";
import { jsonBody, queryParams } from "@/server/lib/validate";
import type { CmsBlogPost, CmsBlogPostsPage } from "@/shared/api-types";
import { blogPostSchema, emailPostSchema } from "@/shared/schemas";
import { deletePost, findPost, insertPost, listAllPosts, updatePost } from "./queries";

export const POST_NOT_FOUND = "Post not found";
export const EMAIL_NEEDS_PUBLISHED = "Publish the post before emailing it to subscribers.";
export const ALREADY_EMAILED = "This post has already been emailed to subscribers.";

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
  // "Publish and email subscribers" (docs/decisions/028): the client publishes, then asks for
  // the send. A post goes out once; the send row and its first job commit together.
  .post("/:id/newsletter", jsonBody(emailPostSchema), async (c) => {
    const id = uuidParam(c, "id", POST_NOT_FOUND);
    const { deps, viewer } = c.var;
    const { content } = c.req.valid("json");
    await deps.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const post = await findPost(tx, id);
      if (!post) throw new HttpError(404, POST_NOT_FOUND);
      if (post.status !== "published") {
        throw new HttpError(409, EMAIL_NEEDS_PUBLISHED, { code: "NOT_PUBLISHED" });
      }
      if (!(await startSend(tx, deps.jobs, { postId: id, content, userId: viewer.id }))) {
        throw new HttpError(409, ALREADY_EMAILED, { code: "ALREADY_EMAILED" });
      }
    });
    const post = await findPost(deps.db, id);
    return c.json(post satisfies CmsBlogPost | null, 202);
  })
  .delete("/:id", async (c) => {
    if (!(await deletePost(c.var.deps.db, uuidParam(c, "id", POST_NOT_FOUND)))) {
      throw new HttpError(404, POST_NOT_FOUND);
    }
    return c.body(null, 204);
  });
