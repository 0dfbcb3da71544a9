// Recovery without a back door (docs/decisions/060): a member who lost both the authenticator
// app and the recovery codes asks an admin, who (passing their own second factor again) has a
// link mailed to the member; the factor goes only when the member opens it, so neither an admin
// alone nor someone with the password alone can remove it. Both steps are in the moderation log.
// The last admin, whom no other admin can help, is reset on the server: `npm run role`.
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { user } from "@/server/db/schema";
import { recordModerationAction } from "@/server/domain/moderation/log";
import type { AccountMailDeps } from "./account-lifecycle";
import {
  SECOND_FACTOR_RESET_LINK_HOURS,
  secondFactorRemovedMail,
  secondFactorResetMail,
} from "./account-mail";
import { consumeToken, issueToken } from "./account-tokens";
import { hasSecondFactor } from "./second-factor-gate";
import { removeSecondFactor } from "./second-factor-removal";
import { sendSecurityNotice } from "./security-alerts";

export const RESET_STARTED_ACTION = "second-factor-reset";
export const RESET_DONE_ACTION = "second-factor-removed";

type StartOutcome = "sent" | "not-found" | "no-factor";

async function memberOf(db: Db, userId: string) {
  const [found] = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(eq(user.id, userId));
  return found ? { ...found, enabled: await hasSecondFactor(db, found.id) } : null;
}

/** An admin's start: mails the member the link and logs it. */
export async function startSecondFactorReset(
  deps: AccountMailDeps,
  adminId: string,
  memberId: string,
): Promise<StartOutcome> {
  const member = await memberOf(deps.db, memberId);
  if (!member) return "not-found";
  if (!member.enabled) return "no-factor";
  const token = await issueToken(
    deps.db,
    "reset-second-factor",
    { userId: member.id, email: member.email.toLowerCase() },
    SECOND_FACTOR_RESET_LINK_HOURS * 3600,
  );
  await deps.mailer.send(secondFactorResetMail(deps.site, member.email, token));
  await recordModerationAction(deps.db, {
    actorId: adminId,
    action: RESET_STARTED_ACTION,
    targetKind: "member",
    targetId: member.id,
    subjectId: member.id,
    reason: "Reset link mailed to the member",
  });
  return "sent";
}

/** The member's link: removes the factor and ends every session; false for a bad link. */
export async function finishSecondFactorReset(
  deps: AccountMailDeps,
  token: string,
): Promise<boolean> {
  const claim = await consumeToken(deps.db, "reset-second-factor", token);
  if (!claim) return false;
  const member = await memberOf(deps.db, claim.userId);
  // A link sent before an email change is for the address it was sent to only.
  if (!member || member.email.toLowerCase() !== claim.email) return false;
  await removeSecondFactor(deps.db, member.id, null, { passkeysToo: true });
  await recordModerationAction(deps.db, {
    actorId: member.id,
    action: RESET_DONE_ACTION,
    targetKind: "member",
    targetId: member.id,
    subjectId: member.id,
    reason: "The member opened the reset link",
  });
  await sendSecurityNotice(deps, member.id, (to) => secondFactorRemovedMail(deps.site, to));
  return true;
}

export type CliResetResult = { ok: true; email: string } | { ok: false; message: string };

/** `npm run role -- --reset-second-factor <email>`: whoever runs it holds the server. */
export async function resetSecondFactorByEmail(
  db: Db,
  email: string | undefined,
): Promise<CliResetResult> {
  if (!email) return { ok: false, message: "Usage: npm run role -- --reset-second-factor <email>" };
  const address = email.trim().toLowerCase();
  const [found] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, address));
  if (!found) return { ok: false, message: `No account with the email ${address}.` };
  if (!(await hasSecondFactor(db, found.id))) {
    return { ok: false, message: `${address} has no two-factor authentication to reset.` };
  }
  await removeSecondFactor(db, found.id, null, { passkeysToo: true });
  await recordModerationAction(db, {
    actorId: null,
    action: RESET_DONE_ACTION,
    targetKind: "member",
    targetId: found.id,
    subjectId: found.id,
    reason: "Reset from the command line",
  });
  return { ok: true, email: address };
}
