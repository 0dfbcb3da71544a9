// The staff rule (docs/decisions/060): members whose role the CMS setting names must have a
// second factor. Like the suspension guard it runs on every API request and reads the setting
// each time, so it holds at once and for sessions made before it: until the member confirms an
// authenticator app or adds a passkey (decision 063), only the routes below answer them; every other route, read or write,
// refuses with 403 SECOND_FACTOR_REQUIRED. second-factor-guard.test.ts sends each of the app's
// routes as such a member, so a new route is covered without being listed.
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "@/server/context";
import type { Db } from "@/server/db/client";
import { routeKey } from "@/server/domain/moderation/suspension-guard";
import { HttpError } from "@/server/lib/http-error";
import {
  SECOND_FACTOR_REQUIRED_CODE,
  SECOND_FACTOR_REQUIRED_MESSAGE,
} from "@/shared/second-factor";
import { hasPasskey } from "./passkeys";
import { requestSiteSettings } from "./request-site-settings";
import { getViewer, type Viewer } from "./viewer";

/** What such a member may still reach: `METHOD /path` as the app registers it. */
export const ENROLMENT_ROUTES: ReadonlySet<string> = new Set([
  // Who is signed in, which tells the client to show the set-up page.
  "GET /api/session",
  // Setting up the authenticator app (settings' two-factor section).
  "GET /api/auth/two-factor",
  "POST /api/auth/two-factor/enable",
  "POST /api/auth/two-factor/verify-totp",
  // Adding a passkey, which is a second factor too (decision 063).
  "GET /api/auth/passkeys",
  "POST /api/auth/passkeys/registration-options",
  "POST /api/auth/passkeys",
  // Signing out and better-auth's session read (passed through by auth/routes.ts).
  "POST /api/auth/*",
  "GET /api/auth/*",
]);

/** Each request's answer (a viewer is looked up once per request): the guard and the session read it. */
const answers = new WeakMap<Viewer, Promise<boolean>>();

/** Whether the member's role must use a second factor and they have none yet. */
export function secondFactorMissing(db: Db, viewer: Viewer): Promise<boolean> {
  if (viewer.authenticatorApp) return Promise.resolve(false);
  let answer = answers.get(viewer);
  if (!answer) {
    // Passkeys are looked up only for the roles the rule names: most members have none to ask.
    answer = requestSiteSettings(db, viewer).then(
      async ({ secondFactorRoles }) =>
        secondFactorRoles.includes(viewer.role) && !(await hasPasskey(db, viewer.id)),
    );
    answers.set(viewer, answer);
  }
  return answer;
}

export function staffWithoutSecondFactorRefused(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = routeKey(c);
    if (key === null || ENROLMENT_ROUTES.has(key)) return next();
    const viewer = await getViewer(c);
    if (viewer && (await secondFactorMissing(c.var.deps.db, viewer))) {
      throw new HttpError(403, SECOND_FACTOR_REQUIRED_MESSAGE, {
        code: SECOND_FACTOR_REQUIRED_CODE,
      });
    }
    return next();
  };
}
