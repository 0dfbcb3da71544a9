// The CMS Settings tab's "Hold new members' first post for review" (docs/decisions/034): the
// setting (admins only, audited), and a new member's first discussion or reply held: its
// author sees it awaiting review, nobody else sees it anywhere, nothing is notified or counted,
// until a moderator approves it (then all of that happens) or deletes it; audit rows for each.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { insertDiscussionRow, sseReader } from "@/server/test/discussions";
import { createMember } from "@/server/test/factories";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import type {
  DiscussionChange,
  DiscussionItem,
  DiscussionPage,
  ReplyItem,
  ReplyPage,
} from "@/shared/api-types";
import type { ModerationQueue, PublicModerationPage } from "@/shared/moderation";
import type { NotificationPage } from "@/shared/notifications";
import type { SiteSettings } from "@/shared/site-settings";

type Member = Awaited<ReturnType<typeof createMember>>;

let t: TestApp;
let al: Member; // admin
let mo: Member; // moderator
let old: Member; // an established member
let other: Member; // a new member who reads

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "100" } });
  [al, mo, old, other] = await Promise.all([
    createMember(t, { name: "Al Admin", role: "admin" }),
    createMember(t, { name: "Mo Moderator", role: "moderator" }),
    createMember(t, { name: "Olga Old" }),
    createMember(t, { name: "Otto Other" }),
  ]);
  // Olga is established: an account over a day old with three posts.
  await t.db.execute(
    sql`update "user" set created_at = now() - interval '3 days' where id = ${old.id}`,
  );
  for (let n = 0; n < 3; n += 1) await insertDiscussionRow(t.db, { authorId: old.id });
});
afterAll(async () => {
  await t.close();
});

const anonymous = () => createClient(t.app);

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

async function setHold(on: boolean) {
  const response = await al.client.put("/api/cms/settings", { holdNewMembersFirstPost: on });
  expect(response.status).toBe(200);
  expect((await json<SiteSettings>(response)).holdNewMembersFirstPost).toBe(on);
}

async function queue(): Promise<ModerationQueue> {
  return json<ModerationQueue>(await mo.client.get("/api/moderation/queue"));
}

async function postCount(memberId: string) {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`select discussions_count + replies_count as n from profiles where id = ${memberId}`,
  );
  return Number(row?.n);
}

async function logRows(targetId: string) {
  return queryRows<{ actor_id: string; action: string; reason: string }>(
    t.db,
    sql`select actor_id, action, reason from moderation_actions where target_id = ${targetId}
        order by created_at`,
  );
}

async function notificationsOf(member: Member) {
  await t.runJobs();
  return (await json<NotificationPage>(await member.client.get("/api/notifications")))
    .notifications;
}

async function listedIds(client = anonymous(), query = "") {
  const page = await json<DiscussionPage>(await client.get(`/api/discussions${query}`));
  return page.items.map((item) => item.id);
}

describe("the Settings tab's API", () => {
  it("is the admin's alone, off by default", async () => {
    const response = await al.client.get("/api/cms/settings");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      holdNewMembersFirstPost: false,
      secondFactorRoles: ["moderator", "admin"],
      memberTagMinPosts: null,
      searchLanguage: "english",
      reactionKinds: ["agree", "funny", "hugs", "wow", "angry"],
    });
    expect((await anonymous().get("/api/cms/settings")).status).toBe(401);
    expect((await mo.client.get("/api/cms/settings")).status).toBe(403);
    expect(
      (await old.client.put("/api/cms/settings", { holdNewMembersFirstPost: true })).status,
    ).toBe(403);
    expect(
      (await mo.client.put("/api/cms/settings", { holdNewMembersFirstPost: true })).status,
    ).toBe(403);
  });

  it("refuses what is not a setting with a 400", async () => {
    for (const body of [
      { holdNewMembersFirstPost: "yes" },
      { somethingElse: true },
      [],
      { secondFactorRoles: ["owner"] },
      { secondFactorRoles: "admin" },
      { memberTagMinPosts: -1 },
      { memberTagMinPosts: 1.5 },
      { memberTagMinPosts: "5" },
      { searchLanguage: "klingon" },
      { searchLanguage: "pg_catalog.english" },
      { searchLanguage: null },
      { reactionKinds: ["like"] },
      { reactionKinds: "agree" },
    ]) {
      expect((await al.client.put("/api/cms/settings", body)).status).toBe(400);
    }
  });

  it("records each change in the moderation log, and only changes", async () => {
    await setHold(true);
    await setHold(true);
    await setHold(false);
    expect(await logRows("holdNewMembersFirstPost")).toEqual([
      { actor_id: al.id, action: "setting", reason: "Turned on" },
      { actor_id: al.id, action: "setting", reason: "Turned off" },
    ]);
  });
});

describe("off (the default)", () => {
  it("a new member's first discussion is published at once", async () => {
    const ned = await createMember(t, { name: "Ned New" });
    const response = await ned.client.post("/api/discussions", {
      category: "rants-and-vents",
      title: "Hello",
      content: "Hi",
    });
    expect(response.status).toBe(201);
    const item = await json<DiscussionItem>(response);
    expect(item.awaitingReview).toBeUndefined();
    expect(await listedIds()).toContain(item.id);
  });
});

describe("on", () => {
  beforeAll(async () => {
    await setHold(true);
  });
  afterAll(async () => {
    await setHold(false);
  });

  it("holds a new member's first discussion: only its author sees it, marked awaiting review", async () => {
    const nina = await createMember(t, { name: "Nina New" });
    const response = await nina.client.post("/api/discussions", {
      category: "rants-and-vents",
      title: "Held unicorn title",
      content: "Held words",
    });
    expect(response.status).toBe(201);
    const item = await json<DiscussionItem>(response);
    expect(item.awaitingReview).toBe(true);

    // The author reads it; nobody else does, anywhere.
    const own = await nina.client.get(`/api/discussions/${item.id}`);
    expect(own.status).toBe(200);
    expect((await json<DiscussionItem>(own)).awaitingReview).toBe(true);
    for (const client of [anonymous(), other.client, mo.client]) {
      expect((await client.get(`/api/discussions/${item.id}`)).status).toBe(404);
      expect(await listedIds(client)).not.toContain(item.id);
      expect(await listedIds(client, "?q=unicorn")).not.toContain(item.id);
    }
    expect(await postCount(nina.id)).toBe(0);
    const feed = await (await anonymous().get("/discussion/rss.xml")).text();
    expect(feed).not.toContain("Held unicorn title");
    const sitemap = await (await anonymous().get("/sitemap/discussions-1.xml")).text();
    expect(sitemap).not.toContain(item.id);
    const page = await (await anonymous().get(`/discussion/${item.id}`)).text();
    expect(page).not.toContain("Held unicorn title");

    // In the queue; approved, it appears and counts, with an audit row.
    const held = (await queue()).heldPosts.find((post) => post.id === item.id);
    expect(held).toMatchObject({
      kind: "discussion",
      title: "Held unicorn title",
      text: "Held words",
      authorId: nina.id,
      authorName: "Nina New",
    });
    const approved = await mo.client.post(
      `/api/moderation/held-posts/discussion/${item.id}/approve`,
      {},
    );
    expect(approved.status).toBe(200);
    expect(await listedIds()).toContain(item.id);
    const shown = await json<DiscussionItem>(await anonymous().get(`/api/discussions/${item.id}`));
    expect(shown.awaitingReview).toBeUndefined();
    expect(await postCount(nina.id)).toBe(1);
    expect(await logRows(item.id)).toEqual([
      { actor_id: mo.id, action: "approve-held", reason: "No reason given" },
    ]);
    expect((await queue()).heldPosts.some((post) => post.id === item.id)).toBe(false);

    // Her next post is not her first: published at once.
    const next = await json<DiscussionItem>(
      await nina.client.post("/api/discussions", {
        category: "rants-and-vents",
        title: "Second",
        content: "Again",
      }),
    );
    expect(next.awaitingReview).toBeUndefined();
  });

  it("holds a new member's first reply: not in the thread, the counts or anyone's notifications until approved", async () => {
    const thread = await json<DiscussionItem>(
      await old.client.post("/api/discussions", {
        category: "rants-and-vents",
        title: "Olga asks",
        content: "Thoughts?",
      }),
    );
    const rita = await createMember(t, { name: "Rita Replier" });
    const response = await rita.client.post(`/api/discussions/${thread.id}/replies`, {
      content: "My held reply",
    });
    expect(response.status).toBe(201);
    const reply = await json<ReplyItem>(response);
    expect(reply.awaitingReview).toBe(true);

    const threadOf = async (client = anonymous()) =>
      (await json<ReplyPage>(await client.get(`/api/discussions/${thread.id}/replies`))).items;
    expect((await threadOf(rita.client)).map((item) => item.id)).toEqual([reply.id]);
    expect(await threadOf()).toEqual([]);
    expect(await threadOf(old.client)).toEqual([]);
    expect((await anonymous().get(`/api/replies/${reply.id}`)).status).toBe(404);
    const discussion = await json<DiscussionItem>(
      await anonymous().get(`/api/discussions/${thread.id}`),
    );
    expect(discussion.replies).toBe(0);
    expect(discussion.lastReplyAuthor).toBeNull();
    expect(await notificationsOf(old)).toEqual([]);

    const held = (await queue()).heldPosts.find((post) => post.id === reply.id);
    expect(held).toMatchObject({ kind: "reply", discussionId: thread.id, title: "Olga asks" });
    const approved = await mo.client.post(`/api/moderation/held-posts/reply/${reply.id}/approve`, {
      reason: "Fine",
    });
    expect(approved.status).toBe(200);
    expect((await threadOf()).map((item) => item.id)).toEqual([reply.id]);
    expect((await threadOf())[0]?.awaitingReview).toBeUndefined();
    expect(
      (await json<DiscussionItem>(await anonymous().get(`/api/discussions/${thread.id}`))).replies,
    ).toBe(1);
    expect((await notificationsOf(old)).length).toBe(1);
    expect(await logRows(reply.id)).toEqual([
      { actor_id: mo.id, action: "approve-held", reason: "Fine" },
    ]);
  });

  it("a deleted held post never appears, is audited, and stays off the public log", async () => {
    const sam = await createMember(t, { name: "Sam Spammer" });
    const item = await json<DiscussionItem>(
      await sam.client.post("/api/discussions", {
        category: "rants-and-vents",
        title: "Buy pills",
        content: "Cheap",
      }),
    );
    expect(item.awaitingReview).toBe(true);
    const noReason = await mo.client.post(
      `/api/moderation/held-posts/discussion/${item.id}/delete`,
      {},
    );
    expect(noReason.status).toBe(400);
    const deleted = await mo.client.post(
      `/api/moderation/held-posts/discussion/${item.id}/delete`,
      {
        reason: "Spam",
      },
    );
    expect(deleted.status).toBe(200);
    expect((await sam.client.get(`/api/discussions/${item.id}`)).status).toBe(404);
    expect(await listedIds()).not.toContain(item.id);
    expect(await postCount(sam.id)).toBe(0);
    expect(await logRows(item.id)).toEqual([
      { actor_id: mo.id, action: "delete-held", reason: "Spam" },
    ]);
    const log = await json<PublicModerationPage>(await anonymous().get("/api/moderation/log"));
    expect(JSON.stringify(log)).not.toContain("Sam Spammer");
    // Decided once.
    const again = await mo.client.post(
      `/api/moderation/held-posts/discussion/${item.id}/approve`,
      {},
    );
    expect(again.status).toBe(404);
  });

  it("only moderators and admins decide; a bad kind or id is 404", async () => {
    const tia = await createMember(t, { name: "Tia New" });
    const item = await json<DiscussionItem>(
      await tia.client.post("/api/discussions", {
        category: "rants-and-vents",
        title: "Mine",
        content: "Words",
      }),
    );
    const path = `/api/moderation/held-posts/discussion/${item.id}/approve`;
    expect((await anonymous().post(path, {})).status).toBe(401);
    expect((await tia.client.post(path, {})).status).toBe(403);
    expect((await old.client.post(path, {})).status).toBe(403);
    expect(
      (await mo.client.post(`/api/moderation/held-posts/profile/${item.id}/approve`, {})).status,
    ).toBe(404);
    expect(
      (await mo.client.post("/api/moderation/held-posts/discussion/nope/approve", {})).status,
    ).toBe(404);
    expect((await al.client.post(path, {})).status).toBe(200);
  });

  it("announces nothing live until it is approved", async () => {
    const response = await t.app.request("/api/discussions/events");
    const stream = sseReader(response);
    expect(await stream.nextEvent()).toEqual({ event: "ready", data: "" });
    const next = async () =>
      JSON.parse((await stream.nextEvent())?.data ?? "null") as DiscussionChange;

    const lia = await createMember(t, { name: "Lia Live" });
    const held = await json<DiscussionItem>(
      await lia.client.post("/api/discussions", {
        category: "rants-and-vents",
        title: "Held live",
        content: "Quiet",
      }),
    );
    expect(held.awaitingReview).toBe(true);
    // The next event is Olga's public post: the held one sent none.
    const shown = await json<DiscussionItem>(
      await old.client.post("/api/discussions", {
        category: "rants-and-vents",
        title: "Public live",
        content: "Loud",
      }),
    );
    expect(await next()).toEqual({ type: "created", id: shown.id });
    await mo.client.post(`/api/moderation/held-posts/discussion/${held.id}/approve`, {});
    expect(await next()).toEqual({ type: "created", id: held.id });
    await stream.close();
  });

  it("never holds staff or established members", async () => {
    for (const member of [mo, old]) {
      const item = await json<DiscussionItem>(
        await member.client.post("/api/discussions", {
          category: "rants-and-vents",
          title: "Staff or old",
          content: "Words",
        }),
      );
      expect(item.awaitingReview).toBeUndefined();
    }
  });
});
