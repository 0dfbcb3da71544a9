// Changing a member's email (docs/product.md §4.2, docs/decisions/049): the current password
// is asked, a link to the new address confirms it, and nothing changes until it is opened.
// Confirming ends the other sessions and every older link; the old address gets a link that
// undoes the change for 7 days.
import { and, eq, gt, ne, sql } from "drizzle-orm";
import {
  ACCOUNT_MAIL_LIMITS,
  type AccountMailDeps,
  sendLimited,
} from "@/server/auth/account-lifecycle";
import {
  CONFIRMATION_LINK_HOURS,
  emailChangedMail,
  emailChangeMail,
  emailChangeNoticeMail,
  UNDO_LINK_DAYS,
} from "@/server/auth/account-mail";
import {
  consumeToken,
  currentTokenExpiry,
  issueToken,
  peekToken,
  revokeAllTokens,
  spendToken,
  wasSpent,
} from "@/server/auth/account-tokens";
import { promoteAdminEmails } from "@/server/auth/roles";
import type { Db, Tx } from "@/server/db/client";
import { account, passkey, profiles, session, twoFactor, user } from "@/server/db/schema";
import {
  rememberSuspendedAddress,
  suspendIfAddressSuspended,
} from "@/server/domain/moderation/suspended-addresses";

/**
 * When the account may change its email again, or null when it may now. While the undo link of
 * the last change works, the address stays: a second change would put the way back in the
 * hands of whoever made the first (decision 049).
 */
export function emailChangeLockedUntil(db: Db, userId: string): Promise<Date | null> {
  return currentTokenExpiry(db, "undo-email-change", userId);
}

/**
 * Mails the link to `newEmail` and a notice to the current address. When a verified account
 * already holds `newEmail`, nothing is sent and the member is not told: the answer must not
 * say which addresses have accounts. `sessionId` is the session that asked: it alone stays
 * signed in once the change is confirmed.
 */
export async function requestEmailChange(
  deps: AccountMailDeps,
  member: { id: string; email: string; sessionId: string },
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
        { userId: member.id, email: newEmail, context: member.sessionId },
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

/** Frees `email` for account `userId`: false when another verified account holds it. */
async function claimAddress(tx: Tx, userId: string, email: string): Promise<boolean> {
  const [holder] = await tx
    .select({ id: user.id, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.email, email))
    .for("update");
  if (!holder || holder.id === userId) return true;
  if (holder.emailVerified) return false;
  // An unverified account owns nothing, not even its address: the inbox's holder wins.
  await tx.delete(user).where(eq(user.id, holder.id));
  return true;
}

/** Makes `email` the account's (verified: a link to it was opened); false when it is gone. */
async function setAccountEmail(
  tx: Tx,
  userId: string,
  email: string,
  adminEmails: readonly string[],
): Promise<boolean> {
  const changed = await tx
    .update(user)
    .set({ email, emailVerified: true, updatedAt: sql`now()` })
    .where(eq(user.id, userId))
    .returning({ id: user.id });
  if (changed.length === 0) return false;
  await tx.update(profiles).set({ email, updatedAt: sql`now()` }).where(eq(profiles.id, userId));
  await promoteAdminEmails(
    tx,
    adminEmails.filter((listed) => listed === email),
  );
  return true;
}

/**
 * Uses the link: the account's email becomes the address the link was sent to (and is checked
 * against suspended addresses, decision 047). Every session but the one that asked ends, every older link of the account (resets included) stops
 * working, and the old address is mailed the undo link.
 */
export async function confirmEmailChange(
  deps: AccountMailDeps,
  token: string,
  options: { adminEmails: readonly string[]; secret: string },
): Promise<EmailChangeOutcome> {
  const { adminEmails, secret } = options;
  const outcome = await deps.db.transaction(async (tx) => {
    const claim = await consumeToken(tx, "change-email", token);
    if (!claim) return { status: "invalid" as const };
    const [member] = await tx
      .select({ email: user.email })
      .from(user)
      .where(eq(user.id, claim.userId))
      .for("update");
    if (!member) return { status: "invalid" as const };
    if (!(await claimAddress(tx, claim.userId, claim.email))) return { status: "taken" as const };
    await setAccountEmail(tx, claim.userId, claim.email, adminEmails);
    // A suspended member's new address is kept hashed too, and an address a suspended account
    // held suspends this one alike (docs/decisions/047).
    const changed = { id: claim.userId, email: claim.email };
    await rememberSuspendedAddress(tx, secret, changed);
    await suspendIfAddressSuspended(tx, secret, changed);
    await tx
      .delete(session)
      .where(and(eq(session.userId, claim.userId), ne(session.id, claim.context ?? "")));
    await revokeAllTokens(tx, claim.userId);
    const undoToken = await issueToken(
      tx,
      "undo-email-change",
      { userId: claim.userId, email: member.email, context: claim.email },
      UNDO_LINK_DAYS * 24 * 3600,
    );
    return { status: "changed" as const, email: claim.email, oldEmail: member.email, undoToken };
  });
  if (outcome.status !== "changed") return outcome;
  await deps.mailer
    .send(emailChangedMail(deps.site, outcome.oldEmail, outcome.email, outcome.undoToken))
    .catch((error: unknown) => deps.logger.error({ err: error }, "email changed notice failed"));
  return { status: "changed", email: outcome.email };
}

export type EmailChangeUndoOutcome =
  | { status: "undone"; email: string }
  /** This link was used already: the change is undone. */
  | { status: "already-undone" }
  /** Bad, expired, or ended by something newer (an undo, a reset). */
  | { status: "invalid" }
  /** The account's email is no longer the one this change made. */
  | { status: "superseded" }
  /** Another verified account holds the old address now. */
  | { status: "taken" };

/**
 * Removes what a second factor or passkey added after `since` would give whoever made the
 * change (decisions 049, 060, 063): the passkeys added since, and an authenticator app set up
 * since (which turns two-factor off).
 */
async function removeFactorsAddedSince(tx: Tx, userId: string, since: Date): Promise<void> {
  await tx.delete(passkey).where(and(eq(passkey.userId, userId), gt(passkey.createdAt, since)));
  const apps = await tx
    .delete(twoFactor)
    .where(and(eq(twoFactor.userId, userId), gt(twoFactor.createdAt, since)))
    .returning({ id: twoFactor.id });
  if (apps.length > 0) {
    await tx
      .update(user)
      .set({ twoFactorEnabled: false, updatedAt: sql`now()` })
      .where(eq(user.id, userId));
  }
}

/**
 * The old address's way back (decision 049): restores it, ends every session (the one that
 * made the change included) and every link, and signs nobody in. Whoever made the change knew
 * the password, so it is replaced by `lockedPasswordHash()` (the hash of a password nobody
 * knows, hashed only for a working link): the caller then mails a reset link to the restored address, which sets the next one.
 */
export async function undoEmailChange(
  db: Db,
  token: string,
  options: { adminEmails: readonly string[]; lockedPasswordHash: () => Promise<string> },
): Promise<EmailChangeUndoOutcome> {
  return db.transaction(async (tx): Promise<EmailChangeUndoOutcome> => {
    const unusable = async (): Promise<EmailChangeUndoOutcome> =>
      (await wasSpent(tx, "undo-email-change", token))
        ? { status: "already-undone" }
        : { status: "invalid" };
    const found = await peekToken(tx, "undo-email-change", token);
    if (!found) return unusable();
    const [member] = await tx
      .select({ email: user.email })
      .from(user)
      .where(eq(user.id, found.userId))
      .for("update");
    // Clicks on the same account take turns on its row: the link is read again after the wait.
    const claim = member ? await peekToken(tx, "undo-email-change", token) : null;
    if (!member || !claim?.context) return unusable();
    if (member.email !== claim.context) return { status: "superseded" };
    if (!(await claimAddress(tx, claim.userId, claim.email))) return { status: "taken" };
    if (!(await spendToken(tx, "undo-email-change", token))) return unusable();
    await setAccountEmail(tx, claim.userId, claim.email, options.adminEmails);
    await tx
      .update(account)
      .set({ password: await options.lockedPasswordHash(), updatedAt: sql`now()` })
      .where(and(eq(account.userId, claim.userId), eq(account.providerId, "credential")));
    await tx.delete(session).where(eq(session.userId, claim.userId));
    await revokeAllTokens(tx, claim.userId);
    const changedAt = new Date(claim.expiresAt.getTime() - UNDO_LINK_DAYS * 24 * 3600 * 1000);
    await removeFactorsAddedSince(tx, claim.userId, changedAt);
    return { status: "undone", email: claim.email };
  });
}
