import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { roleChanges, user, userRoles } from "@/server/db/schema";
import type { Logger } from "@/server/lib/logger";
import { DEFAULT_ROLE, type Role, roleOrDefault } from "@/shared/permissions";

/** docs/product.md §6: a member's role, falling back to `user` when the lookup fails or finds none. */
export async function getRole(db: Db, userId: string, logger: Logger): Promise<Role> {
  try {
    const [row] = await db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(eq(userRoles.userId, userId))
      .limit(1);
    return roleOrDefault(row?.role);
  } catch (error) {
    logger.error({ err: error, userId }, "role lookup failed; falling back to user");
    return DEFAULT_ROLE;
  }
}

export type RoleChange = {
  targetUserId: string;
  newRole: Role;
  changedBy: string | null;
  reason: string | null;
};

/** Sets a member's role and records the change in the audit trail, in one transaction. */
export async function setRole(db: Db, change: RoleChange): Promise<{ oldRole: Role | null }> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(eq(userRoles.userId, change.targetUserId))
      .for("update");
    await tx
      .insert(userRoles)
      .values({ userId: change.targetUserId, role: change.newRole })
      .onConflictDoUpdate({
        target: userRoles.userId,
        set: { role: change.newRole, updatedAt: sql`now()` },
      });
    await tx.insert(roleChanges).values({
      changedBy: change.changedBy,
      targetUserId: change.targetUserId,
      oldRole: current?.role ?? null,
      newRole: change.newRole,
      reason: change.reason,
    });
    return { oldRole: current?.role ?? null };
  });
}

/**
 * The verified account with this email, or null. An unverified account owns nothing, so no
 * role can be given to it (docs/decisions/014).
 */
export async function findUserIdByEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(
      and(eq(sql`lower(${user.email})`, email.trim().toLowerCase()), eq(user.emailVerified, true)),
    )
    .limit(1);
  return row?.id ?? null;
}

export const ADMIN_EMAILS_REASON = "Listed in ADMIN_EMAILS";

/** Gives every verified account listed in ADMIN_EMAILS the admin role (idempotent). */
export async function promoteAdminEmails(db: Db, adminEmails: readonly string[]): Promise<void> {
  for (const email of adminEmails) {
    const userId = await findUserIdByEmail(db, email);
    if (!userId) continue;
    const [row] = await db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(eq(userRoles.userId, userId));
    if (row?.role === "admin") continue;
    await setRole(db, {
      targetUserId: userId,
      newRole: "admin",
      changedBy: null,
      reason: ADMIN_EMAILS_REASON,
    });
  }
}
