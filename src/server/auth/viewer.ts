// The signed-in member behind a request, and the permission checks handlers start with.
import { getSessionCookie } from "better-auth/cookies";
import { sql } from "drizzle-orm";
import type { Context } from "hono";
import { LAST_ACTIVE_INTERVAL_MINUTES } from "../../shared/constants";
import { type Capability, can, type Role } from "../../shared/permissions";
import type { AppEnv } from "../context";
import type { Db } from "../db/client";
import { HttpError } from "../lib/http-error";
import type { Logger } from "../lib/logger";
import { AUTH_COOKIE_PREFIX } from "./auth";
import { getRole } from "./roles";

export type Viewer = {
  id: string;
  /** The session this request was made with (settings mark it as "this device"). */
  sessionId: string;
  email: string;
  emailVerified: boolean;
  role: Role;
};

/** The request's signed-in member or null; looked up once per request. */
export async function getViewer(c: Context<AppEnv>): Promise<Viewer | null> {
  const cached = c.get("viewer");
  if (cached !== undefined) return cached;
  // Without a session cookie there is no session to find: anonymous requests (most of the
  // traffic) skip better-auth's lookup, which runs its whole endpoint pipeline even then.
  if (!getSessionCookie(c.req.raw.headers, { cookiePrefix: AUTH_COOKIE_PREFIX })) {
    c.set("viewer", null);
    return null;
  }
  const { auth, db, logger } = c.get("deps");
  const found = await auth.api.getSession({ headers: c.req.raw.headers });
  const viewer = found
    ? {
        id: found.user.id,
        sessionId: found.session.id,
        email: found.user.email,
        emailVerified: found.user.emailVerified,
        role: await getRole(db, found.user.id, logger),
      }
    : null;
  c.set("viewer", viewer);
  if (viewer) markActive(db, viewer, logger);
  return viewer;
}

/**
 * Records that a member was active (the profile's 'last active') and when the session was last
 * used (the settings' session list), at most once every few minutes each: cheap conditional
 * updates that the request does not wait for.
 */
function markActive(db: Db, viewer: Viewer, logger: Logger): void {
  const interval = sql`make_interval(mins => ${LAST_ACTIVE_INTERVAL_MINUTES})`;
  db.execute(
    sql`update profiles set last_active_at = now()
        where id = ${viewer.id}
          and (last_active_at is null or last_active_at < now() - ${interval})`,
  ).catch((error: unknown) =>
    logger.warn({ err: error, userId: viewer.id }, "could not record activity"),
  );
  db.execute(
    sql`update session set updated_at = now()
        where id = ${viewer.sessionId} and updated_at < now() - ${interval}`,
  ).catch((error: unknown) => logger.warn({ err: error }, "could not record session use"));
}

export async function requireUser(
  c: Context<AppEnv>,
  message = "You must be signed in",
): Promise<Viewer> {
  const viewer = await getViewer(c);
  if (!viewer) throw new HttpError(401, message);
  return viewer;
}

export async function requireCapability(
  c: Context<AppEnv>,
  capability: Capability,
  message = "You don't have permission to do this",
): Promise<Viewer> {
  const viewer = await requireUser(c);
  if (!can(viewer.role, capability)) throw new HttpError(403, message);
  return viewer;
}
