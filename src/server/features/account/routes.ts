// /api/account: the signed-in member's own account settings (email and sessions). The
// password change is better-auth's, under /api/auth/change-password.
import { randomBytes } from "node:crypto";
import { Hono } from "hono";
import { accountMailDeps } from "@/server/auth/account-lifecycle";
import { isCurrentPassword } from "@/server/auth/current-password";
import { signedIn } from "@/server/auth/middleware";
import { requireSecondFactorAgain } from "@/server/auth/second-factor-again";
import type { AppEnv } from "@/server/context";
import { recordTermsAcceptance, termsAcceptance } from "@/server/domain/site/terms-acceptance";
import { HttpError } from "@/server/lib/http-error";
import { uuidParam } from "@/server/lib/ids";
import type { RateLimitRule } from "@/server/lib/rate-limit";
import { isFormPost, jsonBody, jsonOrFormBody } from "@/server/lib/validate";
import type {
  AccountSessionsResponse,
  EmailChangeConfirmed,
  EmailChangeRequested,
  EmailChangeUndone,
  EmailChangeUndoResult,
} from "@/shared/api-types";
import {
  acceptTermsSchema,
  confirmEmailChangeSchema,
  undoEmailChangeSchema,
} from "@/shared/schemas";
import { changeEmailWithFactorSchema } from "@/shared/second-factor";
import {
  confirmEmailChange,
  emailChangeLockedUntil,
  requestEmailChange,
  undoEmailChange,
} from "./email-change";
import { memberDataRoutes } from "./member-data";
import { listSessions, revokeOtherSessions, revokeSession } from "./sessions";

const SESSION_NOT_FOUND = "Session not found";

// Counted before the password is checked: it limits guesses too, as the delete form's does.
const EMAIL_CHANGE_LIMIT: RateLimitRule = {
  name: "email-change",
  max: 5,
  windowSeconds: 3600,
  message: "Too many email changes. Please wait a while and try again.",
};

const WRONG_PASSWORD = "Current password is incorrect";

/** Where the undo page's plain form (no JavaScript) is sent back to with its result. */
const UNDO_PAGE = "/settings/email/undo";

/** The refusals of an undo, as the API answers them (docs/product.md §2.14). */
const UNDO_REFUSALS: Record<Exclude<EmailChangeUndoResult, "undone">, HttpError> = {
  invalid: new HttpError(400, "This undo link is invalid or has expired.", {
    code: "INVALID_TOKEN",
  }),
  "already-undone": new HttpError(409, "This email change has been undone already.", {
    code: "ALREADY_UNDONE",
  }),
  superseded: new HttpError(
    409,
    "This link is for an earlier email change: the account's email has changed since.",
    { code: "CHANGE_SUPERSEDED" },
  ),
  taken: new HttpError(
    409,
    "Another account uses your previous email address now, so the change cannot be undone.",
    { code: "EMAIL_IN_USE" },
  ),
};

/** The first whole day (UTC) on which `date` has passed: "5 December 2026". */
function dayAfter(date: Date): string {
  return new Date(date.getTime() + 24 * 3600 * 1000).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

export const accountRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    await next();
    c.header("cache-control", "no-store");
  })
  .route("/", memberDataRoutes)
  .post("/email", signedIn(), jsonBody(changeEmailWithFactorSchema), async (c) => {
    const { viewer, deps } = c.var;
    const input = c.req.valid("json");
    const newEmail = input.email.toLowerCase();
    if (newEmail === viewer.email.toLowerCase()) {
      const message = "This is already your email address";
      throw new HttpError(400, message, { fields: { email: message } });
    }
    await deps.rateLimiter.hit(EMAIL_CHANGE_LIMIT, viewer.id);
    if (!(await isCurrentPassword(deps, viewer.id, input.currentPassword))) {
      throw new HttpError(400, WRONG_PASSWORD, { fields: { currentPassword: WRONG_PASSWORD } });
    }
    // A member with a second factor confirms with it too (decision 049's note, 063).
    await requireSecondFactorAgain(deps, viewer, input, c.var.clientIp);
    const lockedUntil = await emailChangeLockedUntil(deps.db, viewer.id);
    if (lockedUntil) {
      throw new HttpError(
        409,
        `Your email address was changed recently. You can change it again from ${dayAfter(lockedUntil)}.`,
        { code: "EMAIL_CHANGE_LOCKED" },
      );
    }
    await requestEmailChange(accountMailDeps(deps), viewer, newEmail);
    return c.json({ pendingEmail: newEmail } satisfies EmailChangeRequested);
  })
  // No sign-in needed: the link may be opened on another device. It proves the new inbox.
  .post("/email/confirm", jsonBody(confirmEmailChangeSchema), async (c) => {
    const { deps } = c.var;
    const outcome = await confirmEmailChange(accountMailDeps(deps), c.req.valid("json").token, {
      adminEmails: deps.env.adminEmails,
      secret: deps.secret,
    });
    if (outcome.status === "invalid") {
      throw new HttpError(400, "This confirmation link is invalid or has expired.", {
        code: "INVALID_TOKEN",
      });
    }
    if (outcome.status === "taken") {
      throw new HttpError(409, "This email address is already in use by another account.", {
        code: "EMAIL_IN_USE",
      });
    }
    return c.json({ email: outcome.email } satisfies EmailChangeConfirmed);
  })
  // The old address's way back (decision 049): the token is the credential, so it works signed
  // out and for a suspended member. Its page posts here with or without JavaScript; a plain
  // form is sent back to the page with the result (POST, then GET: a reload repeats nothing).
  .post("/email/undo", jsonOrFormBody(undoEmailChangeSchema), async (c) => {
    const { deps } = c.var;
    const outcome = await undoEmailChange(deps.db, c.req.valid("json").token, {
      adminEmails: deps.env.adminEmails,
      lockedPasswordHash: async () =>
        (await deps.auth.$context).password.hash(randomBytes(32).toString("base64url")),
    });
    if (outcome.status === "undone") {
      // Whoever holds the restored inbox chooses the password that becomes active.
      await deps.auth.api
        .requestPasswordReset({ body: { email: outcome.email } })
        .catch((error: unknown) => deps.logger.error({ err: error }, "undo reset link failed"));
    }
    if (isFormPost(c.req.header("content-type"))) {
      return c.redirect(`${UNDO_PAGE}?result=${outcome.status}`, 303);
    }
    if (outcome.status !== "undone") throw UNDO_REFUSALS[outcome.status];
    return c.json({ email: outcome.email } satisfies EmailChangeUndone);
  })
  // The Terms of Service this member accepted, and accepting the current ones (decision 082).
  .get("/terms", signedIn(), async (c) => {
    c.header("cache-control", "no-store");
    return c.json(await termsAcceptance(c.var.deps.db, c.var.viewer.id));
  })
  .post("/terms", signedIn(), jsonBody(acceptTermsSchema), async (c) => {
    const { db } = c.var.deps;
    await recordTermsAcceptance(db, c.var.viewer.id, c.req.valid("json").version);
    return c.json(await termsAcceptance(db, c.var.viewer.id));
  })
  .get("/sessions", signedIn(), async (c) => {
    const { viewer } = c.var;
    const sessions = await listSessions(c.var.deps.db, viewer.id, viewer.sessionId);
    return c.json({ sessions } satisfies AccountSessionsResponse);
  })
  .post("/sessions/revoke-others", signedIn(), async (c) => {
    const { viewer } = c.var;
    await revokeOtherSessions(c.var.deps.db, viewer.id, viewer.sessionId);
    return c.json({ ok: true });
  })
  .delete("/sessions/:id", signedIn(), async (c) => {
    const { viewer } = c.var;
    // Session ids are UUIDs (auth.ts generateId): anything else is no session.
    const id = uuidParam(c, "id", SESSION_NOT_FOUND);
    if (!(await revokeSession(c.var.deps.db, viewer.id, id))) {
      throw new HttpError(404, SESSION_NOT_FOUND);
    }
    return c.json({ ok: true });
  });
