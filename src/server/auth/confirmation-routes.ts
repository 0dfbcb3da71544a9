// The sign-up confirmation: asking for a fresh link, and the link's page, where the password
// that becomes active is chosen (docs/decisions/014). Mounted under /api/auth.
import { and, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "@/server/context";
import type { Db, Tx } from "@/server/db/client";
import { account, session, user } from "@/server/db/schema";
import { findSitePage } from "@/server/domain/site/site-pages";
import { recordTermsAcceptance } from "@/server/domain/site/terms-acceptance";
import { HttpError } from "@/server/lib/http-error";
import { jsonBody, queryParams } from "@/server/lib/validate";
import type { PendingConfirmation } from "@/shared/api-types";
import {
  confirmationTokenQuerySchema,
  confirmEmailSchema,
  emailOnlySchema,
} from "@/shared/schemas";
import {
  ACCOUNT_MAIL_LIMITS,
  accountMailDeps,
  activateAccount,
  sendConfirmation,
} from "./account-lifecycle";
import { consumeToken, peekToken } from "./account-tokens";
import { CLIENT_IP_HEADER } from "./auth";
import { deviceCookieFor, knownDeviceOf } from "./known-device";

export const INVALID_CONFIRMATION_MESSAGE =
  "This confirmation link is invalid or has expired. Sign in to ask for a new one, or sign up again.";

const INVALID_CONFIRMATION_LINK = new HttpError(400, INVALID_CONFIRMATION_MESSAGE, {
  code: "INVALID_TOKEN",
});

/**
 * The account a confirmation link would confirm (its address and the name typed at sign-up),
 * or null for a dead link. Reading it uses nothing up: the API's check and the page's render.
 */
export async function pendingConfirmation(
  db: Db,
  token: string,
): Promise<PendingConfirmation | null> {
  const claim = await peekToken(db, "confirm-email", token);
  if (!claim) return null;
  const [found] = await db
    .select({ email: user.email, name: user.name })
    .from(user)
    .where(
      and(eq(user.id, claim.userId), eq(user.email, claim.email), eq(user.emailVerified, false)),
    );
  if (!found) return null;
  // The terms the page asks to accept (docs/decisions/082).
  const terms = await findSitePage(db, "terms");
  return { ...found, terms: { version: terms?.version ?? 1, updatedAt: terms?.updatedAt ?? null } };
}

/** Sets the password of an unverified account whose link was just used; null if none. */
async function setConfirmedCredentials(
  tx: Tx,
  claim: { userId: string; email: string },
  chosen: { name: string; passwordHash: string },
): Promise<{ id: string; email: string } | null> {
  const [found] = await tx
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(
      and(eq(user.id, claim.userId), eq(user.email, claim.email), eq(user.emailVerified, false)),
    )
    .for("update");
  if (!found) return null;
  // Before verification: the trigger then copies the name into the new profile.
  await tx.update(user).set({ name: chosen.name }).where(eq(user.id, found.id));
  const updated = await tx
    .update(account)
    .set({ password: chosen.passwordHash, updatedAt: sql`now()` })
    .where(and(eq(account.userId, found.id), eq(account.providerId, "credential")))
    .returning({ id: account.id });
  if (updated.length === 0) {
    await tx.insert(account).values({
      id: crypto.randomUUID(),
      accountId: found.id,
      providerId: "credential",
      userId: found.id,
      password: chosen.passwordHash,
    });
  }
  // An unverified account cannot sign in, so it has no sessions; none survive this anyway.
  await tx.delete(session).where(eq(session.userId, found.id));
  return found;
}

export const confirmationRoutes = new Hono<AppEnv>()
  .get("/confirm-email", queryParams(confirmationTokenQuerySchema), async (c) => {
    c.header("cache-control", "no-store");
    const found = await pendingConfirmation(c.var.deps.db, c.req.valid("query").token);
    if (!found) throw INVALID_CONFIRMATION_LINK;
    return c.json(found satisfies PendingConfirmation);
  })
  .post("/resend-confirmation", jsonBody(emailOnlySchema), async (c) => {
    const { db, rateLimiter } = c.var.deps;
    await rateLimiter.hit(ACCOUNT_MAIL_LIMITS.perClient, c.var.clientIp);
    const email = c.req.valid("json").email.toLowerCase();
    const [found] = await db
      .select({ id: user.id, email: user.email, emailVerified: user.emailVerified })
      .from(user)
      .where(eq(user.email, email));
    // The same answer whether or not an unverified account holds the address.
    if (found && !found.emailVerified) {
      await sendConfirmation(accountMailDeps(c.var.deps), found);
    }
    return c.json({ ok: true });
  })
  .post("/confirm-email", jsonBody(confirmEmailSchema), async (c) => {
    const { auth, db, env, secret } = c.var.deps;
    const { token, name, password, termsVersion } = c.req.valid("json");
    const passwordHash = await (await auth.$context).password.hash(password);
    const confirmed = await db.transaction(async (tx) => {
      const claim = await consumeToken(tx, "confirm-email", token);
      if (!claim) return null;
      const found = await setConfirmedCredentials(tx, claim, { name, passwordHash });
      if (found) {
        await activateAccount(tx, found, { adminEmails: env.adminEmails, secret });
        // Confirming accepts the terms the page showed (docs/decisions/082); a version that
        // changed meanwhile refuses the whole confirmation, and the link still works.
        await recordTermsAcceptance(tx as unknown as Db, found.id, termsVersion);
      }
      return found;
    });
    if (!confirmed) throw INVALID_CONFIRMATION_LINK;

    // Signed in with the password just chosen, through better-auth's own sign-in.
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, c.var.clientIp);
    const signedIn = await auth.api.signInEmail({
      body: { email: confirmed.email, password },
      headers,
      asResponse: true,
    });
    if (!signedIn.ok)
      c.var.deps.logger.warn({ status: signedIn.status }, "sign-in after confirmation failed");
    for (const cookie of signedIn.headers.getSetCookie()) {
      c.header("set-cookie", cookie, { append: true });
    }
    // This browser signed in (decision 051): its next sign-in is not a new device's (decision
    // 060), unless the account's second factor still stands between it and a session.
    const body = (await signedIn.json().catch(() => null)) as {
      twoFactorRedirect?: unknown;
    } | null;
    if (signedIn.ok && body?.twoFactorRedirect !== true) {
      const device = await deviceCookieFor(c, confirmed.id, await knownDeviceOf(c));
      c.header("set-cookie", device, { append: true });
    }
    c.header("cache-control", "no-store");
    return c.json({ ok: true });
  });
