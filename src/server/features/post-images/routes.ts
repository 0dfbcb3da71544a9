// /api/images: pictures in posts (issue 40, docs/decisions/065). POST takes one image from a
// member (multipart field `image`), re-encodes and stores it, and answers its id and size for
// the composer's token; GET /{id} serves it as the one visibility rule says about its post.
import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { signedIn } from "@/server/auth/middleware";
import { getViewer } from "@/server/auth/viewer";
import type { AppEnv } from "@/server/context";
import {
  findPostImage,
  imageAccess,
  isPublicImage,
  type PostImageRow,
} from "@/server/domain/post-images/access";
import { reencodePostImage } from "@/server/domain/post-images/reencode";
import {
  insertPostImage,
  postImageFileKeys,
  postImageKey,
  postImageVariantKey,
  putPostImageFiles,
  removePostImageFiles,
} from "@/server/domain/post-images/store";
import { uploadPlace } from "@/server/domain/post-images/upload-places";
import { withBodyDeadline } from "@/server/lib/body-deadline";
import { errorBody, HttpError } from "@/server/lib/http-error";
import { uuidParam } from "@/server/lib/ids";
import type { RateLimitRule } from "@/server/lib/rate-limit";
import type { UploadedPostImage } from "@/shared/api-types";
import {
  IMAGE_NOT_AN_IMAGE,
  IMAGE_TOO_LARGE,
  POST_IMAGE_MAX_BYTES,
  variantWidthsOf,
} from "@/shared/post-images";

export const IMAGE_NOT_FOUND = "Image not found";

/** docs/product.md §9.5: a member's uploads an hour. */
export const IMAGE_UPLOAD_LIMIT: RateLimitRule = {
  name: "post-image-upload",
  max: 30,
  windowSeconds: 3600,
  message: "Too many image uploads. Please wait a while and try again.",
};

/** Room for the multipart boundaries and headers around a 5 MB file. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

// A public post's image is the same for everyone; a shared cache keeps it for minutes only, so
// once the post is hidden it stops being served from a cache within that time.
const PUBLIC_CACHE = "public, max-age=86400, s-maxage=300";
const PRIVATE_CACHE = "private, no-store";

/** The file to send: the image, or with `?w=640` its copy that wide; null for any other `w`. */
function fileKey(row: PostImageRow, width: string | undefined): string | null {
  if (width === undefined) return row.storage_key;
  const variant = variantWidthsOf(row.width).find((known) => String(known) === width);
  return variant ? postImageVariantKey(row.storage_key, variant) : null;
}

export const postImageRoutes = new Hono<AppEnv>()
  .post(
    "/",
    signedIn(),
    async (c, next) => {
      await c.var.deps.rateLimiter.hit(IMAGE_UPLOAD_LIMIT, c.var.viewer.id);
      // Only a form carries a file: anything else is refused before its body is read.
      if (!/^multipart\/form-data\b/i.test(c.req.header("content-type") ?? "")) {
        throw new HttpError(415, IMAGE_NOT_AN_IMAGE);
      }
      // Held from before the body is read until the image is stored or refused, and the body
      // must arrive within a deadline: a trickled one would keep the place for minutes.
      const release = uploadPlace(c.var.viewer.id);
      const deadline = withBodyDeadline(c.req.raw, c.var.deps.env.uploadBodyTimeoutMs);
      c.req.raw = deadline.request;
      try {
        await next();
      } finally {
        deadline.stop();
        release();
      }
    },
    bodyLimit({
      maxSize: POST_IMAGE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
      onError: (c) => c.json(errorBody(413, IMAGE_TOO_LARGE), 413),
    }),
    async (c) => {
      const { viewer } = c.var;
      const form = await c.req.parseBody().catch((error) => {
        // 408 from the body's deadline; anything else is no form with a file.
        throw error instanceof HttpError ? error : new HttpError(400, IMAGE_NOT_AN_IMAGE);
      });
      const file = form.image;
      if (!(file instanceof File)) throw new HttpError(400, IMAGE_NOT_AN_IMAGE);
      if (file.size > POST_IMAGE_MAX_BYTES) throw new HttpError(413, IMAGE_TOO_LARGE);
      const image = await reencodePostImage(new Uint8Array(await file.arrayBuffer()));
      const { db, storage } = c.var.deps;
      const id = randomUUID();
      const key = postImageKey(viewer.id, id);
      await putPostImageFiles(storage, key, image);
      try {
        await insertPostImage(db, { id, uploaderId: viewer.id, key, ...image });
      } catch (error) {
        await removePostImageFiles(
          storage,
          postImageFileKeys({ storage_key: key, width: image.width }),
        );
        throw error;
      }
      const body: UploadedPostImage = { id, width: image.width, height: image.height };
      return c.json(body, 201);
    },
  )
  .get("/:id", async (c) => {
    const id = uuidParam(c, "id", IMAGE_NOT_FOUND);
    c.header("x-content-type-options", "nosniff");
    const row = await findPostImage(c.var.deps.db, id);
    // A public post's image is decided without the viewer, so its answer stays public.
    const access = !row
      ? "hidden"
      : isPublicImage(row)
        ? "public"
        : imageAccess(row, await getViewer(c));
    const key = row && access !== "hidden" ? fileKey(row, c.req.query("w")) : null;
    const file = key ? await c.var.deps.storage.read(key) : null;
    if (!file) {
      c.header("cache-control", "no-store");
      throw new HttpError(404, IMAGE_NOT_FOUND);
    }
    c.header("cache-control", access === "public" ? PUBLIC_CACHE : PRIVATE_CACHE);
    c.header("etag", file.etag);
    if (c.req.header("if-none-match") === file.etag) return c.body(null, 304);
    c.header("content-type", "image/webp");
    return c.body(file.body as Uint8Array<ArrayBuffer>);
  });
