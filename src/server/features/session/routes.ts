import { Hono } from "hono";
import { sessionResponse } from "@/server/auth/session-response";
import { getViewer } from "@/server/auth/viewer";
import type { AppEnv } from "@/server/context";

/** GET /api/session: the signed-in member, their profile basics and role. */
export const sessionRoutes = new Hono<AppEnv>().get("/", async (c) => {
  c.header("cache-control", "no-store");
  return c.json(await sessionResponse(c.var.deps.db, await getViewer(c)));
});
