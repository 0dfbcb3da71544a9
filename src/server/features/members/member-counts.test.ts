// The directory's totals and stats come from counters that triggers keep per role (migration
// 0006). After every kind of change they must equal a fresh count over the profiles.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setRole } from "@/server/auth/roles";
import { queryRows } from "@/server/db/client";
import { discussions, profiles, user, userRoles } from "@/server/db/schema";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createMember } from "@/server/test/factories";
import { createClient, createTestApp, type TestApp, type TestClient } from "@/server/test/test-app";
import type { MemberStats, MembersPage } from "@/shared/api-types";
import type { Role } from "@/shared/permissions";

let t: TestApp;
let visitor: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  visitor = createClient(t.app, "10.7.7.7");
});
afterAll(async () => {
  await t.close();
});

type Fresh = MemberStats & { byRole: Record<Role, number> };

/** The counts straight from the profiles, as the directory defines them. */
async function freshCounts(): Promise<Fresh> {
  const rows = await queryRows<{ role: Role; members: number; active: number }>(
    t.db,
    sql`select coalesce(r.role, 'user') as role, count(*)::int as members,
          (count(*) filter (where exists (
            select 1 from discussions d where d.author_id = p.id and d.status = 'active'
          )))::int as active
        from profiles p left join user_roles r on r.user_id = p.id
        where p.is_public group by 1`,
  );
  const byRole = { user: 0, author: 0, moderator: 0, admin: 0 };
  for (const row of rows) byRole[row.role] = row.members;
  return {
    totalMembers: rows.reduce((sum, row) => sum + row.members, 0),
    admins: byRole.admin,
    moderators: byRole.moderator,
    activeContributors: rows.reduce((sum, row) => sum + row.active, 0),
    byRole,
  };
}

async function expectCountersToMatch() {
  const fresh = await freshCounts();
  const stats = (await (await visitor.get("/api/members/stats")).json()) as MemberStats;
  expect(stats).toEqual({
    totalMembers: fresh.totalMembers,
    admins: fresh.admins,
    moderators: fresh.moderators,
    activeContributors: fresh.activeContributors,
  });
  const all = (await (await visitor.get("/api/members")).json()) as MembersPage;
  expect(all.total).toBe(fresh.totalMembers);
  for (const role of ["user", "author", "moderator", "admin"] as const) {
    const page = (await (await visitor.get(`/api/members?role=${role}`)).json()) as MembersPage;
    expect(page.total, role).toBe(fresh.byRole[role]);
  }
  return fresh;
}

describe("the members directory's counters", () => {
  it("count new members, their roles and their first discussion", async () => {
    const before = await expectCountersToMatch();
    const author = await createMember(t, { name: "Counted Writer", role: "author" });
    await createMember(t, { name: "Counted Admin", role: "admin" });
    const after = await expectCountersToMatch();
    expect(after.totalMembers).toBe(before.totalMembers + 2);
    expect(after.admins).toBe(before.admins + 1);

    const id = await insertDiscussionRow(t.db, { authorId: author.id });
    await insertDiscussionRow(t.db, { authorId: author.id });
    expect((await expectCountersToMatch()).activeContributors).toBe(after.activeContributors + 1);
    await t.db.update(discussions).set({ status: "deleted" }).where(eq(discussions.id, id));
    expect((await expectCountersToMatch()).activeContributors).toBe(after.activeContributors + 1);
    await t.db.delete(discussions).where(eq(discussions.authorId, author.id));
    expect((await expectCountersToMatch()).activeContributors).toBe(after.activeContributors);
  });

  it("follow role changes, with and without a discussion", async () => {
    const member = await createMember(t, { name: "Promoted Later" });
    await insertDiscussionRow(t.db, { authorId: member.id });
    const before = await expectCountersToMatch();
    for (const role of ["moderator", "admin", "user"] as const) {
      await setRole(t.db, {
        targetUserId: member.id,
        newRole: role,
        changedBy: null,
        reason: null,
      });
      await expectCountersToMatch();
    }
    // No role row at all counts as `user`.
    await t.db.delete(userRoles).where(eq(userRoles.userId, member.id));
    expect(await expectCountersToMatch()).toEqual(before);
    await t.db.insert(userRoles).values({ userId: member.id, role: "author" });
    await expectCountersToMatch();
  });

  it("leave out private profiles, and count them again once public", async () => {
    const member = await createMember(t, { name: "Sometimes Private", role: "moderator" });
    await insertDiscussionRow(t.db, { authorId: member.id });
    const before = await expectCountersToMatch();
    const save = (isPublic: boolean) =>
      member.client.patch("/api/profiles/me", { fullName: "Sometimes Private", isPublic });
    expect((await save(false)).status).toBe(200);
    const hidden = await expectCountersToMatch();
    expect(hidden.totalMembers).toBe(before.totalMembers - 1);
    expect(hidden.moderators).toBe(before.moderators - 1);
    // A private member's role change and first discussions change nothing visible.
    await setRole(t.db, {
      targetUserId: member.id,
      newRole: "admin",
      changedBy: null,
      reason: null,
    });
    await insertDiscussionRow(t.db, { authorId: member.id });
    expect(await expectCountersToMatch()).toEqual(hidden);
    await t.db.update(profiles).set({ isPublic: true }).where(eq(profiles.id, member.id));
    expect((await expectCountersToMatch()).admins).toBe(hidden.admins + 1);
  });

  it("let a deleted account go", async () => {
    const member = await createMember(t, { name: "Leaving Soon", role: "author" });
    await insertDiscussionRow(t.db, { authorId: member.id });
    const before = await expectCountersToMatch();
    await t.db.delete(user).where(eq(user.id, member.id));
    const after = await expectCountersToMatch();
    expect(after.totalMembers).toBe(before.totalMembers - 1);
    expect(after.activeContributors).toBe(before.activeContributors - 1);
  });
});
