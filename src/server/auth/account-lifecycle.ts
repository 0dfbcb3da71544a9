// What happens to an account between sign-up and its owner's first sign-in, and afterwards
// when its address changes. An unverified account owns nothing (no profile, no role beyond
// `user`, no ADMIN_EMAILS promotion: docs/decisions/014); only a link that reached the inbox
// verifies it, and the password chosen on that link's page is the one that becomes active.
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { user, verification } from "@/server/db/schema";
import { suspendIfAddressSuspended } from "@/server/domain/moderation/suspended-addresses";
import type { JobQueue } from "@/server/lib/jobs";
import type { Logger } from "@/server/lib/logger";
import type { Mailer, MailMessage } from "@/server/lib/mail";
import type { RateLimiter, RateLimitRule } from "@/server/lib/rate-limit";
import { alreadyRegisteredMail, CONFIRMATION_LINK_HOURS, confirmationMail } from "./account-mail";
import { issueToken, revokeTokens } from "./account-tokens";
import { promoteAdminEmails } from "./roles";
import { removeForgottenSignInFailures } from "./sign-in-delay";

const TOO_MANY = "Too many requests. Please wait a while and try again.";

/**
 * Mail to an address that someone else may have typed is limited per recipient. Over the
 * limit nothing is sent and nothing is revoked, and the answer does not change: links already
 * in the inbox keep working, so a stranger can neither flood an inbox nor lock its owner out.
 */
export const ACCOUNT_MAIL_LIMITS = {
  /** Sign-up confirmation, its resend, and "you already have an account". */
  signUpPerRecipient: { name: "sign-up-mail", max: 3, windowSeconds: 3600, message: TOO_MANY },
  resetPerRecipient: { name: "reset-mail", max: 3, windowSeconds: 3600, message: TOO_MANY },
  emailChangePerRecipient: {
    name: "email-change-mail",
    max: 3,
    windowSeconds: 3600,
    message: TOO_MANY,
  },
  /** Resend and reset requests per client address: this one answers 429. */
  perClient: { name: "account-mail-client", max: 10, windowSeconds: 3600, message: TOO_MANY },
} satisfies Record<string, RateLimitRule>;

/** Unverified accounts older than this are removed. */
export const UNVERIFIED_ACCOUNT_DAYS = 7;

export type AccountMailDeps = {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  rateLimiter: RateLimiter;
  site: { siteName: string; siteUrl: string };
};

/** What account mail needs, out of the app's dependencies: one spelling for every route. */
export function accountMailDeps(deps: {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  rateLimiter: RateLimiter;
  env: { siteName: string; siteUrl: string };
}): AccountMailDeps {
  const { db, mailer, logger, rateLimiter, env } = deps;
  return {
    db,
    mailer,
    logger,
    rateLimiter,
    site: { siteName: env.siteName, siteUrl: env.siteUrl },
  };
}

/** Sends `message` unless its recipient has had enough of this kind of mail this hour. */
export async function sendLimited(
  deps: AccountMailDeps,
  rule: RateLimitRule,
  message: () => Promise<MailMessage>,
  recipient: string,
): Promise<boolean> {
  if (!(await deps.rateLimiter.allow(rule, recipient.toLowerCase()))) {
    deps.logger.info({ rule: rule.name }, "mail not sent: recipient limit reached");
    return false;
  }
  try {
    await deps.mailer.send(await message());
    return true;
  } catch (error) {
    deps.logger.error({ err: error, rule: rule.name }, "account mail failed");
    return false;
  }
}

/** A fresh confirmation link for an unverified account; earlier links stop working. */
export function sendConfirmation(
  deps: AccountMailDeps,
  account: { id: string; email: string },
): Promise<boolean> {
  return sendLimited(
    deps,
    ACCOUNT_MAIL_LIMITS.signUpPerRecipient,
    async () => {
      const token = await issueToken(
        deps.db,
        "confirm-email",
        { userId: account.id, email: account.email },
        CONFIRMATION_LINK_HOURS * 3600,
      );
      return confirmationMail(deps.site, account.email, token);
    },
    account.email,
  );
}

/** A sign-up for an address that already has an account: tell its owner, never the visitor. */
export async function answerRepeatedSignUp(
  deps: AccountMailDeps,
  account: { id: string; email: string; emailVerified: boolean },
): Promise<void> {
  if (!account.emailVerified) {
    await sendConfirmation(deps, account);
    return;
  }
  await sendLimited(
    deps,
    ACCOUNT_MAIL_LIMITS.signUpPerRecipient,
    async () => alreadyRegisteredMail(deps.site, account.email),
    account.email,
  );
}

/**
 * Marks an account verified: the trigger of migration 0011 creates its profile and `user`
 * role in the same statement; ADMIN_EMAILS applies from now on; its confirmation links end; an
 * address a suspended account held is suspended alike (docs/decisions/047).
 */
export async function activateAccount(
  db: Db,
  account: { id: string; email: string },
  options: { adminEmails: readonly string[]; secret: string },
): Promise<void> {
  const { adminEmails } = options;
  await db
    .update(user)
    .set({ emailVerified: true, updatedAt: sql`now()` })
    .where(and(eq(user.id, account.id), eq(user.emailVerified, false)));
  await revokeTokens(db, "confirm-email", account.id);
  const email = account.email.toLowerCase();
  await promoteAdminEmails(
    db,
    adminEmails.filter((listed) => listed === email),
  );
  await suspendIfAddressSuspended(db, options.secret, { id: account.id, email });
}

/**
 * Removes unverified accounts past their week, expired links and forgotten sign-in failures;
 * returns how many accounts.
 */
export async function removeStaleAccounts(db: Db): Promise<number> {
  const removed = await db
    .delete(user)
    .where(
      and(
        eq(user.emailVerified, false),
        lt(user.createdAt, sql`now() - make_interval(days => ${UNVERIFIED_ACCOUNT_DAYS})`),
      ),
    )
    .returning({ id: user.id });
  await db.delete(verification).where(lt(verification.expiresAt, sql`now()`));
  await removeForgottenSignInFailures(db);
  return removed.length;
}

export const STALE_ACCOUNTS_QUEUE = "remove-stale-accounts";

/**
 * Removes stale accounts every hour through the job queue (docs/decisions/019): the cron
 * schedule sends one job an hour for all instances together, and the delete is one idempotent
 * statement whoever runs it.
 */
export function defineStaleAccountSweep(jobs: JobQueue, db: Db, logger: Logger): void {
  jobs.define({
    name: STALE_ACCOUNTS_QUEUE,
    policy: "short",
    cron: "17 * * * *",
    handler: async () => {
      const removed = await removeStaleAccounts(db);
      if (removed > 0) logger.info({ removed }, "removed unverified accounts older than a week");
    },
  });
}
