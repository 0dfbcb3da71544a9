// An admin changes a member's role (docs/product.md §7 "Change role"): the audit row comes from setRole,
// and the last admin can never be demoted, even by two admins demoting each other at once.
import { sql } from "drizzle-orm";
import { setRole } from "@/server/auth/roles";
import { type Db, queryRows } from "@/server/db/client";
import { HttpError } from "@/server/lib/http-error";
import type { Role } from "@/shared/permissions";

/** docs/product.md §7: the fixed reason the admin panel records. */
export const ADMIN_PANEL_REASON = "Role updated via admin panel";
export const LAST_ADMIN_MESSAGE =
  "You cannot remove the last admin. Make another member an admin first.";

/** The member's role before the change; null when there is no member with that id. */
export async function changeRole(
  db: Db,
  change: { targetUserId: string; newRole: Role; changedBy: string; reason: string },
): Promise<{ oldRole: Role | null } | null> {
  return db.transaction(async (tx) => {
    const [target] = await queryRows<{ id: string }>(
      tx,
      sql`select id from "user" where id = ${change.targetUserId}`,
    );
    if (!target) return null;
    if (change.newRole !== "admin") {
      // Locking every admin row makes concurrent demotions take turns; the second one sees
      // the first one's result (PostgreSQL re-reads a locked row once its lock is released)
      // and finds fewer admins left.
      const admins = await queryRows<{ user_id: string }>(
        tx,
        sql`select user_id from user_roles where role = 'admin' order by user_id for update`,
      );
      const isAdmin = admins.some((row) => row.user_id === change.targetUserId);
      if (isAdmin && admins.length === 1) {
        throw new HttpError(409, LAST_ADMIN_MESSAGE, { code: "LAST_ADMIN" });
      }
    }
    // Nested: setRole's own transaction becomes a savepoint inside this one.
    return setRole(tx, change);
  });
}
