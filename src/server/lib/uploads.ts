import { mkdirSync } from "node:fs";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Context } from "hono";
import { Hono } from "hono";
import type { AppEnv } from "@/server/context";
import { isStorageKey } from "./storage";

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
 * Serves uploaded files (avatars) from $DATA_DIR/uploads at /uploads/*: only paths that are
 * storage keys (plain segments; no "..", no empty or encoded segment), each as `accessOf` says.
 */
export function uploadsRoutes(directory: string, accessOf: UploadAccessCheck): Hono<AppEnv> {
  mkdirSync(directory, { recursive: true });
  const files = serveStatic({
    root: directory,
    rewriteRequestPath: (p) => p.replace(/^\/uploads/, ""),
  });
  return new Hono<AppEnv>().get("/*", async (c, next) => {
    c.header("x-content-type-options", "nosniff");
    const key = c.req.path.replace(/^\/uploads\//, "");
    const access = isStorageKey(key) ? await accessOf(c, key) : "hidden";
    if (access === "hidden") {
      c.header("cache-control", "no-store");
      return c.text("Not found", 404);
    }
    const response = await files(c, next);
    if (c.res.ok) c.header("cache-control", access === "public" ? PUBLIC_CACHE : RESTRICTED_CACHE);
    return response;
  });
}
