// better-auth's endpoints under /api/auth, with our own front door: sign-up and sign-in bodies
// are checked with the shared schemas (docs/product.md §5 messages), the client address better-auth rate
// limits by is ours to set, and its errors are reshaped into the API\'s error body (docs/architecture.md "API").
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "@/server/context";
import type { Db } from "@/server/db/client";
import { session, user } from "@/server/db/schema";
import {
  dropHeldSignUps,
  holdSubmission,
  submissionHoldReason,
} from "@/server/domain/spam/held-submissions";
import { clientPrefix } from "@/server/lib/client-prefix";
import { DatabaseUnavailableError, isDatabaseReachable } from "@/server/lib/database-errors";
import { errorBody } from "@/server/lib/http-error";
import { jsonBody } from "@/server/lib/validate";
import type { PasskeyStepAnswer } from "@/shared/passkeys";
import {
  changePasswordSchema,
  emailOnlySchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from "@/shared/schemas";
import { ACCOUNT_MAIL_LIMITS, accountMailDeps } from "./account-lifecycle";
import { passwordChangedMail } from "./account-mail";
import { CLIENT_IP_HEADER } from "./auth";
import { heldSignUpAnswer } from "./held-sign-up";
import { deviceCookieFor, knownDeviceOf } from "./known-device";
import { hasPasskey } from "./passkeys";
import { sendSecurityNotice } from "./security-alerts";
import { claimSignInAttempt, type SignInPlace, settleSignInAttempt } from "./sign-in-delay";
import { getViewer } from "./viewer";

const AUTH_BASE_PATH = "/api/auth";

/**
 * better-auth's endpoints that the site uses, besides those with a route of their own below.
 * The others answer 404: nothing in the product calls them (update-user would store a name
 * without docs/product.md §5's cleaning; verify-email would verify without the password being chosen on
 * the confirmation page; change-email and the session lists are ours, in features/account).
 */
const PASSED_THROUGH = new Set(["POST /sign-out", "GET /get-session", "GET /ok", "GET /error"]);

export function forwardedRequest(original: Request, clientIp: string, body?: unknown): Request {
  const headers = new Headers(original.headers);
  headers.set(CLIENT_IP_HEADER, clientIp);
  const init: RequestInit = { method: original.method, headers };
  if (body !== undefined) {
    headers.set("content-type", "application/json");
    headers.delete("content-length");
    init.body = JSON.stringify(body);
  } else if (original.method !== "GET" && original.method !== "HEAD") {
    init.body = original.body;
    (init as { duplex?: string }).duplex = "half";
  }
  return new Request(original.url, init);
}

/**
 * better-auth answers errors as `{ code?, message }`, or with no body at all; clients get
 * `{ error: { code, message } }`. better-auth turns a database failure into a bare 500: a
 * probe tells whether the database is away, which answers 503 with Retry-After instead.
 */
/** How one of better-auth's error codes reaches our client instead of its own words. */
export type ErrorRewrite = { message: string; code?: string; field?: string };

export async function reshapeError(
  response: Response,
  db: Db,
  rewrites: Record<string, ErrorRewrite> = {},
): Promise<Response> {
  if (response.ok || response.status < 400) return response;
  const status = response.status;
  if (status >= 500) {
    if (!(await isDatabaseReachable(db))) throw new DatabaseUnavailableError();
    // Never better-auth's own words for a failure: they may describe internals.
    return new Response(JSON.stringify(errorBody(500, "Something went wrong. Please try again.")), {
      status: 500,
      headers: { "content-type": "application/json" },
    });
  }
  const json = response.headers.get("content-type")?.includes("application/json");
  const body = (json ? await response.json().catch(() => ({})) : {}) as {
    code?: string;
    message?: string;
  };
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  if (status === 429) {
    const retryAfter = headers.get("x-retry-after");
    if (retryAfter) headers.set("retry-after", retryAfter);
  }
  const rewrite = body.code ? rewrites[body.code] : undefined;
  const code = status === 429 ? "RATE_LIMITED" : (rewrite?.code ?? body.code ?? "AUTH_ERROR");
  // A 429 of our own hooks (second-factor-gate.ts) carries its own words and wait.
  const ownLimit = body.code === "RATE_LIMITED" && body.message;
  const message =
    status === 429
      ? ownLimit || "Too many attempts. Please wait a minute and try again."
      : (rewrite?.message ?? body.message ?? "An unexpected error occurred.");
  const reshaped = errorBody(status as 400, message, code);
  if (rewrite?.field) reshaped.error.fields = { [rewrite.field]: message };
  return new Response(JSON.stringify(reshaped), { status, headers });
}

/** better-auth answers success with its own bodies (some hold a session token): ours say ok. */
export function okResponse(response: Response): Response {
  if (!response.ok) return response;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  return new Response(JSON.stringify({ ok: true }), { status: 200, headers });
}

/** The id of the account with this (lower-cased) address, if there is one. */
async function accountIdOf(db: Db, email: string): Promise<string | null> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row?.id ?? null;
}

/** Whether a sign-in's answer is better-auth's "now the second factor" (no session yet). */
async function waitsForSecondStep(answer: Response): Promise<boolean> {
  const body = (await answer
    .clone()
    .json()
    .catch(() => null)) as { twoFactorRedirect?: unknown } | null;
  return body?.twoFactorRedirect === true;
}

const INVALID_RESET_LINK: ErrorRewrite = {
  code: "INVALID_TOKEN",
  message: "This reset link is invalid or has expired. Please ask for a new one.",
};

export const authRoutes = new Hono<AppEnv>()
  .post("/sign-up/email", jsonBody(signUpSchema), async (c) => {
    const reason = await submissionHoldReason(c);
    if (reason) {
      // Held for review (docs/decisions/034): no account and no mail until a moderator
      // releases it; the answer is the one a new sign-up gets. The password is not kept: the
      // confirmation page sets the one that becomes active (docs/decisions/014).
      const { name, email } = c.req.valid("json");
      await holdSubmission(
        c.var.deps.db,
        {
          kind: "sign_up",
          payload: { name, email: email.toLowerCase() },
          reason,
          userId: null,
        },
        c.var.deps.env.spamReleaseAfterMinutes,
      );
      return c.json(heldSignUpAnswer(name, email.toLowerCase()));
    }
    const input = c.req.valid("json");
    // The form asks no password (decision 061); better-auth needs one, which nobody is told:
    // the confirmation page sets the one that counts (decision 014), as for a released sign-up.
    const password = randomBytes(24).toString("base64url");
    const response = await c.var.deps.auth.handler(
      forwardedRequest(c.req.raw, c.var.clientIp, { ...input, password }),
    );
    if (response.ok) await dropHeldSignUps(c.var.deps.db, input.email);
    return reshapeError(response, c.var.deps.db);
  })
  .post("/sign-in/email", jsonBody(signInSchema), async (c) => {
    const { db } = c.var.deps;
    const raw = (await c.req.json()) as Record<string, unknown>;
    const body = { ...c.req.valid("json"), rememberMe: raw.rememberMe !== false };
    // Failures slow this account's sign-ins from the same network or device (decision 051);
    // a place that must wait is refused here, before better-auth reads the password.
    const email = body.email.toLowerCase();
    const device = await knownDeviceOf(c);
    let accountId = device ? await accountIdOf(db, email) : null;
    const deviceOwner = device !== null && accountId === device.userId;
    const place: SignInPlace = {
      email,
      subject: deviceOwner ? `device:${device.deviceId}` : `prefix:${clientPrefix(c.var.clientIp)}`,
    };
    await claimSignInAttempt(db, place);
    const response = await c.var.deps.auth.handler(
      forwardedRequest(c.req.raw, c.var.clientIp, body),
    );
    const outcome =
      response.status === 401 ? "wrong-password" : response.ok ? "signed-in" : "not-judged";
    await settleSignInAttempt(db, place, outcome);
    // Only someone who typed the account's current password learns that it is unconfirmed.
    const answer = await reshapeError(response, db, {
      EMAIL_NOT_VERIFIED: {
        message:
          "Please confirm your email address first. Check your inbox for the confirmation link.",
      },
    });
    if (outcome !== "signed-in") return answer;
    // The password was right but the second step is to come (decision 060): the browser is
    // remembered once it passes that step, which is when the sign-in is made.
    if (await waitsForSecondStep(answer)) return answer;
    accountId ??= await accountIdOf(db, email);
    if (!accountId) return answer;
    // The account's second factor is a passkey and no app (decision 063): the session just made
    // was born expired (second-factor-gate.ts) and goes; the passkey itself signs them in.
    if (await hasPasskey(db, accountId)) {
      const made = (await answer.json().catch(() => null)) as { token?: unknown } | null;
      if (typeof made?.token === "string")
        await db.delete(session).where(eq(session.token, made.token));
      return c.json({ passkeyRequired: true } satisfies PasskeyStepAnswer);
    }
    const remembered = new Response(answer.body, answer);
    remembered.headers.append("set-cookie", await deviceCookieFor(c, accountId, device));
    return remembered;
  })
  .post("/request-password-reset", jsonBody(emailOnlySchema), async (c) => {
    await c.var.deps.rateLimiter.hit(ACCOUNT_MAIL_LIMITS.perClient, c.var.clientIp);
    // The answer is the same whether the address has an account (better-auth's, reshaped).
    const response = await c.var.deps.auth.handler(
      forwardedRequest(c.req.raw, c.var.clientIp, { email: c.req.valid("json").email }),
    );
    return okResponse(await reshapeError(response, c.var.deps.db));
  })
  .post("/reset-password", jsonBody(resetPasswordSchema), async (c) => {
    const response = await c.var.deps.auth.handler(
      forwardedRequest(c.req.raw, c.var.clientIp, c.req.valid("json")),
    );
    return okResponse(
      await reshapeError(response, c.var.deps.db, {
        INVALID_TOKEN: INVALID_RESET_LINK,
        USER_NOT_FOUND: INVALID_RESET_LINK,
      }),
    );
  })
  .post("/change-password", jsonBody(changePasswordSchema), async (c) => {
    const { deps } = c.var;
    // Looked up before better-auth replaces the session (every other one ends, decision 060).
    const viewer = await getViewer(c);
    const body = { ...c.req.valid("json"), revokeOtherSessions: true };
    const response = await deps.auth.handler(forwardedRequest(c.req.raw, c.var.clientIp, body));
    const answer = okResponse(
      await reshapeError(response, deps.db, {
        INVALID_PASSWORD: { message: "Current password is incorrect", field: "currentPassword" },
      }),
    );
    if (answer.ok && viewer) {
      const { site } = accountMailDeps(deps);
      await sendSecurityNotice(deps, viewer.id, (to) => passwordChangedMail(site, to));
    }
    return answer;
  })
  .on(["GET", "POST"], "/*", async (c) => {
    const endpoint = `${c.req.method} ${c.req.path.slice(AUTH_BASE_PATH.length)}`;
    if (!PASSED_THROUGH.has(endpoint)) return c.json(errorBody(404, "Not found"), 404);
    const response = await c.var.deps.auth.handler(forwardedRequest(c.req.raw, c.var.clientIp));
    return reshapeError(response, c.var.deps.db);
  });
