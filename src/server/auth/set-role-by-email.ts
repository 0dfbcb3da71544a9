import type { Db } from "@/server/db/client";
import { isRole, ROLES, type Role } from "@/shared/permissions";
import { findUserIdByEmail, setRole } from "./roles";

export const CLI_REASON = "Set from the command line";

export type SetRoleResult =
  | { ok: true; email: string; role: Role; oldRole: Role | null }
  | { ok: false; message: string };

/** What `npm run role -- <email> <role>` does, apart from opening the database. */
export async function setRoleByEmail(
  db: Db,
  email: string | undefined,
  role: string | undefined,
): Promise<SetRoleResult> {
  if (!email || !role) return { ok: false, message: "Usage: npm run role -- <email> <role>" };
  if (!isRole(role))
    return { ok: false, message: `Unknown role "${role}": use one of ${ROLES.join(", ")}.` };
  const userId = await findUserIdByEmail(db, email);
  if (!userId)
    return {
      ok: false,
      message: `No verified account with the email ${email}. Sign up and confirm the email first, then run this again.`,
    };
  const { oldRole } = await setRole(db, {
    targetUserId: userId,
    newRole: role,
    changedBy: null,
    reason: CLI_REASON,
  });
  return { ok: true, email: email.trim().toLowerCase(), role, oldRole };
}
