// Profile pages, the own-profile form's API, email privacy, last activity and page metadata.
import { eq, type SQLWrapper, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { discussions, profiles } from "@/server/db/schema";
import { FIRST_CATEGORY } from "@/server/test/discussions";
import { createMember } from "@/server/test/factories";
import { createClient, createTestApp, type TestApp, type TestClient } from "@/server/test/test-app";
import type { OwnProfile, ProfileResponse } from "@/shared/api-types";
import { todayIsoDate } from "@/shared/schemas";
import { profilePageMeta } from "./page-meta";

let t: TestApp;
let anonymous: TestClient;
type Member = Awaited<ReturnType<typeof createMember>>;
let owner: Member;
let other: Member;
let admin: Member;
let hidden: Member;

beforeAll(async () => {
  t = await createTestApp();
  anonymous = createClient(t.app, "10.8.8.8");
  owner = await createMember(t, { name: "Olive Owner", role: "author" });
  other = await createMember(t, { name: "Oscar Other" });
  admin = await createMember(t, { name: "Ada Admin", role: "admin" });
  hidden = await createMember(t, { name: "Hana Hidden" });
  await t.db
    .update(profiles)
    .set({ isPublic: false, bio: "Nobody should see this" })
    .where(eq(profiles.id, hidden.id));
});

afterAll(async () => {
  await t.close();
});

const validForm = {
  fullName: "Olive Owner",
  bio: "",
  location: "",
  website: "",
  dateOfBirth: "",
  isPublic: true,
  socialTwitter: "",
  socialLinkedin: "",
};

async function profileOf(client: TestClient, id: string) {
  const response = await client.get(`/api/profiles/${id}`);
  return { status: response.status, body: (await response.json()) as ProfileResponse };
}

describe("GET /api/profiles/{id}", () => {
  it("shows a public profile with role, counts and up to 10 recent active discussions", async () => {
    for (let index = 0; index < 12; index += 1) {
      await t.db.insert(discussions).values({
        title: `Rant ${index}`,
        content: "x".repeat(1_000),
        authorId: owner.id,
        categoryId: FIRST_CATEGORY,
        createdAt: sql`now() - make_interval(mins => ${100 - index})`,
      });
    }
    await t.db.insert(discussions).values({
      title: "Removed",
      content: "gone",
      authorId: owner.id,
      categoryId: FIRST_CATEGORY,
      status: "deleted",
    });

    const { status, body } = await profileOf(anonymous, owner.id);
    expect(status).toBe(200);
    expect(body.profile).toMatchObject({
      id: owner.id,
      displayName: "Olive Owner",
      fullName: "Olive Owner",
      role: "author",
      isPublic: true,
      discussionsCount: 12,
      email: null,
    });
    expect(body.recentDiscussions).toHaveLength(10);
    expect(body.recentDiscussions[0]).toMatchObject({
      title: "Rant 11",
      isPinned: false,
      isLocked: false,
    });
    expect(body.recentDiscussions.map((d) => d.title)).not.toContain("Removed");
    expect(body.recentDiscussions[0]?.content.length).toBe(300);
  });

  it("shows the email only to the owner and to admins", async () => {
    expect((await profileOf(other.client, owner.id)).body.profile.email).toBeNull();
    expect((await profileOf(owner.client, owner.id)).body.profile.email).toBe(owner.email);
    expect((await profileOf(admin.client, owner.id)).body.profile.email).toBe(owner.email);
  });

  it("falls back to the part of the email before the @ for a member without a name", async () => {
    await t.db.update(profiles).set({ fullName: null }).where(eq(profiles.id, other.id));
    const { body } = await profileOf(anonymous, other.id);
    expect(body.profile.displayName).toBe(other.email.split("@")[0]);
    expect(JSON.stringify(body)).not.toContain("@example.com");
    await t.db.update(profiles).set({ fullName: other.name }).where(eq(profiles.id, other.id));
  });

  it("answers a private profile as not found, except to its owner and admins", async () => {
    for (const client of [anonymous, other.client]) {
      const response = await client.get(`/api/profiles/${hidden.id}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: { message: "Profile not found" } });
    }
    const own = await profileOf(hidden.client, hidden.id);
    expect(own.status).toBe(200);
    expect(own.body.profile).toMatchObject({ isPublic: false, email: hidden.email });
    expect((await profileOf(admin.client, hidden.id)).status).toBe(200);
  });

  it("answers a missing profile with 404", async () => {
    const response = await anonymous.get("/api/profiles/no-such-member");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { message: "Profile not found" } });
  });

  it("answers an id that cannot be a member's (a NUL character, a long string) with 404", async () => {
    for (const id of ["%00", "a%00b", "x".repeat(300), "%E2%80%AE"]) {
      expect((await anonymous.get(`/api/profiles/${id}`)).status, id).toBe(404);
    }
  });
});

describe("GET /api/profiles/me", () => {
  it("needs a session", async () => {
    expect((await anonymous.get("/api/profiles/me")).status).toBe(401);
  });

  it("gives the member every field of their own form", async () => {
    const response = await owner.client.get("/api/profiles/me");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      id: owner.id,
      email: owner.email,
      fullName: "Olive Owner",
      isPublic: true,
      dateOfBirth: null,
    });
  });
});

describe("PATCH /api/profiles/me", () => {
  it("saves the form, cleaned, with empty optional fields as null", async () => {
    const [before] = await t.db.select().from(profiles).where(eq(profiles.id, owner.id));
    const response = await owner.client.patch("/api/profiles/me", {
      fullName: "  Olive <b>Owner</b> ",
      bio: "I rant <script>about</script> queues",
      location: "Leeds",
      website: "https://olive.example",
      dateOfBirth: "1990-05-17",
      isPublic: true,
      socialTwitter: "@olive_rants",
      socialLinkedin: "https://www.linkedin.com/in/olive",
    });
    expect(response.status).toBe(200);
    const saved = (await response.json()) as OwnProfile;
    expect(saved).toMatchObject({
      fullName: "Olive bOwner/b",
      bio: "I rant scriptabout/script queues",
      location: "Leeds",
      website: "https://olive.example",
      dateOfBirth: "1990-05-17",
      socialTwitter: "olive_rants",
      socialLinkedin: "https://www.linkedin.com/in/olive",
    });
    expect(new Date(saved.updatedAt).getTime()).toBeGreaterThan(
      before?.updatedAt.getTime() ?? Number.POSITIVE_INFINITY,
    );

    const cleared = await owner.client.patch("/api/profiles/me", {
      ...validForm,
      isPublic: false,
    });
    expect(cleared.status).toBe(200);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, owner.id));
    expect(row).toMatchObject({
      fullName: "Olive Owner",
      bio: null,
      location: null,
      website: null,
      dateOfBirth: null,
      socialTwitter: null,
      socialLinkedin: null,
      isPublic: false,
    });
    await owner.client.patch("/api/profiles/me", validForm);
  });

  it("removes < and > from links too (docs/product.md §5), which a URL would otherwise carry", async () => {
    const response = await owner.client.patch("/api/profiles/me", {
      ...validForm,
      website: "https://olive.example/<script>alert(1)</script>",
      socialLinkedin: "https://www.linkedin.com/in/<svg onload=alert(1)>",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      website: "https://olive.example/scriptalert(1)/script",
      socialLinkedin: "https://www.linkedin.com/in/svg onload=alert(1)",
    });
    await owner.client.patch("/api/profiles/me", validForm);
  });

  const rejected: Array<[string, Record<string, unknown>, string, string]> = [
    ["a one-letter name", { fullName: "A" }, "fullName", "Name must be at least 2 characters"],
    ["a missing name", { fullName: undefined }, "fullName", "Name must be at least 2 characters"],
    [
      "a name over 100 characters",
      { fullName: "n".repeat(101) },
      "fullName",
      "Name must be less than 100 characters",
    ],
    ["a bio over 500", { bio: "b".repeat(501) }, "bio", "Bio must be less than 500 characters"],
    [
      "a location over 100",
      { location: "l".repeat(101) },
      "location",
      "Location must be less than 100 characters",
    ],
    ["a website that is no URL", { website: "not a url" }, "website", "Must be a valid URL"],
    ["a javascript: website", { website: "javascript:alert(1)" }, "website", "Must be a valid URL"],
    [
      "a date of birth in the future",
      { dateOfBirth: "2999-01-01" },
      "dateOfBirth",
      "Date of birth cannot be in the future",
    ],
    [
      "a date of birth before 1900",
      { dateOfBirth: "1899-12-31" },
      "dateOfBirth",
      "Date of birth cannot be before 1900-01-01",
    ],
    [
      "a date that is no date",
      { dateOfBirth: "17/05/1990" },
      "dateOfBirth",
      "Must be a valid date",
    ],
    [
      "a Twitter name over 50",
      { socialTwitter: "t".repeat(51) },
      "socialTwitter",
      "Twitter username must be less than 50 characters",
    ],
    [
      "a LinkedIn URL on another site",
      { socialLinkedin: "https://example.com/in/olive" },
      "socialLinkedin",
      "Must be a valid LinkedIn URL",
    ],
    [
      "a LinkedIn look-alike domain",
      { socialLinkedin: "https://linkedin.com.evil.example/in/olive" },
      "socialLinkedin",
      "Must be a valid LinkedIn URL",
    ],
  ];

  it.each(rejected)("rejects %s with its message", async (_name, change, field, message) => {
    const response = await owner.client.patch("/api/profiles/me", { ...validForm, ...change });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields[field]).toBe(message);
  });

  it("accepts today as a date of birth and 1900-01-01", async () => {
    for (const dateOfBirth of [todayIsoDate(), "1900-01-01"]) {
      const response = await owner.client.patch("/api/profiles/me", { ...validForm, dateOfBirth });
      expect(response.status, dateOfBirth).toBe(200);
    }
  });

  it("refuses anonymous saves", async () => {
    expect((await anonymous.patch("/api/profiles/me", validForm)).status).toBe(401);
  });

  it("never updates another member's profile", async () => {
    const refused = await owner.client.patch(`/api/profiles/${other.id}`, {
      ...validForm,
      fullName: "Hijacked",
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: { message: "You can only edit your own profile" },
    });

    // An id in the body is ignored: the session decides whose profile is saved.
    const own = await owner.client.patch("/api/profiles/me", {
      ...validForm,
      id: other.id,
      fullName: "Olive Again",
    });
    expect(own.status).toBe(200);
    const [otherRow] = await t.db.select().from(profiles).where(eq(profiles.id, other.id));
    expect(otherRow?.fullName).toBe("Oscar Other");
    const [ownRow] = await t.db.select().from(profiles).where(eq(profiles.id, owner.id));
    expect(ownRow?.fullName).toBe("Olive Again");

    // The own id works as well as "me".
    expect((await owner.client.patch(`/api/profiles/${owner.id}`, validForm)).status).toBe(200);
  });
});

describe("last_active_at", () => {
  /**
   * Runs `request` and returns the statements it sent through `db.execute` (the raw SQL the
   * activity updates use): their text, and a promise that settles when the database has
   * answered, whether or not the request waited for it.
   */
  async function statementsStartedBy(request: () => Promise<unknown>) {
    const started: Array<{ text: string; done: Promise<unknown> }> = [];
    const dialect = new PgDialect();
    const execute = t.db.execute.bind(t.db);
    const spy = vi.spyOn(t.db, "execute").mockImplementation(((query: SQLWrapper | string) => {
      // A drizzle query runs when it is awaited, and again each time: run it once, here.
      const done = Promise.resolve(execute(query));
      const text = typeof query === "string" ? query : dialect.sqlToQuery(query.getSQL()).sql;
      started.push({ text, done });
      return done;
    }) as never);
    try {
      await request();
    } finally {
      spy.mockRestore();
    }
    return started;
  }

  it("is recorded on a signed-in request, at most once every few minutes", async () => {
    const member = await createMember(t);
    const lastActive = async () =>
      (await t.db.select().from(profiles).where(eq(profiles.id, member.id)))[0]?.lastActiveAt;
    await t.db.update(profiles).set({ lastActiveAt: null }).where(eq(profiles.id, member.id));

    await member.client.get("/api/session");
    await expect.poll(lastActive).not.toBeNull();
    const first = await lastActive();

    // Within the interval the server knows the time is recent: the next request sends no
    // update at all (it did send one on every request, which found nothing to change).
    const started = await statementsStartedBy(() => member.client.get("/api/session"));
    expect(started.filter(({ text }) => text.includes("last_active_at"))).toEqual([]);
    expect(await lastActive()).toEqual(first);

    // Six minutes later, the next request records the activity again.
    await t.db
      .update(profiles)
      .set({ lastActiveAt: sql`now() - interval '6 minutes'` })
      .where(eq(profiles.id, member.id));
    const stale = await lastActive();
    const sixMinutesOn = Date.now() + 6 * 60_000;
    const clock = vi.spyOn(Date, "now").mockReturnValue(sixMinutesOn);
    try {
      await member.client.get("/api/session");
    } finally {
      clock.mockRestore();
    }
    await expect
      .poll(async () => (await lastActive())?.getTime())
      .toBeGreaterThan(stale?.getTime() ?? 0);
  });
});

describe("profile page metadata", () => {
  const resolve = (pathname: string) => profilePageMeta(t.db)(pathname);

  it("names a public member and quotes the first 150 characters of the bio", async () => {
    const bio = `${"word ".repeat(40)}end`;
    await t.db.update(profiles).set({ bio }).where(eq(profiles.id, other.id));
    expect(await resolve(`/profile/${other.id}`)).toEqual({
      title: "Oscar Other",
      description: bio.slice(0, 150),
      found: true,
    });
  });

  it("treats private and missing profiles alike, and leaves /profile/edit alone", async () => {
    const notFound = {
      title: "Profile not found",
      description: "This user profile doesn't exist or is private.",
      found: false,
    };
    expect(await resolve(`/profile/${hidden.id}`)).toEqual(notFound);
    expect(await resolve("/profile/nobody")).toEqual(notFound);
    expect(await resolve("/profile/a%00b")).toEqual(notFound);
    expect(await resolve("/profile/edit")).toBeNull();
    expect(await resolve("/members")).toBeNull();
  });
});
