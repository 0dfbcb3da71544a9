// GET /api/members (one page of the directory) and GET /api/members/stats (its counters).
import { Hono } from "hono";
import { z } from "zod";
import { getViewer } from "@/server/auth/viewer";
import type { AppEnv } from "@/server/context";
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

export const memberRoutes = new Hono<AppEnv>()
  .get("/", queryParams(membersQuerySchema), async (c) => {
    const query = c.req.valid("query");
    const viewer = await getViewer(c);
    const page: MembersPage = await listMembers(c.var.deps.db, viewer, {
      ...query,
      cursor: query.cursor || null,
    });
    // Admins see emails in the answer: never let a shared cache keep it.
    c.header("cache-control", "private, no-store");
    return c.json(page);
  })
  .get("/stats", async (c) => {
    const stats: MemberStats = await memberStats(c.var.deps.db);
    return c.json(stats);
  });
