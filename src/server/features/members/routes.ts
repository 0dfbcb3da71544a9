// GET /api/members (one page of the directory) and GET /api/members/stats (its counters).
import { Hono } from "hono";
import { z } from "zod";
import { getViewer, type Viewer } from "@/server/auth/viewer";
import type { AppEnv } from "@/server/context";
import type { Db } from "@/server/db/client";
import { cursorParam } from "@/server/lib/page-cursor";
import { queryParams, searchParam } from "@/server/lib/validate";
import type { MemberStats, MembersPage } from "@/shared/api-types";
import { MEMBER_SORTS, MEMBERS_PAGE_SIZE } from "@/shared/constants";
import { ROLES } from "@/shared/permissions";
import { listMembers } from "./list-members";
import { memberStats } from "./member-stats";

/** The directory's query string; the page's render reads its address with it too. */
export const membersQuerySchema = z.object({
  search: searchParam,
  role: z
    .enum(["all", ...ROLES], { error: "Role must be all, user, author, moderator or admin" })
    .optional()
    .default("all")
    .transform((role) => (role === "all" ? null : role)),
  sort: z
    .enum(MEMBER_SORTS, { error: "Sort must be recent, oldest, discussions or name" })
    .optional()
    .default("recent"),
  cursor: cursorParam,
  limit: z.coerce
    .number({ error: "Limit must be a number from 1 to 100" })
    .int("Limit must be a number from 1 to 100")
    .min(1, "Limit must be a number from 1 to 100")
    .max(100, "Limit must be a number from 1 to 100")
    .optional()
    .default(MEMBERS_PAGE_SIZE),
});

/**
 * Admins see emails in the directory: a signed-in viewer's response is never kept by a shared
 * cache. A visitor's is the same for every visitor, and the anonymous cache may store it.
 */
export const MEMBERS_CACHE_CONTROL = "private, no-store";

/** A page of the directory as `viewer` sees it: what GET /api/members answers. */
export function membersResponse(
  db: Db,
  viewer: Viewer | null,
  query: z.output<typeof membersQuerySchema>,
): Promise<MembersPage> {
  return listMembers(db, viewer, { ...query, cursor: query.cursor || null });
}

export const memberRoutes = new Hono<AppEnv>()
  .get("/", queryParams(membersQuerySchema), async (c) => {
    const viewer = await getViewer(c);
    const page = await membersResponse(c.var.deps.db, viewer, c.req.valid("query"));
    if (viewer) c.header("cache-control", MEMBERS_CACHE_CONTROL);
    return c.json(page);
  })
  .get("/stats", async (c) => {
    const stats: MemberStats = await memberStats(c.var.deps.db);
    return c.json(stats);
  });
