// Every way to a session passes the second factor (docs/decisions/060). The check sits where
// better-auth creates a session (its session-create database hook), not in the routes that ask
// for one: a member with a second factor gets a working session only from the plugin's
// second-step endpoints, or as the renewal of a session that already passed. Any other session
// for them (a password sign-in, the confirmation page's, a route added later) is created
// already expired, so it works nowhere; the plugin's sign-in hook deletes it and starts the
// second step instead. A passkey sign-in's session is working too, for the member whose passkey
// that very request proved (decision 063).
import type { GenericEndpointContext } from "@better-auth/core";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { user } from "@/server/db/schema";
import type { RateLimiter } from "@/server/lib/rate-limit";
import { passkeyProvedMember } from "./passkey-sign-in";
import { claimTotpCode, REUSED_TOTP_CODE, SECOND_FACTOR_LIMITS } from "./second-factor-codes";

/** better-auth's two-factor endpoints that create a session only after checking a code. */
export const SECOND_STEP_PATHS: ReadonlySet<string> = new Set([
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
]);

/** The plugin's cookie naming a sign-in that waits for its second step. */
const CHALLENGE_COOKIE = "two_factor";

/** What a born-expired session expires at: better-auth deletes it when it is first read. */
const ALREADY_EXPIRED = new Date(0);

/** Whether the member has a second factor: a confirmed authenticator app or a passkey. */
export async function hasSecondFactor(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({
      enabled: sql<boolean>`${user.twoFactorEnabled} or exists (select 1 from passkey where passkey.user_id = ${userId})`,
    })
    .from(user)
    .where(eq(user.id, userId));
  return row?.enabled === true;
}

/** `databaseHooks.session.create.before`: see the module's comment. */
export function gateSessionCreation(db: Db) {
  return async (
    session: { userId: string },
    ctx: GenericEndpointContext | null | undefined,
  ): Promise<{ data: { expiresAt: Date } } | undefined> => {
    if (!(await hasSecondFactor(db, session.userId))) return undefined;
    if (ctx && SECOND_STEP_PATHS.has(ctx.path)) return undefined;
    // A passkey sign-in: this request checked one of this member's passkeys, user verified.
    if (ctx && passkeyProvedMember(ctx) === session.userId) return undefined;
    // A renewal (a password change, turning two-factor off): the request's own session passed.
    if (ctx?.context.session?.user.id === session.userId) return undefined;
    return { data: { expiresAt: ALREADY_EXPIRED } };
  };
}

/** The member a second-step request is for: its session's, or its pending sign-in's. */
async function secondStepMember(ctx: GenericEndpointContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie(CHALLENGE_COOKIE);
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return pending && pending.expiresAt > new Date() ? pending.value : null;
}

export const TOTP_CODE_REUSED = { code: "TOTP_CODE_REUSED", message: REUSED_TOTP_CODE };

/**
 * better-auth's before-hook for the second step: codes are counted per account and per client
 * address, and a TOTP code's time-step is claimed before the plugin checks the code, so a code
 * accepted once is refused after (RFC 6238 §5.2).
 */
export function secondStepChecks(deps: {
  db: Db;
  rateLimiter: RateLimiter;
  clientIpHeader: string;
}) {
  return createAuthMiddleware(async (ctx) => {
    if (!SECOND_STEP_PATHS.has(ctx.path)) return;
    const userId = await secondStepMember(ctx);
    // No session and no pending sign-in: the plugin refuses it.
    if (!userId) return;
    const clientIp = ctx.headers?.get(deps.clientIpHeader) ?? "unknown";
    const limits = [
      [SECOND_FACTOR_LIMITS.perAccount, userId],
      [SECOND_FACTOR_LIMITS.perClient, clientIp],
    ] as const;
    for (const [rule, subject] of limits) {
      if (!(await deps.rateLimiter.allow(rule, subject))) {
        throw new APIError("TOO_MANY_REQUESTS", { code: "RATE_LIMITED", message: rule.message });
      }
    }
    if (ctx.path !== "/two-factor/verify-totp") return;
    const body = ctx.body as { code?: unknown } | undefined;
    const code = typeof body?.code === "string" ? body.code : "";
    const outcome = await claimTotpCode(
      { db: deps.db, secretConfig: ctx.context.secretConfig },
      userId,
      code,
    );
    if (outcome === "reused") throw new APIError("UNAUTHORIZED", TOTP_CODE_REUSED);
  });
}
