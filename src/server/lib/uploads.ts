import type { Context } from "hono";
import { Hono } from "hono";
import type { AppEnv } from "@/server/context";
import { type FileStorage, isStorageKey } from "./storage";

/**
 * Who may load an uploaded file: everyone ("public", cacheable by shared caches), only some
 * viewers ("restricted": never kept by a shared cache) or nobody asking ("hidden": 404).
 */
export type UploadAccess = "public" | "restricted" | "hidden";

/** Decides for one file, by its storage key ("avatars/{userId}/avatar.webp"). */
export type UploadAccessCheck = (c: Context<AppEnv>, key: string) => Promise<UploadAccess>;

// Files are versioned by a query string when they change, so browsers may keep them long.
// Shared caches keep a public file for minutes only: once its owner turns private, others
// stop getting it from a cache within that time.
const PUBLIC_CACHE = "public, max-age=31536000, s-maxage=300, immutable";
const RESTRICTED_CACHE = "private, max-age=31536000, immutable";

/**
 * Serves uploaded files (avatars) from `storage` at /uploads/*: only paths that are storage keys
 * (plain segments; no "..", no empty or encoded segment), each as `accessOf` says. A store that
 * is down answers 503 here (StorageUnavailableError), nowhere else.
 */
export function uploadsRoutes(storage: FileStorage, accessOf: UploadAccessCheck): Hono<AppEnv> {
  return new Hono<AppEnv>().get("/*", async (c) => {
    c.header("x-content-type-options", "nosniff");
    const key = c.req.path.replace(/^\/uploads\//, "");
    const access = isStorageKey(key) ? await accessOf(c, key) : "hidden";
    const file = access === "hidden" ? null : await storage.read(key);
    if (!file) {
      c.header("cache-control", "no-store");
      return c.text("Not found", 404);
    }
    c.header("cache-control", access === "public" ? PUBLIC_CACHE : RESTRICTED_CACHE);
    c.header("etag", file.etag);
    if (c.req.header("if-none-match") === file.etag) return c.body(null, 304);
    c.header("content-type", file.contentType);
    return c.body(file.body as Uint8Array<ArrayBuffer>);
  });
}
