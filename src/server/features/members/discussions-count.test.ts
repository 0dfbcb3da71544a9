// Each member's discussion count is a column that a trigger keeps (migration 0005): it must
// follow every way a discussion starts or stops counting, through the API and in SQL.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discussions, profiles, user } from "@/server/db/schema";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createMember } from "@/server/test/factories";
import { createTestApp, type TestApp } from "@/server/test/test-app";
import type { DiscussionItem, ProfileResponse } from "@/shared/api-types";

let t: TestApp;
type Member = Awaited<ReturnType<typeof createMember>>;
let author: Member;
let other: Member;
let moderator: Member;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "1000" } });
  author = await createMember(t, { name: "Counted Author" });
  other = await createMember(t, { name: "Other Author" });
  moderator = await createMember(t, { name: "The Moderator", role: "moderator" });
});
afterAll(async () => {
  await t.close();
});

async function storedCount(memberId: string): Promise<number> {
  const [row] = await t.db
    .select({ count: profiles.discussionsCount })
    .from(profiles)
    .where(eq(profiles.id, memberId));
  return row?.count ?? Number.NaN;
}

/** The stored count must always equal a fresh count of the member's active discussions. */
async function expectCounts(expected: Record<string, number>) {
  for (const [memberId, count] of Object.entries(expected)) {
    const [fresh] = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(discussions)
      .where(sql`${discussions.authorId} = ${memberId} and ${discussions.status} = 'active'`);
    expect(fresh?.count).toBe(count);
    expect(await storedCount(memberId)).toBe(count);
  }
}

describe("a member's discussion count", () => {
  it("starts at zero and counts discussions created through the API", async () => {
    await expectCounts({ [author.id]: 0 });
    for (const title of ["First rant", "Second rant"]) {
      const response = await author.client.post("/api/discussions", {
        category: "rants-and-vents",
        title,
        content: "Something that needed saying.",
      });
      expect(response.status).toBe(201);
    }
    await expectCounts({ [author.id]: 2 });
    const profile = (await (
      await other.client.get(`/api/profiles/${author.id}`)
    ).json()) as ProfileResponse;
    expect(profile.profile.discussionsCount).toBe(2);
  });

  it("drops a discussion a moderator deletes, once, however often it is deleted", async () => {
    const created = (await (
      await author.client.post("/api/discussions", {
        category: "rants-and-vents",
        title: "Doomed",
        content: "Short-lived.",
      })
    ).json()) as DiscussionItem;
    await expectCounts({ [author.id]: 3 });
    expect((await moderator.client.delete(`/api/discussions/${created.id}`)).status).toBe(204);
    expect((await moderator.client.delete(`/api/discussions/${created.id}`)).status).toBe(404);
    await expectCounts({ [author.id]: 2 });
  });

  it("ignores changes that do not touch status or author (pin, lock, edits)", async () => {
    const id = await insertDiscussionRow(t.db, { authorId: author.id });
    await t.db
      .update(discussions)
      .set({ isPinned: true, title: "Edited" })
      .where(eq(discussions.id, id));
    await expectCounts({ [author.id]: 3 });
  });

  it("counts a discussion only while it is active", async () => {
    const id = await insertDiscussionRow(t.db, { authorId: author.id, status: "deleted" });
    await expectCounts({ [author.id]: 3 });
    await t.db.update(discussions).set({ status: "active" }).where(eq(discussions.id, id));
    await expectCounts({ [author.id]: 4 });
    await t.db.update(discussions).set({ status: "hidden" }).where(eq(discussions.id, id));
    await expectCounts({ [author.id]: 3 });
  });

  it("moves the count with the author, and on a hard delete", async () => {
    const id = await insertDiscussionRow(t.db, { authorId: author.id });
    await expectCounts({ [author.id]: 4, [other.id]: 0 });
    await t.db.update(discussions).set({ authorId: other.id }).where(eq(discussions.id, id));
    await expectCounts({ [author.id]: 3, [other.id]: 1 });
    await t.db.delete(discussions).where(eq(discussions.id, id));
    await expectCounts({ [author.id]: 3, [other.id]: 0 });
  });

  it("lets an account go: its discussions lose their author and count for nobody", async () => {
    await insertDiscussionRow(t.db, { authorId: other.id });
    await t.db.delete(user).where(eq(user.id, other.id));
    const [orphans] = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(discussions)
      .where(sql`${discussions.authorId} is null`);
    expect(orphans?.count).toBeGreaterThan(0);
    await expectCounts({ [author.id]: 3 });
  });

  it("orders the directory by it, most first", async () => {
    const response = await other.client.get("/api/members?sort=discussions");
    // `other` was deleted above: the client has no session, which the directory allows.
    expect(response.status).toBe(200);
    const page = (await response.json()) as {
      members: Array<{ id: string; discussionsCount: number }>;
    };
    expect(page.members[0]).toMatchObject({ id: author.id, discussionsCount: 3 });
    const counts = page.members.map((member) => member.discussionsCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });
});
