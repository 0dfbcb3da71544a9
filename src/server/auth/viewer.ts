// The signed-in member behind a request (null when signed out). Any route's context will do
// (AppEnv, or the SignedInEnv that auth/middleware.ts hands on): all a lookup needs is the
// app's dependencies and the request.
import { sql } from "drizzle-orm";
import type { Context } from "hono";
import type { AppDeps } from "@/server/context";
import { type Db, queryRows } from "@/server/db/client";
import type { ActiveSuspension } from "@/server/domain/moderation/suspensions";
import type { Logger } from "@/server/lib/logger";
import { requestHeader } from "@/server/lib/response-headers";
import { cookiesHaveSession } from "@/server/lib/session-cookie";
import { LAST_ACTIVE_INTERVAL_MINUTES } from "@/shared/constants";
import type { Role } from "@/shared/permissions";
import type { SiteSettings } from "@/shared/site-settings";
import { memberStanding, type ProfileBasics } from "./roles";

export type Viewer = {
  id: string;
  /** The session this request was made with (settings mark it as "this device"). */
  sessionId: string;
  email: string;
  emailVerified: boolean;
  role: Role;
  /**
   * The authenticator app (TOTP) is confirmed (decision 060). Passkeys, the other second factor
   * (decision 063), are asked of the database where they matter (second-factor-guard.ts).
   */
  authenticatorApp: boolean;
  /**
   * The member's active suspension when the request began (docs/decisions/027): the write
   * guard refuses with it, the session shows its banner. Read with the role, in one statement.
   */
  suspension: ActiveSuspension | null;
};

/** A route context of this app: its dependencies are set on every request (app.ts). */
type WithDeps = { Variables: { deps: AppDeps } };

/** Whether the request carries a session cookie at all (valid or not). */
export function hasSessionCookie(c: Context): boolean {
  return cookiesHaveSession(requestHeader(c, "cookie"));
}

/** Each request's viewer, once looked up (null when signed out). */
const viewers = new WeakMap<Request, Viewer | null>();

/** The site settings read with each viewer's standing (auth/roles.ts), when that read worked. */
const settingsRead = new WeakMap<Viewer, SiteSettings>();

/** The settings read with `viewer`, for the request's one read (request-site-settings.ts). */
export function settingsReadWithViewer(viewer: Viewer): SiteSettings | undefined {
  return settingsRead.get(viewer);
}

/** The name and picture read with each viewer's standing, when that read worked. */
const profileRead = new WeakMap<Viewer, ProfileBasics>();

/** The name and picture read with `viewer`, for the session's answer (session-response.ts). */
export function profileReadWithViewer(viewer: Viewer): ProfileBasics | undefined {
  return profileRead.get(viewer);
}

/** Whether the request's viewer was looked up and is a member: its answer was made for them. */
export function answeredForMember(c: Context): boolean {
  return Boolean(viewers.get(c.req.raw));
}

/** The request's signed-in member or null; looked up once per request. */
export async function getViewer<E extends WithDeps>(c: Context<E>): Promise<Viewer | null> {
  const request = c.req.raw;
  const cached = viewers.get(request);
  if (cached !== undefined) return cached;
  // Without a session cookie there is no session to find: anonymous requests (most of the
  // traffic) skip better-auth's lookup, which runs its whole endpoint pipeline even then.
  if (!hasSessionCookie(c)) {
    viewers.set(request, null);
    return null;
  }
  const { auth, db, logger } = c.var.deps;
  const found = await auth.api.getSession({ headers: request.headers });
  if (!found) {
    viewers.set(request, null);
    return null;
  }
  const { siteSettings, profile, ...standing } = await memberStanding(db, found.user.id, logger);
  const viewer: Viewer = {
    id: found.user.id,
    sessionId: found.session.id,
    email: found.user.email,
    emailVerified: found.user.emailVerified,
    authenticatorApp: found.user.twoFactorEnabled === true,
    ...standing,
  };
  // The request's read of the settings (decision 091): requestSiteSettings hands it on.
  if (siteSettings) settingsRead.set(viewer, siteSettings);
  if (profile) profileRead.set(viewer, profile);
  viewers.set(request, viewer);
  markActive(db, viewer, logger);
  return viewer;
}

/**
 * Until when (Date.now()) this process knows each member's activity and each session's use to
 * be recorded recently enough: within that time the updates below would find nothing to change,
 * so they are not sent. Without this, every signed-in request sent both statements.
 */
const recordedUntil = new Map<string, number>();
/** Bounded: members come and go; the map starts over when it grows this large. */
const RECORDED_KEPT = 10_000;
/**
 * After an update that found the time recent (another instance recorded it), how long to trust
 * that: its exact age is unknown, so "last active" may lag by this much more than the interval.
 */
const RECENT_ELSEWHERE_MS = 30_000;

/**
 * Runs `update` (a conditional update that returns its row when it wrote) unless `key` was
 * recorded recently, and remembers for how long the database's time is fresh.
 */
function recordOnce(
  key: string,
  update: () => Promise<unknown[]>,
  onError: (error: unknown) => void,
) {
  const now = Date.now();
  if ((recordedUntil.get(key) ?? 0) > now) return;
  if (recordedUntil.size >= RECORDED_KEPT) recordedUntil.clear();
  recordedUntil.set(key, now + RECENT_ELSEWHERE_MS);
  update().then(
    (rows) => {
      const wrote = rows.length > 0;
      recordedUntil.set(
        key,
        now + (wrote ? LAST_ACTIVE_INTERVAL_MINUTES * 60_000 : RECENT_ELSEWHERE_MS),
      );
    },
    (error: unknown) => {
      recordedUntil.delete(key);
      onError(error);
    },
  );
}

/**
 * Records that a member was active (the profile's 'last active', and their last visit) and when the session was last
 * used (the settings' session list), at most once every few minutes each: cheap conditional
 * updates that the request does not wait for.
 */
function markActive(db: Db, viewer: Viewer, logger: Logger): void {
  const interval = sql`make_interval(mins => ${LAST_ACTIVE_INTERVAL_MINUTES})`;
  recordOnce(
    `member ${viewer.id}`,
    () =>
      queryRows(
        db,
        // A gap of an hour or more since the last recorded activity ends a visit: that
        // activity becomes the "last visit" that "New" counts from (docs/decisions/071).
        sql`update profiles set last_active_at = now(),
            last_visit_at = case when last_active_at < now() - interval '1 hour'
              then last_active_at else last_visit_at end
          where id = ${viewer.id}
            and (last_active_at is null or last_active_at < now() - ${interval})
          returning 1`,
      ),
    (error) => logger.warn({ err: error, userId: viewer.id }, "could not record activity"),
  );
  recordOnce(
    `session ${viewer.sessionId}`,
    () =>
      queryRows(
        db,
        sql`update session set updated_at = now()
          where id = ${viewer.sessionId} and updated_at < now() - ${interval}
          returning 1`,
      ),
    (error) => logger.warn({ err: error }, "could not record session use"),
  );
}
