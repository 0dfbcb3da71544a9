import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { queryPreparedRows } from "@/server/db/prepared";
import { roleChanges, user, userRoles } from "@/server/db/schema";
import {
  type ActiveSuspension,
  activeSuspension,
  activeSuspensionJson,
} from "@/server/domain/moderation/suspensions";
import {
  SITE_SETTING_ROWS_JSON,
  type SiteSettingRow,
  siteSettingsFromRows,
} from "@/server/domain/site/site-settings";
import type { Logger } from "@/server/lib/logger";
import { DEFAULT_ROLE, type Role, roleOrDefault } from "@/shared/permissions";
import type { SiteSettings } from "@/shared/site-settings";

/** What a request needs to know of its member besides the session: their role and suspension. */
export type MemberStanding = { role: Role; suspension: ActiveSuspension | null };

/** The member's name and picture as the session shows them (session-response.ts). */
export type ProfileBasics = { fullName: string | null; avatarUrl: string | null };

/**
 * The member's role (docs/product.md §6: `user` when there is none, or when the lookup fails)
 * and active suspension (docs/decisions/027), in one statement: every signed-in request waits
 * for the role, and every write and every page for the suspension too. The site settings come
 * in the same statement (decision 091): most signed-in requests read them (the two-factor
 * guard, a page's reaction kinds), and a statement of their own was one more round trip. So
 * do the member's name and picture, which every page's session shows. `siteSettings` and
 * `profile` are null when the statement failed; the request then reads them on its own. A
 * named prepared statement (db/prepared.ts): each part is a key lookup whatever the member.
 */
export async function memberStanding(
  db: Db,
  userId: string,
  logger: Logger,
): Promise<MemberStanding & { siteSettings: SiteSettings | null; profile: ProfileBasics | null }> {
  let row:
    | {
        role: string | null;
        suspension: ActiveSuspension | null;
        settings: SiteSettingRow[];
        profile: ProfileBasics | null;
      }
    | undefined;
  try {
    [row] = await queryPreparedRows(
      db,
      sql`select (select role from user_roles where user_id = ${userId} limit 1) as role,
          (${activeSuspensionJson(userId)}) as suspension,
          ${SITE_SETTING_ROWS_JSON} as settings,
          (select json_build_object('fullName', full_name, 'avatarUrl', avatar_url)
             from profiles where id = ${userId}) as profile`,
    );
  } catch (error) {
    logger.error({ err: error, userId }, "role lookup failed; falling back to user");
    // The suspension is asked again on its own: a failed lookup must not let a suspended
    // member write (its error is the request's, as before the two were one statement).
    return {
      role: DEFAULT_ROLE,
      suspension: await activeSuspension(db, userId),
      siteSettings: null,
      profile: null,
    };
  }
  return {
    role: roleOrDefault(row?.role),
    suspension: row?.suspension ?? null,
    siteSettings: row ? siteSettingsFromRows(row.settings) : null,
    // A member without a profile row shows no name, as the session's own read had it.
    profile: row ? (row.profile ?? { fullName: null, avatarUrl: null }) : null,
  };
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
