// /api/auth/passkeys (docs/product.md §2.24, docs/decisions/063): a member's passkeys in
// settings (add, list, rename, remove), signing in with one, and confirming it is the member
// with one (an email change). Attempts are counted per address and per account like codes.
// Removing the member's only second factor asks the password and ends every other session,
// as turning two-factor off does (decision 060); adding one ends none.
import { and, count, eq, ne, sql } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "@/server/context";
import { passkey, session, user } from "@/server/db/schema";
import { HttpError } from "@/server/lib/http-error";
import { uuidParam } from "@/server/lib/ids";
import { deviceName } from "@/server/lib/user-agent";
import { jsonBody } from "@/server/lib/validate";
import {
  addPasskeySchema,
  type PasskeyList,
  type PasskeySummary,
  passkeySignInSchema,
  removePasskeySchema,
  renamePasskeySchema,
} from "@/shared/passkeys";
import { accountMailDeps } from "./account-lifecycle";
import { passkeyAddedMail, passkeyRemovedMail } from "./account-mail";
import { isCurrentPassword } from "./current-password";
import { signedIn } from "./middleware";
import {
  assertionOptions,
  PASSKEY_LIMITS,
  PASSKEY_REFUSALS,
  type PasskeyDeps,
  type PasskeyRefusal,
  registerPasskey,
  registrationOptions,
} from "./passkeys";
import { forwardedRequest, reshapeError } from "./routes";
import { rememberDevice } from "./second-factor-routes";
import { sendSecurityNotice } from "./security-alerts";

const PASSKEY_NOT_FOUND = "Passkey not found";
const WRONG_PASSWORD = "Password is incorrect";
const PASSWORD_FOR_LAST_FACTOR =
  "Enter your password: this passkey is your only second factor, so removing it turns two-factor authentication off.";

function refusalError(refusal: PasskeyRefusal): HttpError {
  const { status, code, message } = PASSKEY_REFUSALS[refusal];
  return new HttpError(status, message, { code });
}

function passkeyDepsOf(deps: AppEnv["Variables"]["deps"]): PasskeyDeps {
  return { db: deps.db, siteUrl: deps.env.siteUrl, siteName: deps.env.siteName };
}

/** Counts a passkey attempt per address and, when known, per account (429 when over). */
async function countAttempt(
  deps: AppEnv["Variables"]["deps"],
  clientIp: string,
  userId?: string,
): Promise<void> {
  await deps.rateLimiter.hit(PASSKEY_LIMITS.perClient, clientIp);
  if (userId) await deps.rateLimiter.hit(PASSKEY_LIMITS.perAccount, userId);
}

const summaryColumns = {
  id: passkey.id,
  name: passkey.name,
  createdAt: passkey.createdAt,
  lastUsedAt: passkey.lastUsedAt,
};

function summaryOf(row: {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}): PasskeySummary {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export const passkeyRoutes = new Hono<AppEnv>()
  .use("/passkeys/*", async (c, next) => {
    await next();
    c.header("cache-control", "no-store");
  })
  .get("/passkeys", signedIn(), async (c) => {
    const { deps, viewer } = c.var;
    const rows = await deps.db
      .select(summaryColumns)
      .from(passkey)
      .where(eq(passkey.userId, viewer.id))
      .orderBy(passkey.createdAt);
    c.header("cache-control", "no-store");
    return c.json({
      passkeys: rows.map(summaryOf),
      authenticatorApp: viewer.authenticatorApp,
    } satisfies PasskeyList);
  })
  .post("/passkeys/registration-options", signedIn(), async (c) => {
    const { deps, viewer } = c.var;
    await countAttempt(deps, c.var.clientIp, viewer.id);
    return c.json(await registrationOptions(passkeyDepsOf(deps), viewer));
  })
  .post("/passkeys", signedIn(), jsonBody(addPasskeySchema), async (c) => {
    const { deps, viewer } = c.var;
    await countAttempt(deps, c.var.clientIp, viewer.id);
    const { name, response } = c.req.valid("json");
    // Unnamed, it is named after this browser and system ("Chrome 131 on macOS 15").
    const named = name || deviceName(c.req.header("user-agent") ?? null);
    const outcome = await registerPasskey(passkeyDepsOf(deps), viewer.id, response, named);
    if (!outcome.ok) throw refusalError(outcome.refusal);
    const { site } = accountMailDeps(deps);
    await sendSecurityNotice(deps, viewer.id, (to) => passkeyAddedMail(site, to, named));
    const [row] = await deps.db
      .select(summaryColumns)
      .from(passkey)
      .where(eq(passkey.id, outcome.id));
    return c.json(summaryOf(row as NonNullable<typeof row>), 201);
  })
  .patch("/passkeys/:id", signedIn(), jsonBody(renamePasskeySchema), async (c) => {
    const { deps, viewer } = c.var;
    const id = uuidParam(c, "id", PASSKEY_NOT_FOUND);
    const [row] = await deps.db
      .update(passkey)
      .set({ name: c.req.valid("json").name, updatedAt: new Date() })
      .where(and(eq(passkey.id, id), eq(passkey.userId, viewer.id)))
      .returning(summaryColumns);
    if (!row) throw new HttpError(404, PASSKEY_NOT_FOUND);
    return c.json(summaryOf(row));
  })
  .delete("/passkeys/:id", signedIn(), jsonBody(removePasskeySchema), async (c) => {
    const { deps, viewer } = c.var;
    const id = uuidParam(c, "id", PASSKEY_NOT_FOUND);
    await countAttempt(deps, c.var.clientIp, viewer.id);
    const { password } = c.req.valid("json");
    const [target] = await deps.db
      .select({ name: passkey.name })
      .from(passkey)
      .where(and(eq(passkey.id, id), eq(passkey.userId, viewer.id)));
    if (!target) throw new HttpError(404, PASSKEY_NOT_FOUND);
    const otherFactor = sql`(exists (select 1 from ${passkey} other where other.user_id = ${viewer.id} and other.id <> ${id})
      or exists (select 1 from ${user} where ${user.id} = ${viewer.id} and ${user.twoFactorEnabled}))`;
    let lastFactor = false;
    if (password === undefined) {
      // Removed only while another factor stays: checked in the delete itself, so two removals
      // at once cannot both leave the member without one.
      const removed = await deps.db
        .delete(passkey)
        .where(and(eq(passkey.id, id), otherFactor))
        .returning({ id: passkey.id });
      if (removed.length === 0) {
        throw new HttpError(400, PASSWORD_FOR_LAST_FACTOR, {
          code: "PASSWORD_REQUIRED",
          fields: { password: PASSWORD_FOR_LAST_FACTOR },
        });
      }
    } else {
      if (!(await isCurrentPassword(deps, viewer.id, password))) {
        throw new HttpError(400, WRONG_PASSWORD, { fields: { password: WRONG_PASSWORD } });
      }
      lastFactor = await deps.db.transaction(async (tx) => {
        const [left] = await tx
          .select({ yes: sql<boolean>`${otherFactor}` })
          .from(user)
          .where(eq(user.id, viewer.id));
        await tx.delete(passkey).where(eq(passkey.id, id));
        if (left?.yes) return false;
        await tx
          .delete(session)
          .where(and(eq(session.userId, viewer.id), ne(session.id, viewer.sessionId)));
        return true;
      });
    }
    const removed = { name: target.name, lastFactor };
    const { site } = accountMailDeps(deps);
    await sendSecurityNotice(deps, viewer.id, (to) =>
      passkeyRemovedMail(site, to, removed.name, removed.lastFactor),
    );
    return c.json({ ok: true });
  })
  // Confirming it is the member (an email change asks a second factor, decision 049's note).
  .post("/passkeys/confirmation-options", signedIn(), async (c) => {
    const { deps, viewer } = c.var;
    await countAttempt(deps, c.var.clientIp, viewer.id);
    const [row] = await deps.db
      .select({ n: count() })
      .from(passkey)
      .where(eq(passkey.userId, viewer.id));
    if (!row?.n) {
      throw new HttpError(409, "You have no passkey. Use a code from your authenticator app.", {
        code: "NO_PASSKEY",
      });
    }
    return c.json(await assertionOptions(passkeyDepsOf(deps), "confirmation", viewer.id));
  })
  .post("/passkeys/sign-in/options", async (c) => {
    const { deps } = c.var;
    await deps.rateLimiter.hit(PASSKEY_LIMITS.optionsPerClient, c.var.clientIp);
    return c.json(await assertionOptions(passkeyDepsOf(deps), "sign-in", null));
  })
  // The session is made by better-auth's endpoint (passkey-sign-in.ts), through the gate.
  .post("/passkeys/sign-in", jsonBody(passkeySignInSchema), async (c) => {
    const { deps } = c.var;
    await countAttempt(deps, c.var.clientIp);
    const response = await deps.auth.handler(
      forwardedRequest(c.req.raw, c.var.clientIp, c.req.valid("json")),
    );
    const answer = await reshapeError(response, deps.db);
    if (!answer.ok) return answer;
    return rememberDevice(c, answer);
  });
