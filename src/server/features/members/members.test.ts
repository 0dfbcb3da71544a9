// The members directory on a fixture with every role, public and private profiles and
// discussions: sorts, role filter, search per field, counters, pagination, email privacy.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discussions, profiles } from "@/server/db/schema";
import { FIRST_CATEGORY } from "@/server/test/discussions";
import { createMember, uniqueEmail } from "@/server/test/factories";
import { createClient, createTestApp, type TestApp, type TestClient } from "@/server/test/test-app";
import type { MemberStats, MembersPage } from "@/shared/api-types";

let t: TestApp;
let anonymous: TestClient;
type Member = Awaited<ReturnType<typeof createMember>>;
const m = {} as Record<"alice" | "bob" | "carol" | "dave" | "eve" | "zed", Member>;

/** Sets the profile fields the directory shows and sorts by; times are relative to now. */
async function shape(
  member: Member,
  fields: {
    bio?: string | null;
    location?: string | null;
    isPublic?: boolean;
    createdDaysAgo: number;
    activeMinutesAgo: number | null;
  },
) {
  await t.db
    .update(profiles)
    .set({
      bio: fields.bio ?? null,
      location: fields.location ?? null,
      isPublic: fields.isPublic ?? true,
      createdAt: sql`now() - make_interval(days => ${fields.createdDaysAgo})`,
      lastActiveAt:
        fields.activeMinutesAgo === null
          ? null
          : sql`now() - make_interval(mins => ${fields.activeMinutesAgo})`,
    })
    .where(eq(profiles.id, member.id));
}

async function addDiscussions(member: Member, count: number, status = "active") {
  for (let index = 0; index < count; index += 1) {
    await t.db.insert(discussions).values({
      title: `Topic ${index}`,
      content: "Words",
      authorId: member.id,
      categoryId: FIRST_CATEGORY,
      status,
    });
  }
}

beforeAll(async () => {
  t = await createTestApp();
  anonymous = createClient(t.app, "10.9.9.9");
  m.alice = await createMember(t, { name: "Alice Admin", role: "admin" });
  m.bob = await createMember(t, { name: "Bob Moderator", role: "moderator" });
  m.carol = await createMember(t, { name: "carol author", role: "author" });
  m.dave = await createMember(t, { name: "Dave User", email: uniqueEmail("dave.zulu") });
  m.eve = await createMember(t, { name: "Eve Private", role: "admin" });
  m.zed = await createMember(t, { name: "Zed Viewer" });

  // Members who make requests in these tests (alice, zed) were active less than 5 minutes
  // ago, so their own requests do not move them in the "recent" order.
  await shape(m.alice, {
    bio: "Keeps the lights on",
    location: "Leeds",
    createdDaysAgo: 10,
    activeMinutesAgo: 1,
  });
  await shape(m.bob, {
    bio: "Pins things",
    location: "Bristol",
    createdDaysAgo: 9,
    activeMinutesAgo: null,
  });
  await shape(m.carol, {
    bio: "Writes about Gardening",
    location: "Glasgow",
    createdDaysAgo: 8,
    activeMinutesAgo: 3,
  });
  await shape(m.dave, { location: "Cardiff", createdDaysAgo: 7, activeMinutesAgo: 2 * 24 * 60 });
  await shape(m.eve, {
    bio: "secret gardening",
    location: "Leeds",
    isPublic: false,
    createdDaysAgo: 6,
    activeMinutesAgo: 1,
  });
  await shape(m.zed, { bio: "Just reading", createdDaysAgo: 1, activeMinutesAgo: 2 });

  await addDiscussions(m.alice, 2);
  await addDiscussions(m.carol, 3);
  await addDiscussions(m.carol, 4, "deleted");
  await addDiscussions(m.dave, 1);
  await addDiscussions(m.eve, 5);
});

afterAll(async () => {
  await t.close();
});

async function list(client: TestClient, query = ""): Promise<MembersPage> {
  const response = await client.get(`/api/members${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as MembersPage;
}

const names = (page: MembersPage) => page.members.map((member) => member.displayName);

describe("GET /api/members", () => {
  it("lists only public profiles, with role, discussion count and total", async () => {
    const page = await list(anonymous);
    expect(page.total).toBe(5);
    expect(names(page)).not.toContain("Eve Private");
    const carol = page.members.find((member) => member.id === m.carol.id);
    expect(carol).toMatchObject({
      displayName: "carol author",
      role: "author",
      discussionsCount: 3, // the 4 deleted ones do not count
      bio: "Writes about Gardening",
      location: "Glasgow",
      isPublic: true,
    });
    const bob = page.members.find((member) => member.id === m.bob.id);
    expect(bob).toMatchObject({ role: "moderator", discussionsCount: 0, lastActiveAt: null });
  });

  it("sorts by recent activity by default, falling back to the join date", async () => {
    const page = await list(anonymous);
    expect(names(page)).toEqual([
      "Alice Admin",
      "Zed Viewer",
      "carol author",
      "Dave User",
      "Bob Moderator",
    ]);
    expect(names(await list(anonymous, "?sort=recent"))).toEqual(names(page));
  });

  it("sorts by oldest members", async () => {
    expect(names(await list(anonymous, "?sort=oldest"))).toEqual([
      "Alice Admin",
      "Bob Moderator",
      "carol author",
      "Dave User",
      "Zed Viewer",
    ]);
  });

  it("sorts by most discussions", async () => {
    const page = await list(anonymous, "?sort=discussions");
    expect(names(page).slice(0, 3)).toEqual(["carol author", "Alice Admin", "Dave User"]);
    expect(names(page).slice(3).sort()).toEqual(["Bob Moderator", "Zed Viewer"]);
    expect(page.members.map((member) => member.discussionsCount)).toEqual([3, 2, 1, 0, 0]);
  });

  it("sorts by name, case-insensitively", async () => {
    expect(names(await list(anonymous, "?sort=name"))).toEqual([
      "Alice Admin",
      "Bob Moderator",
      "carol author",
      "Dave User",
      "Zed Viewer",
    ]);
  });

  it("filters by role", async () => {
    expect(names(await list(anonymous, "?role=admin"))).toEqual(["Alice Admin"]);
    expect(names(await list(anonymous, "?role=moderator"))).toEqual(["Bob Moderator"]);
    expect(names(await list(anonymous, "?role=author"))).toEqual(["carol author"]);
    const users = await list(anonymous, "?role=user&sort=name");
    expect(names(users)).toEqual(["Dave User", "Zed Viewer"]);
    expect(users.total).toBe(2);
    expect((await list(anonymous, "?role=all")).total).toBe(5);
  });

  it("searches name, bio and location case-insensitively, never private profiles", async () => {
    expect(names(await list(anonymous, "?search=ALICE"))).toEqual(["Alice Admin"]);
    const gardening = await list(anonymous, "?search=gardening");
    expect(names(gardening)).toEqual(["carol author"]); // Eve's bio matches but is private
    expect(gardening.total).toBe(1);
    expect(names(await list(anonymous, "?search=glasgow"))).toEqual(["carol author"]);
    expect(names(await list(anonymous, "?search=%20leeds%20"))).toEqual(["Alice Admin"]);
    expect(names(await list(anonymous, "?search=gardening&role=admin"))).toEqual([]);
  });

  it("takes % and _ in a search literally", async () => {
    expect((await list(anonymous, "?search=%25")).total).toBe(0);
    expect((await list(anonymous, "?search=_")).total).toBe(0);
  });

  it("finds members by email for admins only", async () => {
    expect(names(await list(m.alice.client, "?search=zulu"))).toEqual(["Dave User"]);
    expect((await list(m.zed.client, "?search=zulu")).total).toBe(0);
    expect((await list(anonymous, "?search=zulu")).total).toBe(0);
  });

  it("shows emails only to their owner and to admins", async () => {
    for (const member of (await list(anonymous)).members) expect(member.email).toBeNull();

    const asZed = await list(m.zed.client);
    for (const member of asZed.members) {
      expect(member.email).toBe(member.id === m.zed.id ? m.zed.email : null);
    }
    const asAdmin = await list(m.alice.client);
    expect(asAdmin.members.find((member) => member.id === m.dave.id)?.email).toBe(m.dave.email);
    expect(asAdmin.members.every((member) => member.email?.includes("@"))).toBe(true);
  });

  it("pages through every sort with keyset cursors, without gaps or repeats", async () => {
    for (const sort of ["recent", "oldest", "discussions", "name"]) {
      const whole = await list(anonymous, `?sort=${sort}&limit=100`);
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = `?sort=${sort}&limit=2${cursor ? `&cursor=${cursor}` : ""}`;
        const page = await list(anonymous, query);
        expect(page.total).toBe(cursor ? null : 5);
        expect(page.members.length).toBeLessThanOrEqual(2);
        seen.push(...page.members.map((member) => member.id));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor);
      expect(pages).toBe(3);
      expect(seen).toEqual(whole.members.map((member) => member.id));
    }
  });

  it("pages through a filtered search", async () => {
    const first = await list(anonymous, "?role=user&sort=name&limit=1");
    expect(names(first)).toEqual(["Dave User"]);
    expect(first.total).toBe(2);
    const second = await list(anonymous, `?role=user&sort=name&limit=1&cursor=${first.nextCursor}`);
    expect(names(second)).toEqual(["Zed Viewer"]);
    expect(second.nextCursor).toBeNull();
  });

  it("refuses bad parameters with a 400, never a 500", async () => {
    for (const query of [
      "?sort=popular",
      "?role=owner",
      "?limit=0",
      "?limit=101",
      "?limit=ten",
      "?cursor=not-a-cursor",
      `?cursor=${Buffer.from('{"a":1}').toString("base64url")}`,
      `?search=${"x".repeat(101)}`,
    ]) {
      const response = await anonymous.get(`/api/members${query}`);
      expect(response.status, query).toBe(400);
    }
  });
});

describe("GET /api/members/stats", () => {
  it("counts public members, admins, moderators and active contributors", async () => {
    const response = await anonymous.get("/api/members/stats");
    expect(response.status).toBe(200);
    const stats = (await response.json()) as MemberStats;
    // Eve (a private admin with discussions) is in none of them.
    expect(stats).toEqual({
      totalMembers: 5,
      admins: 1,
      moderators: 1,
      activeContributors: 3,
    });
  });
});
