// /api/auth/two-factor: two-factor sign-in (docs/product.md §2.24, docs/decisions/060) through
// better-auth's plugin, behind our front door like the other account endpoints (routes.ts):
// bodies checked with the shared schemas, answers and errors in our shape. Turning it off is
// ours (the plugin asks the password only); regenerating recovery codes asks a code too.
import { and, eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import type { AppEnv } from "@/server/context";
import { twoFactor } from "@/server/db/schema";
import { readSiteSettings } from "@/server/domain/site/site-settings";
import { HttpError } from "@/server/lib/http-error";
import { jsonBody } from "@/server/lib/validate";
import {
  disableTwoFactorSchema,
  enableTwoFactorSchema,
  finishSecondFactorResetSchema,
  regenerateRecoveryCodesSchema,
  secretOfTotpUri,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
  verifyRecoveryCodeSchema,
  verifyTotpSchema,
} from "@/shared/second-factor";
import { accountMailDeps } from "./account-lifecycle";
import { secondFactorAddedMail, secondFactorRemovedMail } from "./account-mail";
import { isCurrentPassword } from "./current-password";
import { deviceCookieFor, knownDeviceOf } from "./known-device";
import { signedIn } from "./middleware";
import { type ErrorRewrite, forwardedRequest, okResponse, reshapeError } from "./routes";
import {
  codeDepsOf,
  isRecoveryCode,
  requireTotpCode,
  SECOND_FACTOR_LIMITS,
  WRONG_TOTP_CODE,
} from "./second-factor-codes";
import { TOTP_CODE_REUSED } from "./second-factor-gate";
import { removeSecondFactor } from "./second-factor-removal";
import { finishSecondFactorReset } from "./second-factor-reset";
import { sendSecurityNotice } from "./security-alerts";
import { getViewer } from "./viewer";

const WRONG_PASSWORD = "Password is incorrect";

/** better-auth's two-factor error codes, in docs/product.md §2.24's words. */
const CODE_REWRITES = {
  INVALID_CODE: { code: "INVALID_CODE", message: WRONG_TOTP_CODE, field: "code" },
  TOTP_CODE_REUSED: { ...TOTP_CODE_REUSED, field: "code" },
  INVALID_BACKUP_CODE: {
    code: "INVALID_CODE",
    message: "That recovery code is not right, or it has been used already.",
    field: "code",
  },
  INVALID_TWO_FACTOR_COOKIE: {
    code: "SIGN_IN_EXPIRED",
    message: "This sign-in has expired. Please sign in with your password again.",
  },
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: {
    code: "SIGN_IN_EXPIRED",
    message: "Too many wrong codes. Please sign in with your password again.",
  },
  ACCOUNT_TEMPORARILY_LOCKED: {
    code: "RATE_LIMITED",
    message: "Too many wrong codes. Please wait 15 minutes and try again.",
  },
  TOTP_NOT_ENABLED: {
    code: "NOT_ENROLLED",
    message: "Two-factor authentication is not set up. Start again from your settings.",
  },
  INVALID_PASSWORD: { message: WRONG_PASSWORD, field: "password" },
  TOTP_ALREADY_ENABLED: {
    code: "ALREADY_ENABLED",
    message: "Two-factor authentication is on already.",
  },
} satisfies Record<string, ErrorRewrite>;

const NOT_ENABLED = new HttpError(409, "Two-factor authentication is not on.", {
  code: "NOT_ENROLLED",
});

/** Counts a code or password try per account and per address (429 when over). */
async function countAttempt(
  deps: AppEnv["Variables"]["deps"],
  userId: string,
  clientIp: string,
): Promise<void> {
  await deps.rateLimiter.hit(SECOND_FACTOR_LIMITS.perAccount, userId);
  await deps.rateLimiter.hit(SECOND_FACTOR_LIMITS.perClient, clientIp);
}

async function requirePassword(
  deps: AppEnv["Variables"]["deps"],
  userId: string,
  password: string,
): Promise<void> {
  if (!(await isCurrentPassword(deps, userId, password))) {
    throw new HttpError(400, WRONG_PASSWORD, { fields: { password: WRONG_PASSWORD } });
  }
}

export const secondFactorRoutes = new Hono<AppEnv>()
  .use("/two-factor/*", async (c, next) => {
    await next();
    c.header("cache-control", "no-store");
  })
  .get("/two-factor", signedIn(), async (c) => {
    const { deps, viewer } = c.var;
    const [row] = await deps.db
      .select({ createdAt: twoFactor.createdAt })
      .from(twoFactor)
      .where(and(eq(twoFactor.userId, viewer.id), eq(twoFactor.verified, true)));
    const { secondFactorRoles } = await readSiteSettings(deps.db);
    return c.json({
      enabled: viewer.authenticatorApp,
      enabledAt: viewer.authenticatorApp && row ? row.createdAt.toISOString() : null,
      required: secondFactorRoles.includes(viewer.role),
    } satisfies TwoFactorStatus);
  })
  // Step one of setting up: the secret and the recovery codes, which work only once a code from
  // the app is confirmed (verify-totp). Starting again replaces an unconfirmed secret.
  .post("/two-factor/enable", signedIn(), jsonBody(enableTwoFactorSchema), async (c) => {
    const { deps, viewer } = c.var;
    await countAttempt(deps, viewer.id, c.var.clientIp);
    if (viewer.authenticatorApp)
      throw new HttpError(409, CODE_REWRITES.TOTP_ALREADY_ENABLED.message);
    await deps.db
      .delete(twoFactor)
      .where(and(eq(twoFactor.userId, viewer.id), eq(twoFactor.verified, false)));
    const { password } = c.req.valid("json");
    const response = await deps.auth.handler(
      forwardedRequest(c.req.raw, c.var.clientIp, { password, issuer: deps.env.siteName }),
    );
    const answer = await reshapeError(response, deps.db, CODE_REWRITES);
    if (!answer.ok) return answer;
    const { totpURI, backupCodes } = (await answer.json()) as {
      totpURI: string;
      backupCodes: string[];
    };
    return c.json({
      totpUri: totpURI,
      secret: secretOfTotpUri(totpURI),
      recoveryCodes: backupCodes,
    } satisfies TwoFactorEnrolment);
  })
  // A code from the app: the second step of a sign-in, or confirming the set-up when signed in.
  .post("/two-factor/verify-totp", jsonBody(verifyTotpSchema), async (c) => {
    const { deps } = c.var;
    const viewer = await getViewer(c);
    const response = await deps.auth.handler(
      forwardedRequest(c.req.raw, c.var.clientIp, { code: c.req.valid("json").code }),
    );
    const answer = await reshapeError(response, deps.db, CODE_REWRITES);
    if (!answer.ok) return answer;
    if (viewer) {
      if (!viewer.authenticatorApp) {
        const { site } = accountMailDeps(deps);
        await sendSecurityNotice(deps, viewer.id, (to) => secondFactorAddedMail(site, to));
      }
      return okResponse(answer);
    }
    return rememberDevice(c, answer);
  })
  // A recovery code instead of the app's, at sign-in; each works once.
  .post("/two-factor/verify-backup-code", jsonBody(verifyRecoveryCodeSchema), async (c) => {
    const { deps } = c.var;
    if (await getViewer(c)) throw new HttpError(409, "You are signed in already.");
    const response = await deps.auth.handler(
      forwardedRequest(c.req.raw, c.var.clientIp, { code: c.req.valid("json").code }),
    );
    const answer = await reshapeError(response, deps.db, CODE_REWRITES);
    if (!answer.ok) return answer;
    return rememberDevice(c, answer);
  })
  // New recovery codes (the old ones stop working): the password and a code from the app.
  .post(
    "/two-factor/generate-backup-codes",
    signedIn(),
    jsonBody(regenerateRecoveryCodesSchema),
    async (c) => {
      const { deps, viewer } = c.var;
      const { password, code } = c.req.valid("json");
      await countAttempt(deps, viewer.id, c.var.clientIp);
      if (!viewer.authenticatorApp) throw NOT_ENABLED;
      await requirePassword(deps, viewer.id, password);
      await requireTotpCode(await codeDepsOf(deps), viewer.id, code);
      const response = await deps.auth.handler(
        forwardedRequest(c.req.raw, c.var.clientIp, { password }),
      );
      const answer = await reshapeError(response, deps.db, CODE_REWRITES);
      if (!answer.ok) return answer;
      const { backupCodes } = (await answer.json()) as { backupCodes: string[] };
      return c.json({ recoveryCodes: backupCodes });
    },
  )
  // Turning it off: the password and a code (the app's or a recovery code), then every other
  // session ends (decision 060). The plugin's own endpoint, which asks the password only, is
  // never reached.
  .post("/two-factor/disable", signedIn(), jsonBody(disableTwoFactorSchema), async (c) => {
    const { deps, viewer } = c.var;
    const { password, code } = c.req.valid("json");
    await countAttempt(deps, viewer.id, c.var.clientIp);
    if (!viewer.authenticatorApp) throw NOT_ENABLED;
    await requirePassword(deps, viewer.id, password);
    const keys = await codeDepsOf(deps);
    if (code.includes("-")) {
      if (!(await isRecoveryCode(keys, viewer.id, code))) {
        throw new HttpError(400, CODE_REWRITES.INVALID_BACKUP_CODE.message, {
          code: "INVALID_CODE",
          fields: { code: CODE_REWRITES.INVALID_BACKUP_CODE.message },
        });
      }
    } else {
      await requireTotpCode(keys, viewer.id, code.replace(/\s/g, ""));
    }
    await removeSecondFactor(deps.db, viewer.id, viewer.sessionId, { passkeysToo: false });
    const { site } = accountMailDeps(deps);
    await sendSecurityNotice(deps, viewer.id, (to) => secondFactorRemovedMail(site, to));
    return c.json({ ok: true });
  })
  // The link an admin had mailed (second-factor-reset.ts): the token is the credential, so it
  // works signed out, which a member who lost their factor is.
  .post("/two-factor/reset", jsonBody(finishSecondFactorResetSchema), async (c) => {
    const { deps } = c.var;
    await deps.rateLimiter.hit(SECOND_FACTOR_LIMITS.perClient, c.var.clientIp);
    if (!(await finishSecondFactorReset(accountMailDeps(deps), c.req.valid("json").token))) {
      throw new HttpError(
        400,
        "This reset link is invalid or has expired. Ask an admin for a new one.",
        {
          code: "INVALID_TOKEN",
        },
      );
    }
    return c.json({ ok: true });
  });

/**
 * A sign-in's second step (or a passkey sign-in) passed: the session is made; this browser is
 * remembered (decision 051).
 */
export async function rememberDevice(c: Context<AppEnv>, answer: Response): Promise<Response> {
  const body = (await answer
    .clone()
    .json()
    .catch(() => null)) as { user?: { id?: unknown } } | null;
  const ok = okResponse(answer);
  const userId = body?.user?.id;
  if (typeof userId === "string") {
    ok.headers.append("set-cookie", await deviceCookieFor(c, userId, await knownDeviceOf(c)));
  }
  return ok;
}
