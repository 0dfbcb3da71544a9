// /api/users: the CMS Users tab (docs/product.md §6: admins only). The list and the role change.
import { Hono } from "hono";
import { accountMailDeps } from "@/server/auth/account-lifecycle";
import { allowedTo } from "@/server/auth/middleware";
import { requireSecondFactorAgain } from "@/server/auth/second-factor-again";
import { startSecondFactorReset } from "@/server/auth/second-factor-reset";
import type { AppEnv } from "@/server/context";
import { queueNotificationEvent } from "@/server/domain/notifications/events";
import { HttpError } from "@/server/lib/http-error";
import { memberIdParam, TEXT_ID } from "@/server/lib/ids";
import { decodeTimeCursor, pageQuerySchema } from "@/server/lib/page-cursor";
import { jsonBody, queryParams, searchParam } from "@/server/lib/validate";
import type { AdminUsersPage, RoleChangeResponse } from "@/shared/api-types";
import { roleChangeSchema } from "@/shared/schemas";
import { startSecondFactorResetSchema } from "@/shared/second-factor";
import { ADMIN_PANEL_REASON, changeRole } from "./change-role";
import { findAdminUser, listUsers } from "./list-users";

const USER_NOT_FOUND = "User not found";

const usersQuerySchema = pageQuerySchema(25, 100).extend({ search: searchParam });

export const userRoutes = new Hono<AppEnv>()
  .use(allowedTo("manageUsers"))
  .get("/", queryParams(usersQuerySchema), async (c) => {
    const { search, limit, cursor } = c.req.valid("query");
    const page: AdminUsersPage = await listUsers(c.var.deps.db, {
      search,
      limit,
      cursor: cursor ? decodeTimeCursor(cursor, TEXT_ID) : null,
    });
    // Emails: never let a shared cache keep the answer.
    c.header("cache-control", "private, no-store");
    return c.json(page);
  })
  .put("/:id/role", jsonBody(roleChangeSchema), async (c) => {
    const id = memberIdParam(c, "id", USER_NOT_FOUND);
    const { role, reason } = c.req.valid("json");
    const { db, jobs } = c.var.deps;
    const changed = await changeRole(db, {
      targetUserId: id,
      newRole: role,
      changedBy: c.var.viewer.id,
      reason: reason || ADMIN_PANEL_REASON,
    });
    if (!changed) throw new HttpError(404, USER_NOT_FOUND);
    if (changed.oldRole !== role) {
      await queueNotificationEvent(jobs, {
        type: "role-changed",
        userId: id,
        role,
        actorId: c.var.viewer.id,
      });
    }
    const user = await findAdminUser(db, id);
    if (!user) throw new HttpError(404, USER_NOT_FOUND);
    const body: RoleChangeResponse = { user, oldRole: changed.oldRole };
    return c.json(body);
  })
  // Recovery without a back door (docs/decisions/060): the admin passes their own second factor
  // again (a code, or their own passkey: 063); the member's factor goes only when they open the
  // mailed link. An admin's own is reset on the server (npm run role), never through the web.
  .post("/:id/second-factor-reset", jsonBody(startSecondFactorResetSchema), async (c) => {
    const id = memberIdParam(c, "id", USER_NOT_FOUND);
    const { deps, viewer } = c.var;
    if (id === viewer.id) {
      throw new HttpError(
        400,
        "You cannot reset your own two-factor authentication here: it is done on the server with npm run role.",
        { code: "OWN_RESET" },
      );
    }
    await requireSecondFactorAgain(deps, viewer, c.req.valid("json"), c.var.clientIp, {
      required: true,
    });
    const outcome = await startSecondFactorReset(accountMailDeps(deps), viewer.id, id);
    if (outcome === "not-found") throw new HttpError(404, USER_NOT_FOUND);
    if (outcome === "no-factor") {
      throw new HttpError(409, "This member has no two-factor authentication to reset.", {
        code: "NOT_ENROLLED",
      });
    }
    return c.json({ ok: true });
  });
