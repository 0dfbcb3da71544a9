import { mkdirSync } from "node:fs";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";

/** Serves uploaded files (avatars) from $DATA_DIR/uploads at /uploads/*. */
export function uploadsRoutes(directory: string): Hono {
  mkdirSync(directory, { recursive: true });
  return new Hono().get(
    "/*",
    async (c, next) => {
      await next();
      // Files are versioned by a query string when they change, so they may be cached long.
      if (c.res.ok) c.header("cache-control", "public, max-age=31536000, immutable");
      c.header("x-content-type-options", "nosniff");
    },
    serveStatic({ root: directory, rewriteRequestPath: (p) => p.replace(/^\/uploads/, "") }),
  );
}
