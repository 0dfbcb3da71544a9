// /api/account: the signed-in member's own account settings (email and sessions). The
// password change is better-auth's, under /api/auth/change-password.
import { Hono } from "hono";
import { accountMailDeps } from "@/server/auth/account-lifecycle";
import { signedIn } from "@/server/auth/middleware";
import type { AppEnv } from "@/server/context";
import { HttpError } from "@/server/lib/http-error";
import { uuidParam } from "@/server/lib/ids";
import type { RateLimitRule } from "@/server/lib/rate-limit";
import { jsonBody } from "@/server/lib/validate";
import type {
  AccountSessionsResponse,
  EmailChangeConfirmed,
  EmailChangeRequested,
} from "@/shared/api-types";
import { changeEmailSchema, confirmEmailChangeSchema } from "@/shared/schemas";
import { confirmEmailChange, requestEmailChange } from "./email-change";
import { memberDataRoutes } from "./member-data";
import { listSessions, revokeOtherSessions, revokeSession } from "./sessions";

const SESSION_NOT_FOUND = "Session not found";

const EMAIL_CHANGE_LIMIT: RateLimitRule = {
  name: "email-change",
  max: 5,
  windowSeconds: 3600,
  message: "Too many email changes. Please wait a while and try again.",
};

export const accountRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    await next();
    c.header("cache-control", "no-store");
  })
  .route("/", memberDataRoutes)
  .post("/email", signedIn(), jsonBody(changeEmailSchema), async (c) => {
    const { viewer } = c.var;
    const { rateLimiter } = c.var.deps;
    const newEmail = c.req.valid("json").email.toLowerCase();
    if (newEmail === viewer.email.toLowerCase()) {
      const message = "This is already your email address";
      throw new HttpError(400, message, { fields: { email: message } });
    }
    await rateLimiter.hit(EMAIL_CHANGE_LIMIT, viewer.id);
    await requestEmailChange(accountMailDeps(c.var.deps), viewer, newEmail);
    return c.json({ pendingEmail: newEmail } satisfies EmailChangeRequested);
  })
  // No sign-in needed: the link may be opened on another device. It proves the new inbox.
  .post("/email/confirm", jsonBody(confirmEmailChangeSchema), async (c) => {
    const { db, env, secret } = c.var.deps;
    const outcome = await confirmEmailChange(db, c.req.valid("json").token, {
      adminEmails: env.adminEmails,
      secret,
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
