// The one place a suspension is enforced (docs/decisions/027): every write under /api passes
// here. A suspended member may still do what is about their own account and rights (sign in
// and out, password and email, sessions, their data and the account's deletion, notifications
// and their settings, their newsletter subscription, the appeal, data requests, and the public
// forms anyone may send signed out); every other write is refused with 403 SUSPENDED, whatever
// the route. A new write route is refused to suspended members until it is listed here, and
// src/server/test/security/suspension-table.test.ts fails until it is in its table.
import type { MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { getViewer } from "@/server/auth/viewer";
import type { AppEnv } from "@/server/context";
import { HttpError } from "@/server/lib/http-error";
import { SUSPENDED_CODE, suspendedMessage } from "@/shared/moderation";

/** The writes a suspended member may still make: `METHOD /path` as the app registers it. */
export const SUSPENDED_MEMBERS_MAY: ReadonlySet<string> = new Set([
  // Signing in and out, confirmation and password links: better-auth and our own.
  "POST /api/auth/sign-in/email",
  "POST /api/auth/sign-up/email",
  "POST /api/auth/*",
  "POST /api/auth/resend-confirmation",
  "POST /api/auth/confirm-email",
  "POST /api/auth/request-password-reset",
  "POST /api/auth/reset-password",
  "POST /api/auth/change-password",
  // Two-factor sign-in: the account's own security (docs/decisions/060).
  "POST /api/auth/two-factor/enable",
  "POST /api/auth/two-factor/verify-totp",
  "POST /api/auth/two-factor/verify-backup-code",
  "POST /api/auth/two-factor/generate-backup-codes",
  "POST /api/auth/two-factor/disable",
  "POST /api/auth/two-factor/reset",
  // Passkeys: the account's own security too (docs/decisions/063).
  "POST /api/auth/passkeys/registration-options",
  "POST /api/auth/passkeys",
  "PATCH /api/auth/passkeys/:id",
  "DELETE /api/auth/passkeys/:id",
  "POST /api/auth/passkeys/confirmation-options",
  "POST /api/auth/passkeys/sign-in/options",
  "POST /api/auth/passkeys/sign-in",
  // Account settings.
  "POST /api/account/email",
  "POST /api/account/email/confirm",
  // The old address's way back (decision 049): a suspension must not keep the owner out.
  "POST /api/account/email/undo",
  "POST /api/account/sessions/revoke-others",
  "POST /api/account/terms",
  "DELETE /api/account/sessions/:id",
  // Their own data: download it, delete the account (docs/decisions/029).
  "POST /api/account/export",
  "POST /api/account/delete",
  // Notifications: reading, settings, following and muting, unsubscribing.
  "PUT /api/discussions/:id/follow",
  "PUT /api/categories/:slug/follow",
  // Reading: the member's own read positions and marks (docs/decisions/071).
  "PUT /api/discussions/:id/read",
  "POST /api/discussions/mark-all-read",
  "POST /api/notifications/read-all",
  "POST /api/notifications/:id/read",
  "PUT /api/notifications/settings",
  "POST /api/notifications/unsubscribe",
  // Their own digest choice, and the digest mail's unsubscribe link (issue 43).
  "PUT /api/digest",
  "POST /api/digest/unsubscribe",
  "POST /api/newsletter/unsubscribe",
  "POST /api/newsletter/confirm",
  "PUT /api/newsletter/me",
  // Public forms anyone may send signed out; a data request (rights); the appeal.
  "POST /api/newsletter",
  "POST /api/data-requests",
  "POST /api/data-requests/confirm",
  "POST /api/contact",
  "POST /api/moderation/visitor-reports",
  "POST /api/moderation/visitor-reports/confirm",
  // A complaint: a suspended member's about the decision most of all (docs/decisions/081).
  "POST /api/complaints",
  "POST /api/moderation/appeals",
  // Blocking protects the member themselves (docs/decisions/031).
  "PUT /api/blocks/:memberId",
  "DELETE /api/blocks/:memberId",
  // Their own drafts, which nobody else reads (docs/decisions/065): sending stays refused.
  "PUT /api/drafts/:place",
  "DELETE /api/drafts/:place",
  // Their own bookmarks, which nobody else reads (issue 42, docs/decisions/072).
  "POST /api/bookmarks",
  "PATCH /api/bookmarks/:id",
  "DELETE /api/bookmarks/:id",
]);

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The route a request will be answered by, as `METHOD /path` (its first handler of that method). */
export function routeKey(c: Parameters<MiddlewareHandler<AppEnv>>[0]): string | null {
  const route = matchedRoutes(c).find((candidate) => candidate.method === c.req.method);
  return route ? `${route.method} ${route.path}` : null;
}

export function suspendedMembersRefused(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!WRITES.has(c.req.method)) return next();
    const key = routeKey(c);
    if (key === null || SUSPENDED_MEMBERS_MAY.has(key)) return next();
    const viewer = await getViewer(c);
    if (!viewer) return next();
    // Read with the member's role when the request began (auth/roles.ts, memberStanding).
    if (viewer.suspension) {
      throw new HttpError(403, suspendedMessage(viewer.suspension.endsAt), {
        code: SUSPENDED_CODE,
      });
    }
    return next();
  };
}
