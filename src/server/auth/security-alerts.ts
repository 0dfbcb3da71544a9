// Security notices by mail (docs/product.md §2.24, docs/decisions/060): a sign-in from a new
// device or browser, a second factor added or removed, a password changed. They go through
// the mail queue like every mail; a notice that cannot be queued is logged, never fails the
// action it reports.
import type { GenericEndpointContext } from "@better-auth/core";
import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { profiles, user } from "@/server/db/schema";
import type { Logger } from "@/server/lib/logger";
import type { Mailer, MailMessage } from "@/server/lib/mail";
import { deviceName } from "@/server/lib/user-agent";
import { newSignInMail } from "./account-mail";
import { deviceCookieAccount } from "./device-cookie";
import { PASSKEY_SIGN_IN_PATH } from "./passkey-sign-in";
import { SECOND_STEP_PATHS } from "./second-factor-gate";

export type AlertDeps = {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  /** The auth secret: it signs the device cookie. */
  secret: string;
  site: { siteName: string; siteUrl: string };
};

/** Queues `message(email)` for the member; logs instead of throwing. */
export async function sendSecurityNotice(
  deps: Pick<AlertDeps, "db" | "mailer" | "logger">,
  userId: string,
  message: (email: string) => MailMessage,
): Promise<void> {
  try {
    const [member] = await deps.db
      .select({ email: user.email })
      .from(user)
      .where(eq(user.id, userId));
    if (member) await deps.mailer.send(message(member.email));
  } catch (error) {
    deps.logger.error({ err: error, userId }, "could not queue a security notice");
  }
}

/** The requests that sign a member in (the others that create a session renew one). */
const SIGN_IN_PATHS: ReadonlySet<string> = new Set([
  "/sign-in/email",
  PASSKEY_SIGN_IN_PATH,
  ...SECOND_STEP_PATHS,
]);

/**
 * `databaseHooks.session.create.after`: mails the member when a sign-in makes a working session
 * in a browser whose device cookie (decision 051) does not name them. The first sign-in of an
 * account (the confirmation page's, before any request was made with it) is not news.
 */
export function alertNewDevice(deps: AlertDeps) {
  const secure = new URL(deps.site.siteUrl).protocol === "https:";
  return async (
    created: { userId: string; expiresAt: Date; userAgent?: string | null },
    ctx: GenericEndpointContext | null | undefined,
  ): Promise<void> => {
    if (!ctx || !SIGN_IN_PATHS.has(ctx.path) || ctx.context.session) return;
    if (new Date(created.expiresAt) <= new Date()) return;
    try {
      const cookie = ctx.headers?.get("cookie") ?? ctx.request?.headers.get("cookie");
      if ((await deviceCookieAccount(cookie, deps.secret, secure)) === created.userId) return;
      const [member] = await deps.db
        .select({ email: user.email, lastActiveAt: profiles.lastActiveAt })
        .from(user)
        .innerJoin(profiles, eq(profiles.id, user.id))
        .where(eq(user.id, created.userId));
      if (!member?.lastActiveAt) return;
      const device = deviceName(created.userAgent ?? null);
      await deps.mailer.send(newSignInMail(deps.site, member.email, device, new Date()));
    } catch (error) {
      deps.logger.error({ err: error }, "could not queue a new sign-in notice");
    }
  };
}
