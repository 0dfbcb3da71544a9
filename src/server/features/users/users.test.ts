import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { createMember, uniqueEmail } from "@/server/test/factories";
import { createStaffClients, type StaffClients } from "@/server/test/staff-area";
import { createTestApp, type TestApp } from "@/server/test/test-app";
import type { AdminUsersPage, ApiErrorBody, RoleChangeResponse } from "@/shared/api-types";
import { ADMIN_PANEL_REASON, changeRole, LAST_ADMIN_MESSAGE } from "./change-role";

let t: TestApp;
let clients: StaffClients;
beforeAll(async () => {
  t = await createTestApp();
  clients = await createStaffClients(t);
});
afterAll(async () => {
  await t.close();
});

const list = async (query = "") =>
  (await (await clients.admin.get(`/api/users${query}`)).json()) as AdminUsersPage;

type AuditRow = {
  changed_by: string | null;
  target_user_id: string;
  old_role: string | null;
  new_role: string;
  reason: string | null;
  created_at: Date | string;
};
const auditRows = (targetId: string) =>
  queryRows<AuditRow>(
    t.db,
    sql`select changed_by, target_user_id, old_role, new_role, reason, created_at
        from role_changes where target_user_id = ${targetId} order by created_at`,
  );

describe("GET /api/users", () => {
  it("lists every account with its role and email, newest first, with the total", async () => {
    const page = await list();
    expect(page.total).toBe(4);
    expect(page.users.map((u) => [u.displayName, u.role])).toEqual([
      ["Al Admin", "admin"],
      ["Mo Moderator", "moderator"],
      ["Ada Author", "author"],
      ["Plain User", "user"],
    ]);
    expect(page.users[0]?.email).toMatch(/@example\.com$/);
  });

  it("includes private profiles and members without a role row (shown as user)", async () => {
    const hidden = await createMember(t, { name: "Private Pat" });
    await t.db.execute(sql`update profiles set is_public = false where id = ${hidden.id}`);
    await t.db.execute(sql`delete from user_roles where user_id = ${hidden.id}`);
    const found = (await list("?search=private%20pat")).users;
    expect(found.map((u) => [u.id, u.role])).toEqual([[hidden.id, "user"]]);
  });

  it("searches name and email, case-insensitively, with % taken literally", async () => {
    const email = uniqueEmail("findme");
    await createMember(t, { email, name: "Zed Zebra" });
    expect((await list("?search=ZEBRA")).users.map((u) => u.email)).toEqual([email]);
    expect((await list(`?search=${email.slice(0, 12)}`)).users.map((u) => u.email)).toEqual([
      email,
    ]);
    expect((await list("?search=%25")).total).toBe(0);
  });

  it("pages through every account without repeats", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let total: number | null = null;
    do {
      const page: AdminUsersPage = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      total ??= page.total;
      seen.push(...page.users.map((u) => u.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(total);
    expect((await clients.admin.get("/api/users?cursor=xyz")).status).toBe(400);
    expect((await clients.admin.get("/api/users?limit=1000")).status).toBe(400);
  });
});

describe("PUT /api/users/:id/role", () => {
  it("changes the role and records who, whom, old, new, reason and when", async () => {
    const member = await createMember(t);
    const before = Date.now();
    const response = await clients.admin.put(`/api/users/${member.id}/role`, {
      role: "moderator",
      reason: ADMIN_PANEL_REASON,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as RoleChangeResponse;
    expect(body.oldRole).toBe("user");
    expect(body.user).toMatchObject({ id: member.id, role: "moderator" });
    expect((await list(`?search=${member.email}`)).users[0]?.role).toBe("moderator");

    const rows = await auditRows(member.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      changed_by: clients.ids.admin,
      target_user_id: member.id,
      old_role: "user",
      new_role: "moderator",
      reason: ADMIN_PANEL_REASON,
    });
    expect(new Date(rows[0]?.created_at ?? 0).getTime()).toBeGreaterThanOrEqual(before - 5_000);

    // One audit row per change.
    await clients.admin.put(`/api/users/${member.id}/role`, { role: "author" });
    const after = await auditRows(member.id);
    expect(after.map((row) => [row.old_role, row.new_role, row.reason])).toEqual([
      ["user", "moderator", ADMIN_PANEL_REASON],
      ["moderator", "author", ADMIN_PANEL_REASON],
    ]);
  });

  it("the new role takes effect on the member's next request", async () => {
    const member = await createMember(t);
    expect((await member.client.get("/api/cms/overview")).status).toBe(403);
    await clients.admin.put(`/api/users/${member.id}/role`, { role: "author" });
    expect((await member.client.get("/api/cms/overview")).status).toBe(200);
  });

  it("refuses an unknown role, and unknown users", async () => {
    const bad = await clients.admin.put(`/api/users/${clients.ids.user}/role`, { role: "owner" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ApiErrorBody).error.fields?.role).toBe(
      "Role must be one of user, author, moderator, admin",
    );
    for (const id of ["no-such-user", "../etc"]) {
      const response = await clients.admin.put(`/api/users/${id}/role`, { role: "author" });
      expect(response.status).toBe(404);
    }
  });

  it("a refused caller changes nothing and writes no audit row", async () => {
    const member = await createMember(t);
    const response = await clients.moderator.put(`/api/users/${member.id}/role`, {
      role: "admin",
    });
    expect(response.status).toBe(403);
    expect(await auditRows(member.id)).toEqual([]);
  });
});

describe("the last admin", () => {
  it("cannot be demoted, by themselves or anyone; with a second admin it can", async () => {
    const app = await createTestApp();
    try {
      const only = await createMember(app, { role: "admin", name: "Only Admin" });
      const refused = await only.client.put(`/api/users/${only.id}/role`, { role: "user" });
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as ApiErrorBody).error.message).toBe(LAST_ADMIN_MESSAGE);
      const [still] = await queryRows<{ role: string }>(
        app.db,
        sql`select role from user_roles where user_id = ${only.id}`,
      );
      expect(still?.role).toBe("admin");

      // Keeping the admin role is no removal.
      expect((await only.client.put(`/api/users/${only.id}/role`, { role: "admin" })).status).toBe(
        200,
      );

      const second = await createMember(app, { role: "admin" });
      const demoted = await second.client.put(`/api/users/${only.id}/role`, { role: "author" });
      expect(demoted.status).toBe(200);
      // Now `second` is the last one.
      const self = await second.client.put(`/api/users/${second.id}/role`, { role: "user" });
      expect(self.status).toBe(409);
    } finally {
      await app.close();
    }
  });

  it("two admins demoting each other at the same time: exactly one succeeds", async () => {
    const app = await createTestApp();
    try {
      const a = await createMember(app, { role: "admin" });
      const b = await createMember(app, { role: "admin" });
      const results = await Promise.all([
        a.client.put(`/api/users/${b.id}/role`, { role: "user" }),
        b.client.put(`/api/users/${a.id}/role`, { role: "user" }),
      ]);
      // The loser is refused either by the lock (409) or, when the winner committed before
      // its request looked up its role, as no longer an admin (403).
      const statuses = results.map((r) => r.status).sort();
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const [admins] = await queryRows<{ n: number }>(
        app.db,
        sql`select count(*)::int as n from user_roles where role = 'admin'`,
      );
      expect(Number(admins?.n)).toBe(1);
    } finally {
      await app.close();
    }
  });

  it("concurrent demotions past the permission check: the row lock lets only one through", async () => {
    const app = await createTestApp();
    try {
      const a = await createMember(app, { role: "admin" });
      const b = await createMember(app, { role: "admin" });
      const demote = (target: string, by: string) =>
        changeRole(app.db, { targetUserId: target, newRole: "user", changedBy: by, reason: "x" });
      const results = await Promise.allSettled([demote(b.id, a.id), demote(a.id, b.id)]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const rejected = results.find((r) => r.status === "rejected");
      expect((rejected as PromiseRejectedResult).reason).toMatchObject({
        status: 409,
        message: LAST_ADMIN_MESSAGE,
      });
    } finally {
      await app.close();
    }
  });
});
