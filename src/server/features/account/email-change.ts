// Changing a member's email: a link to the new address confirms it, the old address is told,
// and nothing changes until the link is opened.
import { eq, sql } from "drizzle-orm";
import {
  ACCOUNT_MAIL_LIMITS,
  type AccountMailDeps,
  sendLimited,
} from "@/server/auth/account-lifecycle";
import {
  CONFIRMATION_LINK_HOURS,
  emailChangeMail,
  emailChangeNoticeMail,
} from "@/server/auth/account-mail";
import { consumeToken, issueToken } from "@/server/auth/account-tokens";
import { promoteAdminEmails } from "@/server/auth/roles";
import type { Db } from "@/server/db/client";
import { profiles, user } from "@/server/db/schema";
import {
  rememberSuspendedAddress,
  suspendIfAddressSuspended,
} from "@/server/domain/moderation/suspended-addresses";

/**
 * Mails the link to `newEmail` and a notice to the current address. When a verified account
 * already holds `newEmail`, nothing is sent and the member is not told: the answer must not
 * say which addresses have accounts.
 */
export async function requestEmailChange(
  deps: AccountMailDeps,
  member: { id: string; email: string },
  newEmail: string,
): Promise<void> {
  const [holder] = await deps.db
    .select({ emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.email, newEmail));
  if (holder?.emailVerified) {
    deps.logger.info({ userId: member.id }, "email change to an address in use: nothing sent");
    return;
  }
  const sent = await sendLimited(
    deps,
    ACCOUNT_MAIL_LIMITS.emailChangePerRecipient,
    async () => {
      const token = await issueToken(
        deps.db,
        "change-email",
        { userId: member.id, email: newEmail },
        CONFIRMATION_LINK_HOURS * 3600,
      );
      return emailChangeMail(deps.site, newEmail, token);
    },
    newEmail,
  );
  if (!sent) return;
  await deps.mailer
    .send(emailChangeNoticeMail(deps.site, member.email, newEmail))
    .catch((error: unknown) => deps.logger.error({ err: error }, "email change notice failed"));
}

export type EmailChangeOutcome =
  | { status: "changed"; email: string }
  | { status: "invalid" }
  | { status: "taken" };

/**
 * Uses the link: the account's email becomes the address the link was sent to. A suspended
 * member's new address is kept hashed too, and an address a suspended account held suspends
 * this one alike (docs/decisions/047).
 */
export async function confirmEmailChange(
  db: Db,
  token: string,
  options: { adminEmails: readonly string[]; secret: string },
): Promise<EmailChangeOutcome> {
  const { adminEmails, secret } = options;
  return db.transaction(async (tx): Promise<EmailChangeOutcome> => {
    const claim = await consumeToken(tx, "change-email", token);
    if (!claim) return { status: "invalid" };
    const [holder] = await tx
      .select({ id: user.id, emailVerified: user.emailVerified })
      .from(user)
      .where(eq(user.email, claim.email))
      .for("update");
    if (holder && holder.id !== claim.userId) {
      if (holder.emailVerified) return { status: "taken" };
      // An unverified account owns nothing, not even its address: the inbox's holder wins.
      await tx.delete(user).where(eq(user.id, holder.id));
    }
    const changed = await tx
      .update(user)
      .set({ email: claim.email, emailVerified: true, updatedAt: sql`now()` })
      .where(eq(user.id, claim.userId))
      .returning({ id: user.id });
    if (changed.length === 0) return { status: "invalid" };
    await tx
      .update(profiles)
      .set({ email: claim.email, updatedAt: sql`now()` })
      .where(eq(profiles.id, claim.userId));
    await promoteAdminEmails(
      tx,
      adminEmails.filter((listed) => listed === claim.email),
    );
    const member = { id: claim.userId, email: claim.email };
    await rememberSuspendedAddress(tx, secret, member);
    await suspendIfAddressSuspended(tx, secret, member);
    return { status: "changed", email: claim.email };
  });
}
