import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/server/app";
import { DataDirBusyError, lockDataDir } from "@/server/db/data-dir-lock";
import { roleChanges, user, userRoles } from "@/server/db/schema";
import { confirmFromMailbox, createMember, uniqueEmail } from "@/server/test/factories";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import type { SessionResponse } from "@/shared/api-types";
import { ADMIN_EMAILS_REASON, promoteAdminEmails } from "./roles";
import { CLI_REASON, setRoleByEmail } from "./set-role-by-email";

let t: TestApp;
const adminEmail = uniqueEmail("boss");
beforeAll(async () => {
  t = await createTestApp({
    env: { ADMIN_EMAILS: `someone@else.com, ${adminEmail.toUpperCase()}` },
  });
});
afterAll(async () => {
  await t.close();
});

async function sessionOf(client: ReturnType<typeof createClient>) {
  return (await (await client.get("/api/session")).json()) as SessionResponse;
}

describe("the role command", () => {
  it("sets a role by email, case-insensitively, and records it in the audit trail", async () => {
    const member = await createMember(t);
    const result = await setRoleByEmail(t.db, member.email.toUpperCase(), "moderator");
    expect(result).toEqual({ ok: true, email: member.email, role: "moderator", oldRole: "user" });
    expect((await sessionOf(member.client)).role).toBe("moderator");
    const audit = await t.db
      .select()
      .from(roleChanges)
      .where(eq(roleChanges.targetUserId, member.id));
    expect(audit).toMatchObject([
      { oldRole: "user", newRole: "moderator", changedBy: null, reason: CLI_REASON },
    ]);
  });

  it("refuses an unknown role and an unknown email with a clear message", async () => {
    const member = await createMember(t);
    expect(await setRoleByEmail(t.db, member.email, "overlord")).toEqual({
      ok: false,
      message: 'Unknown role "overlord": use one of user, author, moderator, admin.',
    });
    const missing = await setRoleByEmail(t.db, "nobody@example.com", "admin");
    expect(missing).toMatchObject({
      ok: false,
      message: expect.stringContaining("No verified account with the email"),
    });
    expect((await sessionOf(member.client)).role).toBe("user");
  });

  it("cannot open the embedded database while another process holds it", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "rc-lock-"));
    try {
      const release = lockDataDir(dataDir);
      // The parent process stands in for a running server holding the lock.
      writeFileSync(path.join(dataDir, "pg.lock"), String(process.ppid));
      expect(() => lockDataDir(dataDir)).toThrow(DataDirBusyError);
      release();
      // A lock left by a process that is gone is taken over.
      writeFileSync(path.join(dataDir, "pg.lock"), "999999999");
      const again = lockDataDir(dataDir);
      again();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("ADMIN_EMAILS", () => {
  it("gives a listed account the admin role when its email is confirmed, not at sign-up", async () => {
    const client = createClient(t.app, "10.4.4.4");
    await client.post("/api/auth/sign-up/email", {
      name: "Listed",
      email: adminEmail,
      password: "a listed password",
    });
    const roles = await t.db
      .select({ role: userRoles.role })
      .from(userRoles)
      .innerJoin(user, eq(user.id, userRoles.userId))
      .where(eq(user.email, adminEmail));
    expect(roles).toEqual([]);
    await promoteAdminEmails(t.db, [adminEmail]);
    expect(
      await t.db
        .select()
        .from(roleChanges)
        .innerJoin(user, eq(user.id, roleChanges.targetUserId))
        .where(eq(user.email, adminEmail)),
    ).toEqual([]);
    await confirmFromMailbox(t, client, adminEmail, "a listed password");
    expect((await sessionOf(client)).role).toBe("admin");
  });

  it("refuses a role for an unconfirmed account", async () => {
    const email = uniqueEmail("unconfirmed");
    await createClient(t.app).post("/api/auth/sign-up/email", {
      name: "Pending",
      email,
      password: "a pending password",
    });
    expect(await setRoleByEmail(t.db, email, "admin")).toMatchObject({ ok: false });
  });

  it("promotes a listed account that already exists when the server starts", async () => {
    const member = await createMember(t);
    await promoteAdminEmails(t.db, [member.email]);
    expect((await sessionOf(member.client)).role).toBe("admin");
    const audit = await t.db
      .select()
      .from(roleChanges)
      .where(eq(roleChanges.targetUserId, member.id));
    expect(audit).toMatchObject([{ newRole: "admin", reason: ADMIN_EMAILS_REASON }]);
  });

  it("leaves other accounts as user", async () => {
    const member = await createMember(t);
    expect((await sessionOf(member.client)).role).toBe("user");
  });
});

describe("role fallback (docs/product.md §6)", () => {
  it("is user when the member has no role row", async () => {
    const member = await createMember(t);
    await t.db.execute(sql`delete from user_roles where user_id = ${member.id}`);
    expect((await sessionOf(member.client)).role).toBe("user");
  });

  it("is user when the role lookup fails", async () => {
    const member = await createMember(t, { role: "admin" });
    expect((await sessionOf(member.client)).role).toBe("admin");
    await t.db.execute(sql`alter table user_roles rename to user_roles_gone`);
    try {
      const session = await sessionOf(member.client);
      expect(session.user?.id).toBe(member.id);
      expect(session.role).toBe("user");
    } finally {
      await t.db.execute(sql`alter table user_roles_gone rename to user_roles`);
    }
  });
});

describe("the role command through the running server", () => {
  const controlled = () => createApp({ ...t.deps, controlToken: "the-token" });
  const post = (app: ReturnType<typeof controlled>, token: string, body: unknown) =>
    app.request("/api/control/role", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  it("sets a role with the control token", async () => {
    const member = await createMember(t);
    const response = await post(controlled(), "the-token", { email: member.email, role: "author" });
    expect(response.status).toBe(200);
    expect((await sessionOf(member.client)).role).toBe("author");
  });

  it("refuses a wrong token, and exists only when the server has a token", async () => {
    const member = await createMember(t);
    expect((await post(controlled(), "guess", { email: member.email, role: "admin" })).status).toBe(
      403,
    );
    expect((await post(t.app, "", { email: member.email, role: "admin" })).status).toBe(404);
    expect((await sessionOf(member.client)).role).toBe("user");
  });

  it("answers a bad role with 400 and the command's message", async () => {
    const response = await post(controlled(), "the-token", {
      email: "x@example.com",
      role: "king",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { message: expect.stringContaining("Unknown role") },
    });
  });
});
