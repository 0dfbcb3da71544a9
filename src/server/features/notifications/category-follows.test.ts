// Following and muting a whole category (issue 41, docs/decisions/068): a follower hears of
// each new discussion in it once members can read it (posted, or released from review), with
// the usual rules (blocks, visibility, mail choice); a muted category is left out of the
// member's list of discussions unless they ask for it.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { NOTIFICATION_EVENTS_QUEUE } from "@/server/domain/notifications/events";
import { createMember } from "@/server/test/factories";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import type { DiscussionItem, DiscussionPage } from "@/shared/api-types";
import { CATEGORY_NOT_FOUND } from "@/shared/category-texts";
import type { FollowAnswer, NotificationItem, NotificationPage } from "@/shared/notifications";
import { notificationText } from "@/shared/notifications";
import { FAN_OUT_PART } from "./fan-out";

type Member = Awaited<ReturnType<typeof createMember>>;
let t: TestApp;
let ana: Member; // follows life-observations
let ben: Member; // writes
let cleo: Member; // mutes rants-and-vents
let mod: Member;
let admin: Member;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "1000" } });
  [ana, ben, cleo, mod, admin] = await Promise.all([
    createMember(t, { name: "Ana Follower" }),
    createMember(t, { name: "Ben Writer" }),
    createMember(t, { name: "Cleo Muter" }),
    createMember(t, { name: "Mo Moderator", role: "moderator" }),
    createMember(t, { name: "Al Admin", role: "admin" }),
  ]);
  await t.runJobs();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.runJobs({ ignoreStartAfter: true });
  await t.db.execute(sql`delete from category_follows`);
  await t.db.execute(sql`delete from notifications`);
});

const follow = (member: Member, slug: string, state: string) =>
  member.client.put(`/api/categories/${slug}/follow`, { state });

async function start(member: Member, category: string, title = "A new one") {
  const answer = await member.client.post("/api/discussions", {
    category,
    title,
    content: "Discuss.",
  });
  expect(answer.status, await answer.clone().text()).toBe(201);
  return ((await answer.json()) as DiscussionItem).id;
}

async function entries(member: Member): Promise<NotificationItem[]> {
  await t.runJobs();
  return ((await (await member.client.get("/api/notifications")).json()) as NotificationPage)
    .notifications;
}

async function listed(member: Pick<Member, "client">, query = ""): Promise<string[]> {
  const answer = await member.client.get(`/api/discussions?limit=50${query}`);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as DiscussionPage).items.map((item) => item.id);
}

describe("the follow state of a category", () => {
  it("is none until set, then following, muted, none again; each member's own", async () => {
    const read = async (member: Member) =>
      (
        (await (
          await member.client.get("/api/categories/life-observations/follow")
        ).json()) as FollowAnswer
      ).state;
    expect(await read(ana)).toBe("none");
    for (const state of ["following", "muted", "none"]) {
      const answer = await follow(ana, "life-observations", state);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ state });
      expect(await read(ana)).toBe(state);
    }
    await follow(ana, "life-observations", "following");
    expect(await read(cleo)).toBe("none");
  });

  it("is a member's: signed out is 401; an unknown category is 404; a bad state is 400", async () => {
    const anonymous = createClient(t.app);
    expect((await anonymous.get("/api/categories/life-observations/follow")).status).toBe(401);
    expect(
      (await anonymous.put("/api/categories/life-observations/follow", { state: "following" }))
        .status,
    ).toBe(401);
    for (const slug of ["nope", "NOPE", "a%00b", "x".repeat(200)]) {
      const answer = await follow(ana, slug, "following");
      expect(answer.status, slug).toBe(404);
      expect(((await answer.json()) as { error: { message: string } }).error.message).toBe(
        CATEGORY_NOT_FOUND,
      );
    }
    for (const state of ["watching", "", null, 1]) {
      expect((await follow(ana, "life-observations", state as string)).status).toBe(400);
    }
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from category_follows`,
    );
    expect(row?.n).toBe(0);
  });
});

describe("a new discussion in a followed category", () => {
  it("tells its followers, naming the category; nobody else, and never its author", async () => {
    await follow(ana, "life-observations", "following");
    await follow(ben, "life-observations", "following");
    const id = await start(ben, "life-observations", "Queues at the post office");
    await start(ben, "rants-and-vents", "Somewhere else");
    const [entry, ...rest] = await entries(ana);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      kind: "followed_category",
      actorName: "Ben Writer",
      discussion: { id, title: "Queues at the post office" },
      detail: "Life Observations",
    });
    expect(entry && notificationText(entry)).toBe(
      "Ben Writer started “Queues at the post office” in Life Observations",
    );
    expect(await entries(ben)).toEqual([]);
    expect(await entries(cleo)).toEqual([]);
  });

  it("tells nobody who blocked its author, or muted the category", async () => {
    await follow(ana, "personal-stories", "following");
    await follow(cleo, "personal-stories", "muted");
    const block = await ana.client.put(`/api/blocks/${ben.id}`);
    expect(block.ok).toBe(true);
    await start(ben, "personal-stories");
    expect(await entries(ana)).toEqual([]);
    expect(await entries(cleo)).toEqual([]);
    await ana.client.delete(`/api/blocks/${ben.id}`);
  });

  it("tells nobody of a discussion a moderator hid before the job ran", async () => {
    await follow(ana, "unpopular-opinions", "following");
    const id = await start(ben, "unpopular-opinions", "Secretfollowtitle");
    const hide = await mod.client.post(`/api/moderation/items/discussion/${id}/actions`, {
      action: "hide",
      reason: "Personal data",
    });
    expect(hide.status).toBe(200);
    const seen = JSON.stringify(await entries(ana));
    expect(seen).not.toContain("Secretfollowtitle");
    expect(seen).not.toContain("followed_category");
  });

  it("held for review, tells them only once a moderator approves it", async () => {
    await follow(ana, "life-observations", "following");
    const setting = await admin.client.put("/api/cms/settings", { holdNewMembersFirstPost: true });
    expect(setting.status).toBe(200);
    const newcomer = await createMember(t, { name: "Nell Newcomer" });
    try {
      const id = await start(newcomer, "life-observations", "Held first post");
      expect(await entries(ana)).toEqual([]);
      const approve = await mod.client.post(`/api/moderation/held-posts/discussion/${id}/approve`, {
        reason: "Fine",
      });
      expect(approve.status).toBe(200);
      const seen = await entries(ana);
      expect(seen.map((entry) => [entry.kind, entry.discussion?.id])).toEqual([
        ["followed_category", id],
      ]);
    } finally {
      await admin.client.put("/api/cms/settings", { holdNewMembersFirstPost: false });
    }
  });

  it("posted by staff in the CMS, tells them too", async () => {
    await follow(ana, "personal-stories", "following");
    const answer = await admin.client.post("/api/cms/discussions", {
      category: "personal-stories",
      title: "Site news",
      content: "New things.",
    });
    expect(answer.status, await answer.clone().text()).toBe(201);
    const [entry] = await entries(ana);
    expect(entry).toMatchObject({ kind: "followed_category", detail: "Personal Stories" });
  });

  it("with more followers than one part, tells each once, in parts", async () => {
    const crowd = FAN_OUT_PART * 2 + 50;
    await t.db.execute(sql`
      with made as (
        insert into "user" (id, name, email, email_verified)
        select gen_random_uuid()::text, 'Crowd ' || n, 'crowd-' || gen_random_uuid() || '@example.com', true
        from generate_series(1, ${crowd}) n
        returning id
      )
      insert into category_follows (category_id, user_id, state)
      select (select id from categories where slug = 'rants-and-vents'), id, 'following' from made`);
    await follow(ben, "rants-and-vents", "following");
    const id = await start(ben, "rants-and-vents", "For everyone");
    await t.runJobs();
    const [counts] = await queryRows<{ entries: number; people: number }>(
      t.db,
      sql`select count(*)::int as entries, count(distinct user_id)::int as people
          from notifications where discussion_id = ${id}::uuid and kind = 'followed_category'`,
    );
    // The crowd; Ben wrote it.
    expect(counts).toEqual({ entries: crowd, people: crowd });
    const [parts] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from pgboss.job
          where name = ${NOTIFICATION_EVENTS_QUEUE} and data->>'discussionId' = ${id}
            and data ? 'upTo'`,
    );
    expect(parts?.n).toBe(3);
  });
});

describe("a muted category", () => {
  it("is left out of the member's list, but not out of its own page, a search or others' lists", async () => {
    const rant = await start(ben, "rants-and-vents", "Mutedcategoryword rant");
    const story = await start(ben, "personal-stories", "Mutedcategoryword story");
    expect(await listed(cleo)).toEqual(expect.arrayContaining([rant, story]));
    expect((await follow(cleo, "rants-and-vents", "muted")).status).toBe(200);
    const mine = await listed(cleo);
    expect(mine).toContain(story);
    expect(mine).not.toContain(rant);
    // Also by newest activity and with a tag or range: still the member's default list.
    expect(await listed(cleo, "&sort=activity")).not.toContain(rant);
    expect(await listed(cleo, "&range=7d")).not.toContain(rant);
    // Asked for: the category's page, a search, an author.
    expect(await listed(cleo, "&category=rants-and-vents")).toContain(rant);
    expect(await listed(cleo, "&q=mutedcategoryword")).toContain(rant);
    expect(await listed(cleo, `&author=${encodeURIComponent("Ben Writer")}`)).toContain(rant);
    // Nobody else's list changes.
    expect(await listed(ana)).toContain(rant);
    expect(await listed({ client: createClient(t.app) })).toContain(rant);
    // Unmuted: back.
    await follow(cleo, "rants-and-vents", "none");
    expect(await listed(cleo)).toContain(rant);
  });
});
