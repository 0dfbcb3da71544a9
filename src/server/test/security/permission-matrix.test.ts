// Runs every cell of permission-matrix.ts against the server: each mutating endpoint, as each
// of anonymous, user, author, moderator and admin, on their own record and on another member's
// where ownership matters. Allowed cells must succeed; refused ones answer 401 signed out and
// 403 signed in, and leave the record as it was. A mutating route that the table does not list
// fails the test (better-auth's own endpoints: auth-endpoints.test.ts).
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/server/app";
import { issueToken } from "@/server/auth/account-tokens";
import { queryRows } from "@/server/db/client";
import { dataRequestConfirmToken } from "@/server/domain/data-requests/confirm-token";
import { reportConfirmToken } from "@/server/domain/moderation/report-confirm-token";
import { digestUnsubscribeToken } from "@/server/features/digest/unsubscribe-token";
import { confirmToken } from "@/server/features/newsletter/confirm-token";
import { unsubscribeToken } from "@/server/features/newsletter/unsubscribe-token";
import { notificationUnsubscribeToken } from "@/server/features/notifications/unsubscribe-token";
import { builtClient } from "@/server/test/built-client";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createMember, mailedToken, totpCode, uniqueEmail } from "@/server/test/factories";
import { insertReplyRow } from "@/server/test/replies";
import { insertDataRequest, insertWord } from "@/server/test/staff-area";
import { termsText } from "@/server/test/terms";
import { createClient, createTestApp, type TestApp, type TestClient } from "@/server/test/test-app";
import { TestAuthenticator } from "@/server/test/webauthn";
import type { Role } from "@/shared/permissions";
import {
  allowedCallers,
  CALLERS,
  type Caller,
  hasOwnership,
  IDEMPOTENT_CREATES,
  type MatrixRow,
  MUTATING_METHODS,
  type Ownership,
  ownershipsOf,
  PERMISSION_MATRIX,
  PUBLIC_DOCUMENTS,
  rowKey,
  TOKEN_DOCUMENTS,
} from "./permission-matrix";
import {
  avatarForm,
  type Callers,
  clientFor,
  createCallers,
  insertBlogPost,
  randomIp,
  sendForm,
} from "./test-support";

const CONTROL_TOKEN = "matrix-control-token-0123456789";
const METRICS_TOKEN = "matrix-metrics-token-0123456789";

const SHELL =
  '<!doctype html><html lang="en"><head></head><body><div id="root"></div></body></html>';

let t: TestApp;
let app: ReturnType<typeof createApp>;
let callers: Callers;
/** The owner of "admin's" records when the caller is the admin. */
let otherAdmin: { id: string };

beforeAll(async () => {
  // Every limit raised far above what the cells use: this test is about permissions.
  t = await createTestApp({
    // With METRICS_TOKEN, as a scraped server runs: /metrics exists.
    env: { RATE_LIMIT_MULTIPLIER: "1000", METRICS_TOKEN: METRICS_TOKEN },
  });
  // With a control token, as the server runs on the embedded database: /api/control exists;
  // with a built client, as the server runs: the pages' form posts exist (decision 061).
  app = createApp({ ...t.deps, controlToken: CONTROL_TOKEN }, { staticFiles: builtClient(SHELL) });
  callers = await createCallers(t);
  otherAdmin = await createMember(t, { role: "admin", name: "Ada Admin" });
});
afterAll(async () => {
  await t.close();
});

type Cell = { caller: Caller; ownership: Ownership | null; client: TestClient };

/** How to make one successful-if-allowed request, and how to tell the record was untouched. */
type Case = {
  send(cell: Cell): Promise<Response>;
  success: 200 | 201 | 202 | 204;
};

/** The owner of the cell's record: the caller, another member, or an admin other than the caller. */
const idOf = (cell: Cell): string => {
  if (cell.ownership === "admin's") {
    return cell.caller === "admin" ? otherAdmin.id : callers.members.admin.id;
  }
  return cell.caller === "anonymous" || cell.ownership === "other's"
    ? callers.other.id
    : callers.members[cell.caller as Role].id;
};

/** Someone else's post is a moderator's edit, which gives a reason (docs/decisions/048). */
const EDIT_REASON = { reason: "Tidied the wording" };

const discussionFor = (cell: Cell) => insertDiscussionRow(t.db, { authorId: idOf(cell) });

async function discussionState(id: string) {
  const [row] = await queryRows<{ state: string }>(
    t.db,
    sql`select concat_ws('|', title, content, is_pinned, is_locked, status, hidden_at, category_id) as state
        from discussions where id = ${id}::uuid`,
  );
  return row?.state;
}

async function replyState(id: string) {
  const [row] = await queryRows<{ state: string }>(
    t.db,
    sql`select concat_ws('|', content, edited_at, deleted_at) as state
        from discussion_replies where id = ${id}::uuid`,
  );
  return row?.state;
}

/** On a reply of the cell's owner: on a refusal, checks that the reply did not change. */
async function onReply(cell: Cell, send: (id: string) => Promise<Response>) {
  const id = await insertReplyRow(t.db, await insertDiscussionRow(t.db), { authorId: idOf(cell) });
  const before = await replyState(id);
  const response = await send(id);
  if (response.status >= 400) expect(await replyState(id)).toBe(before);
  return response;
}

/** Sends the request; on a refusal, checks that the discussion did not change. */
async function onDiscussion(cell: Cell, send: (id: string) => Promise<Response>) {
  const id = await discussionFor(cell);
  const before = await discussionState(id);
  const response = await send(id);
  if (response.status >= 400) expect(await discussionState(id)).toBe(before);
  return response;
}

/** A valid new category, with a slug and name no other has. */
const categoryBody = () => {
  const slug = `matrix-${randomUUID().slice(0, 8)}`;
  return { name: slug, slug, colour: "#e03131", position: 50, staffOnly: false };
};

/** A category inserted directly, named "Matrix …" for the checks below. */
async function insertCategoryRow(): Promise<string> {
  const slug = `matrix-${randomUUID().slice(0, 8)}`;
  const [row] = await queryRows<{ id: string }>(
    t.db,
    sql`insert into categories (slug, name, colour, position)
        values (${slug}, ${`Matrix ${slug}`}, '#e03131', 50) returning id`,
  );
  if (!row) throw new Error("insert failed");
  return row.id;
}

async function categoryName(id: string): Promise<string | undefined> {
  const [row] = await queryRows<{ name: string }>(
    t.db,
    sql`select case when name like 'Matrix %' then 'Matrix' else name end as name
        from categories where id = ${id}::uuid`,
  );
  return row?.name;
}

/** A tag inserted directly, named "matrix-…" for the checks below. */
async function insertTagRow(): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    t.db,
    sql`insert into tags (name) values (${`matrix-${randomUUID().slice(0, 8)}`}) returning id`,
  );
  if (!row) throw new Error("insert failed");
  return row.id;
}

/** The tag's name ("matrix" for any matrix-…, or the whole name when asked), or undefined. */
async function tagName(id: string, whole = false): Promise<string | undefined> {
  const [row] = await queryRows<{ name: string }>(
    t.db,
    sql`select name from tags where id = ${id}::uuid`,
  );
  if (!row) return undefined;
  return whole || !row.name.startsWith("matrix-") ? row.name : "matrix";
}

/** A discussion's tags, comma-separated. */
async function tagsOf(id: string): Promise<string> {
  const [row] = await queryRows<{ tags: string }>(
    t.db,
    sql`select coalesce(string_agg(t.name, ',' order by t.name), '') as tags
        from discussion_tags dt join tags t on t.id = dt.tag_id
        where dt.discussion_id = ${id}::uuid`,
  );
  return row?.tags ?? "";
}

const CASES: Record<string, Case> = {
  "POST /api/auth/sign-up/email": {
    send: ({ client }) =>
      client.post("/api/auth/sign-up/email", {
        name: "New Person",
        email: uniqueEmail("signup"),
        password: "a long password",
      }),
    success: 200,
  },
  "POST /api/auth/sign-in/email": {
    send: ({ client }) =>
      client.post("/api/auth/sign-in/email", {
        email: callers.other.email,
        password: callers.other.password,
      }),
    success: 200,
  },
  "POST /api/auth/resend-confirmation": {
    send: ({ client }) =>
      client.post("/api/auth/resend-confirmation", { email: uniqueEmail("resend") }),
    success: 200,
  },
  "POST /api/auth/request-password-reset": {
    send: ({ client }) =>
      client.post("/api/auth/request-password-reset", { email: callers.other.email }),
    success: 200,
  },
  "POST /api/auth/confirm-email": {
    send: async ({ client }) => {
      const email = uniqueEmail("pending");
      await createClient(t.app, randomIp()).post("/api/auth/sign-up/email", {
        name: "Pending",
        email,
        password: "a long password",
      });
      const token = await mailedToken(t, email, "/auth/confirm");
      const terms = (await (await t.app.request("/api/site/pages/terms")).json()) as {
        version: number;
      };
      return client.post("/api/auth/confirm-email", {
        token,
        name: "Pending",
        password: "the chosen password",
        termsVersion: terms.version,
      });
    },
    success: 200,
  },
  "POST /api/auth/reset-password": {
    send: async ({ client }) => {
      const member = await createMember(t);
      await createClient(t.app, randomIp()).post("/api/auth/request-password-reset", {
        email: member.email,
      });
      const token = await mailedToken(t, member.email, "/auth/reset-password");
      return client.post("/api/auth/reset-password", { token, newPassword: "a new password" });
    },
    success: 200,
  },
  // The cases below end sessions or change a password: each runs on a member of its own with
  // the caller's role, so that the shared callers stay signed in.
  // Two-factor (decision 060): each on a member of its own, so the shared callers keep theirs.
  "POST /api/auth/two-factor/enable": {
    send: async ({ caller, client }) => {
      const member =
        caller === "anonymous"
          ? null
          : await createMember(t, { role: caller, secondFactor: false });
      return (member?.client ?? client).post("/api/auth/two-factor/enable", {
        password: member?.password ?? "whatever it was",
      });
    },
    success: 200,
  },
  // The second step of someone's sign-in, on the caller's copy of their client: whoever holds
  // the pending sign-in may finish it.
  "POST /api/auth/two-factor/verify-totp": {
    send: async ({ client }) => {
      const member = await createMember(t, { secondFactor: true });
      await client.post("/api/auth/sign-in/email", {
        email: member.email,
        password: member.password,
      });
      return client.post("/api/auth/two-factor/verify-totp", {
        code: await totpCode(member.totpSecret ?? ""),
      });
    },
    success: 200,
  },
  "POST /api/auth/two-factor/verify-backup-code": {
    send: async ({ client }) => {
      const member = await createMember(t, { secondFactor: true });
      await client.post("/api/auth/sign-in/email", {
        email: member.email,
        password: member.password,
      });
      return client.post("/api/auth/two-factor/verify-backup-code", {
        code: member.recoveryCodes[0],
      });
    },
    success: 200,
  },
  "POST /api/auth/two-factor/generate-backup-codes": {
    send: async ({ caller, client }) => {
      const member =
        caller === "anonymous" ? null : await createMember(t, { role: caller, secondFactor: true });
      return (member?.client ?? client).post("/api/auth/two-factor/generate-backup-codes", {
        password: member?.password ?? "whatever it was",
        code: await totpCode(member?.totpSecret ?? "none"),
      });
    },
    success: 200,
  },
  "POST /api/auth/two-factor/disable": {
    send: async ({ caller, client }) => {
      const member =
        caller === "anonymous" ? null : await createMember(t, { role: caller, secondFactor: true });
      return (member?.client ?? client).post("/api/auth/two-factor/disable", {
        password: member?.password ?? "whatever it was",
        code: member?.recoveryCodes[0] ?? "abcde-12345",
      });
    },
    success: 200,
  },
  "POST /api/auth/two-factor/reset": {
    send: async ({ client }) => {
      const member = await createMember(t, { secondFactor: true });
      const token = await issueToken(
        t.db,
        "reset-second-factor",
        { userId: member.id, email: member.email },
        3600,
      );
      return client.post("/api/auth/two-factor/reset", { token });
    },
    success: 200,
  },
  // Passkeys (decision 063), with a software authenticator; each on a member of its own.
  "POST /api/auth/passkeys/registration-options": {
    send: async ({ caller, client }) => {
      const member = await passkeyMemberLike(caller);
      return (member?.client ?? client).post("/api/auth/passkeys/registration-options");
    },
    success: 200,
  },
  "POST /api/auth/passkeys": {
    send: async ({ caller, client }) => {
      const member = await passkeyMemberLike(caller);
      const authenticator = new TestAuthenticator(t.env.siteUrl);
      const options = member
        ? await (await member.client.post("/api/auth/passkeys/registration-options")).json()
        : { challenge: "none", user: { id: "none" } };
      return (member?.client ?? client).post("/api/auth/passkeys", {
        response: authenticator.register(options),
      });
    },
    success: 201,
  },
  "PATCH /api/auth/passkeys/:id": {
    send: async ({ caller, ownership, client }) => {
      const member = await passkeyMemberLike(caller);
      const owner = ownership === "own" && member ? member : await createMember(t);
      const id = await new TestAuthenticator(t.env.siteUrl).insertPasskey(t.db, owner.id);
      return (member?.client ?? client).patch(`/api/auth/passkeys/${id}`, { name: "Renamed" });
    },
    success: 200,
  },
  "DELETE /api/auth/passkeys/:id": {
    send: async ({ caller, ownership, client }) => {
      const member = await passkeyMemberLike(caller);
      const owner = ownership === "own" && member ? member : await createMember(t);
      const id = await new TestAuthenticator(t.env.siteUrl).insertPasskey(t.db, owner.id);
      return (member?.client ?? client).delete(`/api/auth/passkeys/${id}`, undefined, {
        password: member?.password ?? "whatever it was",
      });
    },
    success: 200,
  },
  "POST /api/auth/passkeys/confirmation-options": {
    send: async ({ caller, client }) => {
      const member = await passkeyMemberLike(caller);
      if (member) await new TestAuthenticator(t.env.siteUrl).insertPasskey(t.db, member.id);
      return (member?.client ?? client).post("/api/auth/passkeys/confirmation-options");
    },
    success: 200,
  },
  "POST /api/auth/passkeys/sign-in/options": {
    send: ({ client }) => client.post("/api/auth/passkeys/sign-in/options"),
    success: 200,
  },
  // Someone's passkey, on the caller's copy of their client: whoever holds it signs in.
  "POST /api/auth/passkeys/sign-in": {
    send: async ({ client }) => {
      const member = await createMember(t, { secondFactor: false });
      const authenticator = new TestAuthenticator(t.env.siteUrl);
      await authenticator.insertPasskey(t.db, member.id);
      const options = await (await client.post("/api/auth/passkeys/sign-in/options")).json();
      return client.post("/api/auth/passkeys/sign-in", {
        response: authenticator.assert(options),
      });
    },
    success: 200,
  },
  // The admin passes their own second factor again: the caller's code, once per time-step.
  "POST /api/users/:id/second-factor-reset": {
    send: async ({ caller, client }) => {
      const target = await createMember(t, { secondFactor: true });
      const secret = caller === "anonymous" ? null : callers.members[caller].totpSecret;
      return client.post(`/api/users/${target.id}/second-factor-reset`, {
        code: await totpCode(secret ?? "none"),
      });
    },
    success: 200,
  },
  "POST /api/auth/change-password": {
    send: async ({ caller, client }) => {
      const member = await memberLike(caller);
      return (member?.client ?? client).post("/api/auth/change-password", {
        currentPassword: member?.password ?? "whatever it was",
        newPassword: "a changed password",
      });
    },
    success: 200,
  },
  "POST /api/account/email": {
    send: async ({ caller, client }) => {
      const member = await memberLike(caller);
      // Staff have an authenticator app (decision 060): its code confirms the change too.
      const code = member?.totpSecret ? await totpCode(member.totpSecret) : undefined;
      return (member?.client ?? client).post("/api/account/email", {
        email: uniqueEmail("moving"),
        currentPassword: member?.password ?? "whatever it was",
        code,
      });
    },
    success: 200,
  },
  "POST /api/account/email/confirm": {
    send: async ({ client }) => {
      const member = await createMember(t);
      const newEmail = uniqueEmail("moved");
      await member.client.post("/api/account/email", {
        email: newEmail,
        currentPassword: member.password,
      });
      const token = await mailedToken(t, newEmail, "/settings/email");
      return client.post("/api/account/email/confirm", { token });
    },
    success: 200,
  },
  "POST /api/account/email/undo": {
    send: async ({ client }) => {
      const member = await createMember(t);
      const newEmail = uniqueEmail("moved");
      await member.client.post("/api/account/email", {
        email: newEmail,
        currentPassword: member.password,
      });
      const confirm = await mailedToken(t, newEmail, "/settings/email");
      await createClient(t.app, randomIp()).post("/api/account/email/confirm", { token: confirm });
      const token = await mailedToken(t, member.email, "/settings/email/undo");
      return client.post("/api/account/email/undo", { token });
    },
    success: 200,
  },
  "POST /api/account/terms": {
    send: async ({ client }) => {
      const page = (await (await t.app.request("/api/site/pages/terms")).json()) as {
        version: number;
      };
      return client.post("/api/account/terms", { version: page.version });
    },
    success: 200,
  },
  "POST /api/account/sessions/revoke-others": {
    send: async ({ caller, client }) => {
      const member = await memberLike(caller);
      return (member?.client ?? client).post("/api/account/sessions/revoke-others");
    },
    success: 200,
  },
  "DELETE /api/account/sessions/:id": {
    send: async ({ caller, ownership, client }) => {
      const member = await memberLike(caller);
      const target = ownership === "own" && member ? member : await createMember(t);
      const second = createClient(t.app, randomIp());
      await second.post("/api/auth/sign-in/email", {
        email: target.email,
        password: target.password,
      });
      // Staff have a second factor (decision 060): the sign-in ends with its code.
      if (target.totpSecret) {
        await second.post("/api/auth/two-factor/verify-totp", {
          code: await totpCode(target.totpSecret),
        });
      }
      const [row] = await queryRows<{ id: string }>(
        t.db,
        sql`select id from session where user_id = ${target.id} order by created_at desc limit 1`,
      );
      const response = await (member?.client ?? client).delete(`/api/account/sessions/${row?.id}`);
      const [left] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from session where id = ${row?.id ?? ""}`,
      );
      expect(left?.n).toBe(response.ok ? 0 : 1);
      return response;
    },
    success: 200,
  },
  "POST /api/account/export": {
    send: ({ client }) => client.post("/api/account/export"),
    success: 200,
  },
  // On a member of its own with the caller's role: the shared callers must stay.
  "POST /api/account/delete": {
    send: async ({ caller, client }) => {
      const member = await memberLike(caller);
      const response = await (member?.client ?? client).post("/api/account/delete", {
        password: member?.password ?? "whatever it was",
        confirmation: "DELETE",
      });
      if (member) {
        const [left] = await queryRows<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from "user" where id = ${member.id}`,
        );
        expect(left?.n).toBe(response.ok ? 0 : 1);
      }
      return response;
    },
    success: 200,
  },
  "POST /api/discussions": {
    send: ({ client }) =>
      client.post("/api/discussions", {
        category: "rants-and-vents",
        title: "A title",
        content: "Text",
      }),
    success: 201,
  },
  "PUT /api/discussions/:id/pin": {
    send: (cell) =>
      onDiscussion(cell, (id) => cell.client.put(`/api/discussions/${id}/pin`, { pinned: true })),
    success: 200,
  },
  "PUT /api/discussions/:id/lock": {
    send: (cell) =>
      onDiscussion(cell, (id) => cell.client.put(`/api/discussions/${id}/lock`, { locked: true })),
    success: 200,
  },
  "PATCH /api/discussions/:id": {
    send: (cell) =>
      onDiscussion(cell, (id) =>
        cell.client.patch(`/api/discussions/${id}`, {
          title: "Edited",
          content: "Edited",
          ...EDIT_REASON,
        }),
      ),
    success: 200,
  },
  "DELETE /api/discussions/:id": {
    send: (cell) => onDiscussion(cell, (id) => cell.client.delete(`/api/discussions/${id}`)),
    success: 204,
  },
  "POST /api/cms/discussions/:id/restore": {
    async send({ client }) {
      const id = await insertDiscussionRow(t.db, { authorId: callers.other.id, status: "deleted" });
      const response = await client.post(`/api/cms/discussions/${id}/restore`);
      expect(await discussionStatus(id)).toBe(response.ok ? "active" : "deleted");
      return response;
    },
    success: 200,
  },
  "POST /api/moderation/reports": {
    async send({ client }) {
      const id = await insertDiscussionRow(t.db, { authorId: callers.other.id });
      const response = await client.post("/api/moderation/reports", {
        targetKind: "discussion",
        targetId: id,
        reason: "spam",
      });
      expect(await countWhere(sql`reports where target_id = ${id}`)).toBe(response.ok ? 1 : 0);
      return response;
    },
    success: 201,
  },
  "POST /api/moderation/visitor-reports": {
    async send({ client }) {
      const id = await insertDiscussionRow(t.db, { authorId: callers.other.id });
      const email = uniqueEmail("visitor-report");
      const response = await client.post("/api/moderation/visitor-reports", {
        email,
        targetKind: "discussion",
        targetId: id,
        reason: "illegal",
        harmKind: "fraud",
      });
      expect(await countWhere(sql`reports where target_id = ${id}`)).toBe(response.ok ? 1 : 0);
      return response;
    },
    success: 201,
  },
  "POST /api/moderation/visitor-reports/confirm": {
    send: ({ client }) =>
      client.post("/api/moderation/visitor-reports/confirm", {
        token: reportConfirmToken(t.deps.secret, uniqueEmail("visitor-report")),
      }),
    success: 200,
  },
  "POST /api/moderation/appeals": {
    async send({ caller, client }) {
      const subject =
        caller === "anonymous" ? callers.other.id : callers.members[caller as Role].id;
      const actionId = await insertAction(subject);
      const response = await client.post("/api/moderation/appeals", {
        actionId,
        message: "Please look again",
      });
      expect(await countWhere(sql`appeals where action_id = ${actionId}::uuid`)).toBe(
        response.ok ? 1 : 0,
      );
      return response;
    },
    success: 201,
  },
  "POST /api/moderation/items/:kind/:id/actions": {
    send: (cell) =>
      onDiscussion(cell, (id) =>
        cell.client.post(`/api/moderation/items/discussion/${id}/actions`, {
          action: "hide",
          reason: "Off topic",
        }),
      ),
    success: 200,
  },
  "POST /api/moderation/members/:id/suspensions": {
    async send({ client }) {
      // A member of its own: the shared callers stay free to post.
      const target = await createMember(t);
      const response = await client.post(`/api/moderation/members/${target.id}/suspensions`, {
        reason: "Spam",
        length: "1d",
      });
      expect(await countWhere(sql`suspensions where user_id = ${target.id}`)).toBe(
        response.ok ? 1 : 0,
      );
      return response;
    },
    success: 201,
  },
  "POST /api/moderation/members/:id/lift": {
    async send({ client }) {
      const target = await createMember(t);
      await t.db.execute(
        sql`insert into suspensions (user_id, reason) values (${target.id}, 'For good')`,
      );
      const response = await client.post(`/api/moderation/members/${target.id}/lift`, {
        reason: "Served",
      });
      expect(
        await countWhere(sql`suspensions where user_id = ${target.id} and lifted_at is null`),
      ).toBe(response.ok ? 0 : 1);
      return response;
    },
    success: 200,
  },
  "POST /api/moderation/held/:id/release": {
    send: (cell) => onHeldSubmission(cell, "release"),
    success: 200,
  },
  "POST /api/moderation/held/:id/discard": {
    send: (cell) => onHeldSubmission(cell, "discard"),
    success: 200,
  },
  "POST /api/moderation/held-posts/:kind/:id/approve": {
    send: (cell) => onHeldPost(cell, "approve"),
    success: 200,
  },
  "POST /api/moderation/held-posts/:kind/:id/delete": {
    send: (cell) => onHeldPost(cell, "delete"),
    success: 200,
  },
  "PUT /api/cms/settings": {
    async send({ client }) {
      const before = await countWhere(sql`moderation_actions where action = 'setting'`);
      // Each call turns it the other way, so that every success is a change.
      const [row] = await queryRows<{ on: boolean }>(
        t.db,
        sql`select coalesce((select value = 'true'::jsonb from site_settings
              where key = 'holdNewMembersFirstPost'), false) as on`,
      );
      const response = await client.put("/api/cms/settings", { holdNewMembersFirstPost: !row?.on });
      expect(await countWhere(sql`moderation_actions where action = 'setting'`)).toBe(
        (before ?? 0) + (response.ok ? 1 : 0),
      );
      return response;
    },
    success: 200,
  },
  "POST /api/moderation/appeals/:id/decision": {
    async send({ client }) {
      const actionId = await insertAction(callers.other.id);
      const [appeal] = await queryRows<{ id: string }>(
        t.db,
        sql`insert into appeals (action_id, user_id, message)
            values (${actionId}::uuid, ${callers.other.id}, 'Look again') returning id`,
      );
      const response = await client.post(`/api/moderation/appeals/${appeal?.id}/decision`, {
        decision: "keep",
        reason: "Stands",
      });
      expect(
        await countWhere(sql`appeals where id = ${appeal?.id}::uuid and resolved_at is not null`),
      ).toBe(response.ok ? 1 : 0);
      return response;
    },
    success: 200,
  },
  "POST /api/discussions/:id/replies": {
    async send({ client }) {
      const id = await insertDiscussionRow(t.db, { authorId: callers.other.id });
      const response = await client.post(`/api/discussions/${id}/replies`, { content: "Reply" });
      const [row] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from discussion_replies where discussion_id = ${id}::uuid`,
      );
      expect(row?.n).toBe(response.status >= 400 ? 0 : 1);
      return response;
    },
    success: 201,
  },
  "PATCH /api/replies/:id": {
    send: (cell) =>
      onReply(cell, (id) =>
        cell.client.patch(`/api/replies/${id}`, { content: "Edited", ...EDIT_REASON }),
      ),
    success: 200,
  },
  "DELETE /api/replies/:id": {
    send: (cell) => onReply(cell, (id) => cell.client.delete(`/api/replies/${id}`)),
    success: 204,
  },
  "PUT /api/blocks/:memberId": {
    send: (cell) => cell.client.put(`/api/blocks/${idOf(cell)}`),
    success: 200,
  },
  "DELETE /api/blocks/:memberId": {
    send: (cell) => cell.client.delete(`/api/blocks/${idOf(cell)}`),
    success: 200,
  },
  "PUT /api/drafts/:place": {
    send: ({ client }) => client.put("/api/drafts/new-discussion", { title: "T", content: "C" }),
    success: 200,
  },
  "DELETE /api/drafts/:place": {
    send: ({ client }) => client.delete("/api/drafts/new-discussion"),
    success: 204,
  },
  "POST /api/images": {
    send: async ({ client }) =>
      sendForm(app, client, "POST", "/api/images", await avatarForm("image")),
    success: 201,
  },
  "PUT /api/discussions/:id/follow": {
    send: async ({ client }) => {
      const id = await insertDiscussionRow(t.db, { authorId: callers.other.id });
      return client.put(`/api/discussions/${id}/follow`, { state: "muted" });
    },
    success: 200,
  },
  "PUT /api/categories/:slug/follow": {
    send: ({ client }) =>
      client.put("/api/categories/life-observations/follow", { state: "muted" }),
    success: 200,
  },
  "PUT /api/discussions/:id/read": {
    send: async ({ client }) => {
      const id = await insertDiscussionRow(t.db, { authorId: callers.other.id });
      return client.put(`/api/discussions/${id}/read`, { seq: 0 });
    },
    success: 204,
  },
  "POST /api/discussions/mark-all-read": {
    send: ({ client }) => client.post("/api/discussions/mark-all-read", {}),
    success: 204,
  },
  "POST /api/bookmarks": {
    send: async ({ client }) => {
      const id = await insertDiscussionRow(t.db, { authorId: callers.other.id });
      return client.post("/api/bookmarks", { discussionId: id, note: "Read later" });
    },
    success: 201,
  },
  "PATCH /api/bookmarks/:id": {
    send: async (cell) => {
      const id = await insertBookmark(idOf(cell));
      const response = await cell.client.patch(`/api/bookmarks/${id}`, { note: "Changed" });
      expect(await bookmarkNote(id)).toBe(response.ok ? "Changed" : "Kept");
      return response;
    },
    success: 200,
  },
  "DELETE /api/bookmarks/:id": {
    send: async (cell) => {
      const id = await insertBookmark(idOf(cell));
      const response = await cell.client.delete(`/api/bookmarks/${id}`);
      expect(await bookmarkNote(id)).toBe(response.ok ? undefined : "Kept");
      return response;
    },
    success: 204,
  },
  "PUT /api/reactions/discussions/:id/:kind": {
    send: async (cell) => {
      const id = await discussionFor(cell);
      const response = await cell.client.put(`/api/reactions/discussions/${id}/agree`);
      expect(await countWhere(sql`reactions where discussion_id = ${id}::uuid`)).toBe(
        response.ok ? 1 : 0,
      );
      return response;
    },
    success: 201,
  },
  "DELETE /api/reactions/discussions/:id/:kind": {
    send: async ({ caller, client }) => {
      const id = await insertDiscussionRow(t.db, { authorId: callers.other.id });
      const reactor =
        caller === "anonymous" ? callers.other.id : callers.members[caller as Role].id;
      await t.db.execute(
        sql`insert into reactions (user_id, discussion_id, kind) values (${reactor}, ${id}::uuid, 'hugs')`,
      );
      const response = await client.delete(`/api/reactions/discussions/${id}/hugs`);
      expect(await countWhere(sql`reactions where discussion_id = ${id}::uuid`)).toBe(
        response.ok ? 0 : 1,
      );
      return response;
    },
    success: 200,
  },
  "PUT /api/reactions/replies/:id/:kind": {
    send: async (cell) => {
      const id = await insertReplyRow(t.db, await insertDiscussionRow(t.db), {
        authorId: idOf(cell),
      });
      const response = await cell.client.put(`/api/reactions/replies/${id}/funny`);
      expect(await countWhere(sql`reactions where reply_id = ${id}::uuid`)).toBe(
        response.ok ? 1 : 0,
      );
      return response;
    },
    success: 201,
  },
  "DELETE /api/reactions/replies/:id/:kind": {
    send: async ({ caller, client }) => {
      const discussion = await insertDiscussionRow(t.db);
      const id = await insertReplyRow(t.db, discussion, { authorId: callers.other.id });
      const reactor =
        caller === "anonymous" ? callers.other.id : callers.members[caller as Role].id;
      await t.db.execute(
        sql`insert into reactions (user_id, discussion_id, reply_id, kind)
            values (${reactor}, ${discussion}::uuid, ${id}::uuid, 'wow')`,
      );
      const response = await client.delete(`/api/reactions/replies/${id}/wow`);
      expect(await countWhere(sql`reactions where reply_id = ${id}::uuid`)).toBe(
        response.ok ? 0 : 1,
      );
      return response;
    },
    success: 200,
  },
  "POST /api/notifications/read-all": {
    send: ({ client }) => client.post("/api/notifications/read-all"),
    success: 204,
  },
  "POST /api/notifications/:id/read": {
    send: async ({ caller, client }) => {
      const owner = caller === "anonymous" ? callers.other.id : callers.members[caller as Role].id;
      const [entry] = await queryRows<{ id: string }>(
        t.db,
        sql`insert into notifications (user_id, kind, data) values (${owner}, 'role_changed', '{"role":"user"}')
            returning id`,
      );
      return client.post(`/api/notifications/${entry?.id}/read`);
    },
    success: 204,
  },
  "PUT /api/notifications/settings": {
    send: ({ client }) =>
      client.put("/api/notifications/settings", { email: { followed_discussion: "daily" } }),
    success: 200,
  },
  "POST /api/notifications/unsubscribe": {
    send: ({ client }) => {
      const token = notificationUnsubscribeToken(t.deps.secret, {
        userId: callers.other.id,
        kinds: ["followed_discussion"],
      });
      return client.post(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`);
    },
    success: 200,
  },
  "PUT /api/digest": {
    send: ({ client }) => client.put("/api/digest", { digest: "daily" }),
    success: 200,
  },
  "POST /api/digest/unsubscribe": {
    send: ({ client }) => {
      const token = digestUnsubscribeToken(t.deps.secret, callers.other.id);
      return client.post(`/api/digest/unsubscribe?token=${encodeURIComponent(token)}`);
    },
    success: 200,
  },
  "PATCH /api/profiles/:id": {
    async send(cell) {
      const id = idOf(cell);
      const before = await profileName(id);
      const response = await cell.client.patch(`/api/profiles/${id}`, { fullName: "Renamed" });
      if (response.status >= 400) expect(await profileName(id)).toBe(before);
      return response;
    },
    success: 200,
  },
  "PUT /api/profiles/me/avatar": {
    send: async ({ client }) =>
      sendForm(app, client, "PUT", "/api/profiles/me/avatar", await avatarForm()),
    success: 200,
  },
  "POST /api/newsletter": {
    send: ({ client }) => client.post("/api/newsletter", { email: uniqueEmail("news") }),
    success: 200,
  },
  "POST /api/newsletter/unsubscribe": {
    async send({ client }) {
      const email = uniqueEmail("unsub");
      const { secret } = await t.auth.$context;
      const query = new URLSearchParams({ email, token: unsubscribeToken(secret, email) });
      return client.post(`/api/newsletter/unsubscribe?${query}`);
    },
    success: 200,
  },
  "POST /api/newsletter/confirm": {
    send: ({ client }) =>
      client.post("/api/newsletter/confirm", {
        token: confirmToken(t.deps.secret, uniqueEmail("confirm")),
      }),
    success: 200,
  },
  "PUT /api/newsletter/me": {
    send: ({ client }) => client.put("/api/newsletter/me", { subscribed: true }),
    success: 200,
  },
  "POST /*": {
    async send({ client }) {
      const form = new FormData();
      for (const [name, value] of Object.entries({
        intent: "contact",
        name: "Plain Sender",
        email: uniqueEmail("plain"),
        subject: "Sent without scripts",
        message: "A message",
      })) {
        form.set(name, value);
      }
      return sendForm(app, client, "POST", "/contact", form, randomIp());
    },
    success: 200,
  },
  "POST /api/contact": {
    send: ({ client }) =>
      client.post("/api/contact", {
        name: "Sam Sender",
        email: uniqueEmail("contact"),
        subject: "Hello",
        message: "A message",
      }),
    success: 201,
  },
  "POST /api/data-requests": {
    send: ({ client }) =>
      client.post("/api/data-requests", {
        requestType: "access",
        email: uniqueEmail("gdpr"),
        fullName: "Dana Subject",
      }),
    success: 201,
  },
  "POST /api/complaints": {
    async send({ client }) {
      const message = `Complaint ${uniqueEmail("complaint")}`;
      const response = await client.post("/api/complaints", {
        kind: "content",
        email: uniqueEmail("complaint"),
        message,
      });
      expect(await countWhere(sql`complaints where message = ${message}`)).toBe(
        response.ok ? 1 : 0,
      );
      return response;
    },
    success: 201,
  },
  "PATCH /api/complaints/:id": {
    async send({ client }) {
      const [row] = await queryRows<{ id: string }>(
        t.db,
        sql`insert into complaints (kind, email, message, due_at)
            values ('duties', ${uniqueEmail("complaint")}, 'Tracked', now()) returning id`,
      );
      const response = await client.patch(`/api/complaints/${row?.id}`, {
        status: "in_progress",
      });
      expect(
        await countWhere(sql`complaints where id = ${row?.id}::uuid and status = 'in_progress'`),
      ).toBe(response.ok ? 1 : 0);
      return response;
    },
    success: 200,
  },
  "POST /api/data-requests/confirm": {
    send: async ({ client }) => {
      const id = await insertDataRequest(t.db);
      const [row] = await queryRows<{ email: string }>(
        t.db,
        sql`select email from data_requests where id = ${id}::uuid`,
      );
      const token = dataRequestConfirmToken(t.deps.secret, {
        requestId: id,
        email: row?.email ?? "",
      });
      return client.post("/api/data-requests/confirm", { token });
    },
    success: 200,
  },
  "POST /api/inbox/data-requests/:id/export": {
    send: async ({ client }) => {
      const id = await confirmedRequestFor(await createMember(t));
      return client.post(`/api/inbox/data-requests/${id}/export`);
    },
    success: 202,
  },
  "POST /api/inbox/data-requests/:id/erase": {
    send: async ({ client }) => {
      const member = await createMember(t);
      const id = await confirmedRequestFor(member);
      const response = await client.post(`/api/inbox/data-requests/${id}/erase`, {
        reason: "Confirmed erasure request",
      });
      const [left] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from "user" where id = ${member.id}`,
      );
      expect(left?.n).toBe(response.ok ? 0 : 1);
      return response;
    },
    success: 200,
  },
  "POST /api/inbox/data-requests/:id/confirmation": {
    send: async ({ client }) =>
      client.post(`/api/inbox/data-requests/${await insertDataRequest(t.db)}/confirmation`),
    success: 200,
  },
  "POST /api/cms/blog-posts": {
    send: ({ client }) =>
      client.post("/api/cms/blog-posts", { title: "T", excerpt: "E", content: "C" }),
    success: 201,
  },
  "PUT /api/cms/blog-posts/:id": {
    async send(cell) {
      const id = await insertBlogPost(t.db, idOf(cell));
      const response = await cell.client.put(`/api/cms/blog-posts/${id}`, {
        title: "Changed",
        excerpt: "E",
        content: "C",
      });
      if (response.status >= 400) expect(await postTitle(id)).toBe("A post");
      return response;
    },
    success: 200,
  },
  "POST /api/cms/blog-posts/:id/newsletter": {
    async send(cell) {
      const id = await insertBlogPost(t.db, idOf(cell));
      await t.db.execute(sql`update blog_posts set status = 'published' where id = ${id}::uuid`);
      const response = await cell.client.post(`/api/cms/blog-posts/${id}/newsletter`, {
        content: "excerpt",
      });
      if (response.status >= 400) {
        const sends = await queryRows<{ id: string }>(
          t.db,
          sql`select id from newsletter_sends where post_id = ${id}::uuid`,
        );
        expect(sends).toHaveLength(0);
      }
      return response;
    },
    success: 202,
  },
  "DELETE /api/cms/blog-posts/:id": {
    async send(cell) {
      const id = await insertBlogPost(t.db, idOf(cell));
      const response = await cell.client.delete(`/api/cms/blog-posts/${id}`);
      if (response.status >= 400) expect(await postTitle(id)).toBe("A post");
      return response;
    },
    success: 204,
  },
  "POST /api/cms/discussions": {
    send: ({ client }) =>
      client.post("/api/cms/discussions", {
        category: "rants-and-vents",
        title: "Staff",
        content: "Text",
      }),
    success: 201,
  },
  "PATCH /api/cms/discussions/:id": {
    send: (cell) =>
      onDiscussion(cell, (id) =>
        cell.client.patch(`/api/cms/discussions/${id}`, {
          title: "Edited",
          content: "Edited",
          ...EDIT_REASON,
        }),
      ),
    success: 200,
  },
  "PUT /api/discussions/:id/category": {
    send: (cell) =>
      onDiscussion(cell, (id) =>
        cell.client.put(`/api/discussions/${id}/category`, { category: "personal-stories" }),
      ),
    success: 200,
  },
  "POST /api/cms/categories": {
    send: ({ client }) => client.post("/api/cms/categories", categoryBody()),
    success: 201,
  },
  "PUT /api/cms/categories/:id": {
    async send({ client }) {
      const id = await insertCategoryRow();
      const response = await client.put(`/api/cms/categories/${id}`, {
        ...categoryBody(),
        name: "Renamed",
      });
      expect(await categoryName(id)).toBe(response.ok ? "Renamed" : "Matrix");
      return response;
    },
    success: 200,
  },
  "DELETE /api/cms/categories/:id": {
    async send({ client }) {
      const id = await insertCategoryRow();
      const response = await client.delete(`/api/cms/categories/${id}`, undefined, {
        moveTo: "rants-and-vents",
      });
      expect(await categoryName(id)).toBe(response.ok ? undefined : "Matrix");
      return response;
    },
    success: 204,
  },
  "PUT /api/discussions/:id/tags": {
    async send(cell) {
      const id = await discussionFor(cell);
      const response = await cell.client.put(`/api/discussions/${id}/tags`, { tags: ["matrix"] });
      expect(await tagsOf(id)).toBe(response.ok ? "matrix" : "");
      return response;
    },
    success: 200,
  },
  "POST /api/cms/tags": {
    send: ({ client }) =>
      client.post("/api/cms/tags", { name: `matrix-${randomUUID().slice(0, 8)}` }),
    success: 201,
  },
  "PATCH /api/cms/tags/:id": {
    async send({ client }) {
      const id = await insertTagRow();
      const name = `renamed-${randomUUID().slice(0, 8)}`;
      const response = await client.patch(`/api/cms/tags/${id}`, { name });
      expect(await tagName(id)).toBe(response.ok ? name : "matrix");
      return response;
    },
    success: 200,
  },
  "POST /api/cms/tags/:id/merge": {
    async send({ client }) {
      const id = await insertTagRow();
      const into = await tagName(await insertTagRow(), true);
      const response = await client.post(`/api/cms/tags/${id}/merge`, { into });
      expect(await tagName(id)).toBe(response.ok ? undefined : "matrix");
      return response;
    },
    success: 200,
  },
  "DELETE /api/cms/tags/:id": {
    async send({ client }) {
      const id = await insertTagRow();
      const response = await client.delete(`/api/cms/tags/${id}`);
      expect(await tagName(id)).toBe(response.ok ? undefined : "matrix");
      return response;
    },
    success: 204,
  },
  "POST /api/cms/hero-words": {
    send: ({ client }) =>
      client.post("/api/cms/hero-words", { word: `grumble ${randomUUID().slice(0, 8)}` }),
    success: 201,
  },
  "PATCH /api/cms/hero-words/:id": {
    send: async ({ client }) =>
      client.patch(`/api/cms/hero-words/${await insertWord(t.db)}`, { isActive: false }),
    success: 200,
  },
  "PUT /api/cms/site-pages/:slug": {
    send: ({ client }) =>
      client.put("/api/cms/site-pages/terms", { content: termsText("## Terms\nBe kind.") }),
    success: 200,
  },
  "PUT /api/cms/online-safety/risk/:kind": {
    send: ({ client }) =>
      client.put("/api/cms/online-safety/risk/hate", {
        riskLevel: "low",
        evidence: "Few reports",
        measures: ["reporting"],
      }),
    success: 200,
  },
  "PUT /api/cms/online-safety/children-risk/:kind": {
    send: ({ client }) =>
      client.put("/api/cms/online-safety/children-risk/bullying", {
        riskLevel: "low",
        evidence: "No bullying reports",
        measures: ["blocking"],
      }),
    success: 200,
  },
  "PUT /api/cms/online-safety/children-risk-assessment": {
    send: ({ client }) =>
      client.put("/api/cms/online-safety/children-risk-assessment", {
        summary: "",
        reviewDueOn: "2027-07-01",
      }),
    success: 200,
  },
  "PUT /api/cms/online-safety/assessment": {
    send: ({ client }) =>
      client.put("/api/cms/online-safety/assessment", { summary: "", reviewDueOn: "2027-03-01" }),
    success: 200,
  },
  "PUT /api/cms/online-safety/children-access": {
    send: ({ client }) =>
      client.put("/api/cms/online-safety/children-access", {
        highlyEffectiveAgeAssurance: false,
        outcome: "not-likely",
        reviewDueOn: "2027-11-29",
      }),
    success: 200,
  },
  "PUT /api/cms/online-safety/responsibility": {
    send: (cell) =>
      cell.client.put("/api/cms/online-safety/responsibility", {
        personId: idOf(cell),
        role: "Online safety lead",
        contactEmail: "safety@example.org",
      }),
    success: 200,
  },
  "DELETE /api/cms/hero-words/:id": {
    async send({ client }) {
      const id = await insertWord(t.db);
      const response = await client.delete(`/api/cms/hero-words/${id}`);
      const [row] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from hero_words where id = ${id}::uuid`,
      );
      expect(row?.n).toBe(response.status >= 400 ? 1 : 0);
      return response;
    },
    success: 204,
  },
  "PUT /api/users/:id/role": {
    async send(cell) {
      const own = cell.ownership === "own" && cell.caller !== "anonymous";
      const target = idOf(cell);
      // Setting one's own current role keeps the members as they are for the other cells.
      const role = own ? cell.caller : "user";
      return cell.client.put(`/api/users/${target}/role`, { role });
    },
    success: 200,
  },
  "PATCH /api/inbox/data-requests/:id": {
    send: async ({ client }) =>
      client.patch(`/api/inbox/data-requests/${await insertDataRequest(t.db)}`, {
        status: "in_progress",
      }),
    success: 200,
  },
  "POST /api/control/second-factor-reset": {
    // A session cookie is never enough: the control token is required.
    send: ({ client }) =>
      client.post("/api/control/second-factor-reset", { email: callers.other.email }),
    success: 200,
  },
  "POST /api/control/role": {
    // A session cookie is never enough: the control token is required.
    send: ({ client }) =>
      client.post("/api/control/role", { email: callers.other.email, role: "admin" }),
    success: 200,
  },
  "POST /api/control/seed-demo": {
    // A session cookie is never enough: the control token is required.
    send: ({ client }) => client.post("/api/control/seed-demo"),
    success: 200,
  },
  "POST /api/control/top-scores": {
    send: ({ client }) => client.post("/api/control/top-scores"),
    success: 200,
  },
  "POST /api/control/backup": {
    // A session cookie is never enough, an admin's included: the control token is required.
    send: ({ client }) => client.post("/api/control/backup"),
    success: 200,
  },
};

/** A data request from `member`'s address that the requester has confirmed. */
async function confirmedRequestFor(member: { email: string }): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    t.db,
    sql`insert into data_requests (request_type, email, full_name, confirmed_at)
        values ('erasure', ${member.email}, 'Requester', now()) returning id`,
  );
  if (!row) throw new Error("insert failed");
  return row.id;
}

async function discussionStatus(id: string) {
  const [row] = await queryRows<{ status: string }>(
    t.db,
    sql`select status from discussions where id = ${id}::uuid`,
  );
  return row?.status;
}

async function countWhere(from: ReturnType<typeof sql>) {
  const [row] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from ${from}`);
  return row?.n;
}

/** A bookmark of `userId`'s on a new discussion, with the note "Kept". */
async function insertBookmark(userId: string): Promise<string> {
  const discussion = await insertDiscussionRow(t.db);
  const [row] = await queryRows<{ id: string }>(
    t.db,
    sql`insert into bookmarks (user_id, discussion_id, note)
        values (${userId}, ${discussion}::uuid, 'Kept') returning id`,
  );
  if (!row) throw new Error("no bookmark");
  return row.id;
}

async function bookmarkNote(id: string) {
  const [row] = await queryRows<{ note: string }>(
    t.db,
    sql`select note from bookmarks where id = ${id}::uuid`,
  );
  return row?.note;
}

/** A moderator's hide of a discussion by `subjectId`, as the log records it. */
async function insertAction(subjectId: string): Promise<string> {
  const discussion = await insertDiscussionRow(t.db, { authorId: subjectId });
  const [row] = await queryRows<{ id: string }>(
    t.db,
    sql`insert into moderation_actions (actor_id, action, target_kind, target_id, subject_id, reason)
        values (${callers.members.moderator.id}, 'hide', 'discussion', ${discussion}, ${subjectId}, 'Spam')
        returning id`,
  );
  if (!row) throw new Error("no action");
  return row.id;
}

async function profileName(id: string) {
  const [row] = await queryRows<{ full_name: string }>(
    t.db,
    sql`select full_name from profiles where id = ${id}`,
  );
  return row?.full_name;
}

async function postTitle(id: string) {
  const [row] = await queryRows<{ title: string }>(
    t.db,
    sql`select title from blog_posts where id = ${id}::uuid`,
  );
  return row?.title;
}

/** A new member with the caller's role (null for anonymous), signed in on a client of its own. */
/** A member of the caller's role with a session of its own; no passkey yet. */
async function passkeyMemberLike(caller: Caller) {
  return caller === "anonymous" ? null : createMember(t, { role: caller });
}

async function memberLike(caller: Caller) {
  return caller === "anonymous" ? null : createMember(t, { role: caller });
}

function expectedStatus(row: MatrixRow, caseOf: Case, caller: Caller, ownership: Ownership | null) {
  if (allowedCallers(row, ownership).includes(caller)) return caseOf.success;
  if (row.refusedWith) return row.refusedWith;
  if (row.othersRefusedWith && caller !== "anonymous" && ownership === "other's") {
    return row.othersRefusedWith;
  }
  if (row.ownRefusedWith && caller !== "anonymous" && ownership === "own") {
    return row.ownRefusedWith;
  }
  return caller === "anonymous" ? 401 : 403;
}

/** The matrix's cells: every caller, and each ownership the row tells apart. */
function cellsOf(row: MatrixRow): { caller: Caller; ownership: Ownership | null }[] {
  return CALLERS.flatMap((caller): { caller: Caller; ownership: Ownership | null }[] => {
    if (!hasOwnership(row)) return [{ caller, ownership: null }];
    // Someone signed out owns nothing.
    const ownerships = ownershipsOf(row).filter((o) => caller !== "anonymous" || o !== "own");
    return ownerships.map((ownership) => ({ caller, ownership }));
  });
}

const cellRows = PERMISSION_MATRIX.filter((row) => row.path !== "/api/auth/*");

describe("the table", () => {
  it("lists every mutating route of the app, and no route that does not exist", () => {
    const routes = new Set(
      app.routes
        .filter((route) => MUTATING_METHODS.includes(route.method))
        .map((route) => rowKey(route)),
    );
    const listed = new Set(PERMISSION_MATRIX.map(rowKey));
    expect(
      [...routes].filter((key) => !listed.has(key)),
      "routes missing from the table",
    ).toEqual([]);
    expect(
      [...listed].filter((key) => !routes.has(key)),
      "rows without a route",
    ).toEqual([]);
  });

  it("has a request for every row, so that every cell runs", () => {
    expect(cellRows.map(rowKey).filter((key) => !CASES[key])).toEqual([]);
  });
});

describe("public documents outside /api", () => {
  it("lists every GET route outside /api but the page shell and uploads", () => {
    const routes = new Set(
      app.routes
        .filter((route) => route.method === "GET" && !route.path.startsWith("/api/"))
        .map((route) => route.path)
        .filter((path) => path !== "*" && path !== "/*" && !path.startsWith("/uploads")),
    );
    expect([...routes].sort()).toEqual(
      [...PUBLIC_DOCUMENTS, ...TOKEN_DOCUMENTS].map((doc) => doc.path).sort(),
    );
  });

  it.each(TOKEN_DOCUMENTS.map((doc) => [doc.path, doc] as const))(
    "%s answers only its token's holder: no session is that credential",
    async (path) => {
      for (const caller of CALLERS) {
        const response = await clientFor(app, callers, caller).get(path);
        expect(response.status, caller).toBe(401);
      }
      const scraper = await app.request(path, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(scraper.status).toBe(200);
    },
  );

  it.each(PUBLIC_DOCUMENTS.map((doc) => [doc.example, doc] as const))(
    "%s answers every caller the same, signed in or not",
    async (example) => {
      // A public discussion, so that the discussions' feed and sitemap page have a record.
      await insertDiscussionRow(t.db, { authorId: callers.other.id });
      const bodies = new Set<string>();
      for (const caller of CALLERS) {
        const response = await clientFor(app, callers, caller).get(example);
        expect(response.status, `${caller}: ${await response.clone().text()}`).toBe(200);
        expect(response.headers.get("cache-control"), caller).toMatch(/^public, max-age=\d+$/);
        bodies.add(await response.text());
      }
      expect(bodies.size).toBe(1);
    },
  );
});

describe.each(cellRows.map((row) => [rowKey(row), row] as const))("%s", (key, row) => {
  it.each(
    cellsOf(row).map((cell) => [
      `${cell.caller}${cell.ownership ? ` on ${cell.ownership}` : ""}`,
      cell,
    ]),
  )("as %s", async (_label, { caller, ownership }) => {
    const caseOf = CASES[key];
    if (!caseOf) throw new Error(`no request for ${key}`);
    const client = clientFor(app, callers, caller);
    const response = await caseOf.send({ caller, ownership, client });
    const expected = expectedStatus(row, caseOf, caller, ownership);
    expect(response.status, await response.clone().text()).toBe(expected);
    if (expected >= 400) {
      const body = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
      expect(typeof body.error?.code).toBe("string");
      expect(typeof body.error?.message).toBe("string");
    }
  });
});

describe.each(
  cellRows
    .filter((row) => IDEMPOTENT_CREATES.includes(rowKey(row)))
    .map((row) => [rowKey(row), row] as const),
)("%s with an Idempotency-Key", (key, row) => {
  it.each(
    cellsOf(row).map((cell) => [
      `${cell.caller}${cell.ownership ? ` on ${cell.ownership}` : ""}`,
      cell,
    ]),
  )(
    "as %s: same permission; a retry is the first answer or the same refusal",
    async (_label, { caller, ownership }) => {
      const caseOf = CASES[key];
      if (!caseOf) throw new Error(`no request for ${key}`);
      const client = clientFor(app, callers, caller);
      const idempotencyKey = randomUUID();
      const keyed = { "idempotency-key": idempotencyKey };
      const sent: { url: string; body: unknown }[] = [];
      const keyedClient: TestClient = {
        ...client,
        post: (url, body = {}, headers = {}) => {
          sent.push({ url, body });
          return client.post(url, body, { ...keyed, ...headers });
        },
      };
      const response = await caseOf.send({ caller, ownership, client: keyedClient });
      const expected = expectedStatus(row, caseOf, caller, ownership);
      expect(response.status, await response.clone().text()).toBe(expected);
      const request = sent.at(-1);
      if (!request) throw new Error(`${key} sent nothing`);
      const again = await client.post(request.url, request.body, keyed);
      expect(again.status).toBe(expected);
      if (expected < 400) {
        expect(again.headers.get("idempotent-replayed")).toBe("true");
        expect(await again.text()).toBe(await response.text());
        return;
      }
      expect(again.headers.get("idempotent-replayed")).toBeNull();
      // A refused caller holding a key another member used gets the refusal, not their answer.
      const allowed = callers.members.user.client;
      const theirs = randomUUID();
      expect(
        (await allowed.post(request.url, request.body, { "idempotency-key": theirs })).status,
      ).toBe(caseOf.success);
      const stolen = await client.post(request.url, request.body, { "idempotency-key": theirs });
      expect(stolen.status).toBe(expected);
      expect(stolen.headers.get("idempotent-replayed")).toBeNull();
    },
  );
});

/** A held contact message decided by the cell's caller: gone exactly when the call succeeds. */
async function onHeldSubmission({ client }: Cell, decision: "release" | "discard") {
  const [row] = await queryRows<{ id: string }>(
    t.db,
    sql`insert into held_submissions (kind, payload, reason)
        values ('contact', '{"name":"N","email":"n@example.com","subject":"S","message":"M"}', 'honeypot')
        returning id`,
  );
  const response = await client.post(`/api/moderation/held/${row?.id}/${decision}`, {
    reason: "Decided",
  });
  expect(await countWhere(sql`held_submissions where id = ${row?.id}::uuid`)).toBe(
    response.ok ? 0 : 1,
  );
  return response;
}

/** A held discussion decided by the cell's caller: no longer held exactly when the call succeeds. */
async function onHeldPost({ client }: Cell, decision: "approve" | "delete") {
  const id = await insertDiscussionRow(t.db, { authorId: callers.other.id, status: "held" });
  const response = await client.post(`/api/moderation/held-posts/discussion/${id}/${decision}`, {
    reason: "Decided",
  });
  expect(await discussionStatus(id)).toBe(
    response.ok ? (decision === "approve" ? "active" : "deleted") : "held",
  );
  return response;
}
