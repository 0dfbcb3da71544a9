// Every write route of the app, and whether a suspended member may still make it (issue 17,
// docs/decisions/027): they keep what is about their own account and rights, and lose
// posting, replying, reporting, profile text and avatar, and every staff action. The table is
// checked against the app's own routes, so a new write route fails this test until someone
// decides here what a suspended member may do with it; then each row is sent as a suspended
// member and must be refused by the suspension guard exactly when the table says so.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/server/app";
import { builtClient } from "@/server/test/built-client";
import { createMember } from "@/server/test/factories";
import { createTestApp, type TestApp } from "@/server/test/test-app";
import type { ApiErrorBody } from "@/shared/api-types";
import { SUSPENDED_CODE } from "@/shared/moderation";
import { MUTATING_METHODS, rowKey } from "./permission-matrix";
import { cookieHeader } from "./test-support";

type Rule = "may" | "refused";

const SUSPENDED_MEMBER_TABLE: Record<string, Rule> = {
  // Own account: signing in and out, links, password, email, sessions.
  "POST /api/auth/sign-up/email": "may",
  "POST /api/auth/sign-in/email": "may",
  "POST /api/auth/*": "may",
  "POST /api/auth/resend-confirmation": "may",
  "POST /api/auth/confirm-email": "may",
  "POST /api/auth/request-password-reset": "may",
  "POST /api/auth/reset-password": "may",
  "POST /api/auth/change-password": "may",
  // Two-factor sign-in: the account's own security (docs/decisions/060).
  "POST /api/auth/two-factor/enable": "may",
  "POST /api/auth/two-factor/verify-totp": "may",
  "POST /api/auth/two-factor/verify-backup-code": "may",
  "POST /api/auth/two-factor/generate-backup-codes": "may",
  "POST /api/auth/two-factor/disable": "may",
  "POST /api/auth/two-factor/reset": "may",
  // Passkeys: the account's own security too (docs/decisions/063).
  "POST /api/auth/passkeys/registration-options": "may",
  "POST /api/auth/passkeys": "may",
  "PATCH /api/auth/passkeys/:id": "may",
  "DELETE /api/auth/passkeys/:id": "may",
  "POST /api/auth/passkeys/confirmation-options": "may",
  "POST /api/auth/passkeys/sign-in/options": "may",
  "POST /api/auth/passkeys/sign-in": "may",
  "POST /api/account/email": "may",
  "POST /api/account/email/confirm": "may",
  "POST /api/account/email/undo": "may",
  "POST /api/account/sessions/revoke-others": "may",
  // Accepting the terms is about their own account (decision 082).
  "POST /api/account/terms": "may",
  "DELETE /api/account/sessions/:id": "may",
  // The member's own data: download it, delete the account (docs/decisions/029).
  "POST /api/account/export": "may",
  "POST /api/account/delete": "may",
  // Posting and replying, and changing them.
  "POST /api/discussions": "refused",
  "PATCH /api/discussions/:id": "refused",
  "DELETE /api/discussions/:id": "refused",
  "PUT /api/discussions/:id/pin": "refused",
  "PUT /api/discussions/:id/lock": "refused",
  "PUT /api/discussions/:id/category": "refused",
  "PUT /api/discussions/:id/tags": "refused",
  "POST /api/discussions/:id/replies": "refused",
  "PATCH /api/replies/:id": "refused",
  "DELETE /api/replies/:id": "refused",
  // Notifications: reading, settings, follow and mute, unsubscribing.
  "PUT /api/discussions/:id/follow": "may",
  "PUT /api/categories/:slug/follow": "may",
  // Reading is the member's own state, not a post: a suspended member still reads.
  "PUT /api/discussions/:id/read": "may",
  "POST /api/discussions/mark-all-read": "may",
  "POST /api/notifications/read-all": "may",
  "POST /api/notifications/:id/read": "may",
  "PUT /api/notifications/settings": "may",
  "POST /api/notifications/unsubscribe": "may",
  // The digest: their own choice, and its mail's unsubscribe link (issue 43).
  "PUT /api/digest": "may",
  "POST /api/digest/unsubscribe": "may",
  // Profile text and avatar.
  "PATCH /api/profiles/:id": "refused",
  "PUT /api/profiles/me/avatar": "refused",
  // Public forms anyone may send, signed in or not; the rights of data subjects.
  "POST /api/newsletter": "may",
  "POST /api/newsletter/unsubscribe": "may",
  "POST /api/newsletter/confirm": "may",
  "PUT /api/newsletter/me": "may",
  "POST /api/contact": "may",
  "POST /api/data-requests": "may",
  "POST /api/data-requests/confirm": "may",
  // The same forms sent without scripts to their page (decision 061): each goes through its
  // JSON route, whose row above decides.
  "POST /*": "may",
  // Moderation: no reports; the appeal stays; staff actions go.
  "POST /api/moderation/reports": "refused",
  "POST /api/moderation/appeals": "may",
  // Anyone may report illegal content as a visitor, with an address (docs/decisions/079): a
  // suspension does not take away what signing out gives back.
  "POST /api/moderation/visitor-reports": "may",
  "POST /api/moderation/visitor-reports/confirm": "may",
  // A complaint, about the suspension itself most of all (docs/decisions/081); tracking them is
  // an admin's work.
  "POST /api/complaints": "may",
  "PATCH /api/complaints/:id": "refused",
  // Blocking protects the member themselves (docs/decisions/031): it stays theirs.
  "PUT /api/blocks/:memberId": "may",
  "DELETE /api/blocks/:memberId": "may",
  // Their own drafts (docs/decisions/065): kept, never shown to anyone; sending is refused.
  // An image is added to a post, which a suspended member may not send (decision 065).
  "POST /api/images": "refused",
  "PUT /api/drafts/:place": "may",
  "DELETE /api/drafts/:place": "may",
  // Their own bookmarks (issue 42, docs/decisions/072): private, shown to nobody else.
  "POST /api/bookmarks": "may",
  "PATCH /api/bookmarks/:id": "may",
  "DELETE /api/bookmarks/:id": "may",
  // Reactions are public acts (issue 45, docs/decisions/075): a suspended member neither adds
  // nor takes one back while suspended.
  "PUT /api/reactions/discussions/:id/:kind": "refused",
  "DELETE /api/reactions/discussions/:id/:kind": "refused",
  "PUT /api/reactions/replies/:id/:kind": "refused",
  "DELETE /api/reactions/replies/:id/:kind": "refused",
  "POST /api/moderation/items/:kind/:id/actions": "refused",
  "POST /api/moderation/members/:id/suspensions": "refused",
  "POST /api/moderation/members/:id/lift": "refused",
  "POST /api/moderation/appeals/:id/decision": "refused",
  // Held form submissions (docs/decisions/034): staff decisions.
  "POST /api/moderation/held/:id/release": "refused",
  "POST /api/moderation/held/:id/discard": "refused",
  "POST /api/moderation/held-posts/:kind/:id/approve": "refused",
  "POST /api/moderation/held-posts/:kind/:id/delete": "refused",
  "PUT /api/cms/settings": "refused",
  // The CMS and the admin's tools.
  "POST /api/cms/blog-posts": "refused",
  "PUT /api/cms/blog-posts/:id": "refused",
  "DELETE /api/cms/blog-posts/:id": "refused",
  "POST /api/cms/blog-posts/:id/newsletter": "refused",
  "PUT /api/cms/site-pages/:slug": "refused",
  "PUT /api/cms/online-safety/risk/:kind": "refused",
  "PUT /api/cms/online-safety/children-risk/:kind": "refused",
  "PUT /api/cms/online-safety/children-risk-assessment": "refused",
  "PUT /api/cms/online-safety/assessment": "refused",
  "PUT /api/cms/online-safety/children-access": "refused",
  "PUT /api/cms/online-safety/responsibility": "refused",
  "POST /api/cms/discussions": "refused",
  "PATCH /api/cms/discussions/:id": "refused",
  "POST /api/cms/discussions/:id/restore": "refused",
  "POST /api/cms/categories": "refused",
  "PUT /api/cms/categories/:id": "refused",
  "DELETE /api/cms/categories/:id": "refused",
  "POST /api/cms/tags": "refused",
  "PATCH /api/cms/tags/:id": "refused",
  "POST /api/cms/tags/:id/merge": "refused",
  "DELETE /api/cms/tags/:id": "refused",
  "POST /api/cms/hero-words": "refused",
  "PATCH /api/cms/hero-words/:id": "refused",
  "DELETE /api/cms/hero-words/:id": "refused",
  "PUT /api/users/:id/role": "refused",
  "POST /api/users/:id/second-factor-reset": "refused",
  "PATCH /api/inbox/data-requests/:id": "refused",
  "POST /api/inbox/data-requests/:id/confirmation": "refused",
  "POST /api/inbox/data-requests/:id/export": "refused",
  "POST /api/inbox/data-requests/:id/erase": "refused",
  // The command-line tools use the control token, never a session.
  "POST /api/control/role": "refused",
  "POST /api/control/second-factor-reset": "refused",
  "POST /api/control/seed-demo": "refused",
  "POST /api/control/top-scores": "refused",
  "POST /api/control/backup": "refused",
};

let t: TestApp;
let app: ReturnType<typeof createApp>;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "1000" } });
  // With a control token, so that /api/control's routes exist as on the embedded database;
  // with a built client, so that the pages' form posts exist (decision 061).
  app = createApp(
    { ...t.deps, controlToken: "suspension-table-control-token-012345" },
    {
      staticFiles: builtClient(
        '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
      ),
    },
  );
  // An admin: were the guard to let a staff route through, it would succeed.
  const member = await createMember(t, { role: "admin" });
  await t.db.execute(
    sql`insert into suspensions (user_id, reason) values (${member.id}, 'Table test')`,
  );
  cookie = cookieHeader(member.client);
});
afterAll(async () => {
  await t.close();
});

const writeRoutes = () =>
  [
    ...new Set(app.routes.filter((route) => MUTATING_METHODS.includes(route.method)).map(rowKey)),
  ].sort();

/** A concrete path for a route pattern: any id (the guard runs before the route looks). */
function concrete(path: string): string {
  return (
    path
      .replace(":kind", "discussion")
      .replace(/:[a-z]+/gi, "3f1d7c1e-0000-4000-8000-000000000000")
      // Signing out ends the session: the table's request to better-auth is a harmless one.
      .replace("/*", "/sign-out-nowhere")
  );
}

describe("what a suspended member may still do", () => {
  it("lists every write route of the app, and none that does not exist", () => {
    const routes = writeRoutes();
    expect(
      routes.filter((key) => !(key in SUSPENDED_MEMBER_TABLE)),
      "missing rows",
    ).toEqual([]);
    expect(
      Object.keys(SUSPENDED_MEMBER_TABLE).filter((key) => !routes.includes(key)),
      "rows without a route",
    ).toEqual([]);
  });

  it.each(Object.entries(SUSPENDED_MEMBER_TABLE))("%s: %s", async (key, rule) => {
    const [method = "", path = ""] = key.split(" ");
    const response = await app.request(concrete(path), {
      method,
      headers: {
        cookie,
        origin: t.env.siteUrl,
        "content-type": "application/json",
        "x-test-client-ip": "10.9.9.9",
      },
      body: "{}",
    });
    const body = (await response.json().catch(() => ({}))) as Partial<ApiErrorBody>;
    if (rule === "refused") {
      expect(response.status).toBe(403);
      expect(body.error?.code).toBe(SUSPENDED_CODE);
    } else {
      expect(body.error?.code).not.toBe(SUSPENDED_CODE);
    }
  });
});
