// Reactions (issue 45, docs/decisions/075): one of each kind per member and post, added with
// PUT and taken back with DELETE; counts kept by a trigger and shown to everyone where the post
// shows to visitors; who reacted names public members only, never the viewer's blocked ones;
// the post's author hears of them an hour's worth at a time. Every role on every route:
// permission-matrix.test.ts; suspended members: suspension-table.test.ts.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { queueNotificationEvent } from "@/server/domain/notifications/events";
import { refreshAllTopScores, refreshTopScores } from "@/server/domain/reactions/top-scores";
import { parseDiscussionChange } from "@/server/lib/live-discussions";
import { insertDiscussionRow, sseReader } from "@/server/test/discussions";
import { createMember } from "@/server/test/factories";
import { insertReplyRow } from "@/server/test/replies";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import type {
  ApiErrorBody,
  DiscussionItem,
  DiscussionPage,
  ProfileResponse,
  ReplyPage,
} from "@/shared/api-types";
import { SUSPENDED_CODE } from "@/shared/moderation";
import { type NotificationPage, notificationText } from "@/shared/notifications";
import type { Role } from "@/shared/permissions";
import {
  type MyReactions,
  OWN_POST_REACTION,
  POST_NOT_FOUND,
  REACTION_TURNED_OFF,
  type ReactionState,
  UNKNOWN_REACTION,
  type WhoReacted,
} from "@/shared/reactions";

type Member = Awaited<ReturnType<typeof createMember>>;
let t: TestApp;
let ana: Member;
let ben: Member;
let cy: Member;
let di: Member;
let admin: Member;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "1000" } });
  [ana, ben, cy, di, admin] = await Promise.all([
    createMember(t, { name: "Ana Author" }),
    createMember(t, { name: "Ben Reactor" }),
    createMember(t, { name: "Cy Private" }),
    createMember(t, { name: "Di Reactor" }),
    createMember(t, { name: "Al Admin", role: "admin" }),
  ]);
  await t.db.execute(sql`update profiles set is_public = false where id = ${cy.id}`);
  await t.runJobs();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.runJobs({ ignoreStartAfter: true });
  await t.db.execute(sql`delete from reactions`);
  await t.db.execute(sql`delete from notifications`);
  await t.db.execute(sql`delete from member_blocks`);
  await t.db.execute(sql`delete from discussion_follows`);
  await t.db.execute(sql`delete from notification_settings`);
  await t.db.execute(sql`delete from site_settings where key = 'reactionKinds'`);
});

const discussionPath = (id: string, kind = "agree") => `/api/reactions/discussions/${id}/${kind}`;
const replyPath = (id: string, kind = "agree") => `/api/reactions/replies/${id}/${kind}`;

async function react(member: Member, path: string, status = 201): Promise<ReactionState> {
  const answer = await member.client.put(path);
  expect(answer.status, await answer.clone().text()).toBe(status);
  return (await answer.json()) as ReactionState;
}

async function errorOf(answer: Response): Promise<{ status: number; message: string }> {
  const body = (await answer.json()) as ApiErrorBody;
  return { status: answer.status, message: body.error.message };
}

async function discussionCounts(id: string) {
  const answer = await createClient(t.app).get(`/api/discussions/${id}`);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as DiscussionItem).reactions;
}

async function replyCounts(discussionId: string) {
  const answer = await createClient(t.app).get(`/api/discussions/${discussionId}/replies`);
  expect(answer.status).toBe(200);
  return Object.fromEntries(
    ((await answer.json()) as ReplyPage).items.map((item) => [item.id, item.reactions]),
  );
}

async function storedCount(discussionId: string, replyId: string | null, kind: string) {
  const [row] = await queryRows<{ rows: number; counted: number | null }>(
    t.db,
    sql`select
          (select count(*)::int from reactions where discussion_id = ${discussionId}::uuid
            and reply_id is not distinct from ${replyId}::uuid and kind = ${kind}) as rows,
          (select count from reaction_counts where discussion_id = ${discussionId}::uuid
            and reply_id is not distinct from ${replyId}::uuid and kind = ${kind}) as counted`,
  );
  return row;
}

describe("toggling", () => {
  it("adds once, takes back, and the counts follow in the discussion and its thread", async () => {
    const discussion = await insertDiscussionRow(t.db, { authorId: ana.id });
    const reply = await insertReplyRow(t.db, discussion, { authorId: ana.id });
    expect(await react(ben, discussionPath(discussion))).toEqual({
      counts: { agree: 1 },
      mine: ["agree"],
    });
    // Again is no second reaction.
    expect(await react(ben, discussionPath(discussion), 200)).toEqual({
      counts: { agree: 1 },
      mine: ["agree"],
    });
    await react(di, discussionPath(discussion));
    await react(di, discussionPath(discussion, "hugs"));
    await react(ben, replyPath(reply, "funny"));
    expect(await discussionCounts(discussion)).toEqual({ agree: 2, hugs: 1 });
    expect(await replyCounts(discussion)).toEqual({ [reply]: { funny: 1 } });
    const mine = (await (
      await di.client.get(`/api/reactions/discussions/${discussion}/mine`)
    ).json()) as MyReactions;
    expect(mine).toEqual({
      reactions: [
        { replyId: null, kind: "agree" },
        { replyId: null, kind: "hugs" },
      ],
      kinds: ["agree", "funny", "hugs", "wow", "angry"],
    });

    const taken = await ben.client.delete(discussionPath(discussion));
    expect(taken.status).toBe(200);
    expect(await taken.json()).toEqual({ counts: { agree: 1, hugs: 1 }, mine: [] });
    // Taking back what is not there changes nothing: the count never goes below the rows.
    const again = await ben.client.delete(discussionPath(discussion));
    expect(await again.json()).toEqual({ counts: { agree: 1, hugs: 1 }, mine: [] });
    expect(await storedCount(discussion, null, "agree")).toEqual({ rows: 1, counted: 1 });
    // The author's "Reactions received": everyone's, on the discussion and the reply.
    const [received] = await queryRows<{ n: number }>(
      t.db,
      sql`select reactions_received as n from profiles where id = ${ana.id}`,
    );
    expect(received?.n).toBe(3);
    await t.db.execute(sql`update profiles set reactions_received = 0 where id = ${ana.id}`);
  });

  it("refuses unknown and turned-off kinds with 400, missing posts with 404, one's own with 403", async () => {
    const discussion = await insertDiscussionRow(t.db, { authorId: ana.id });
    const reply = await insertReplyRow(t.db, discussion, { authorId: ben.id });
    expect(await errorOf(await ben.client.put(discussionPath(discussion, "like")))).toEqual({
      status: 400,
      message: UNKNOWN_REACTION,
    });
    expect(await errorOf(await ben.client.put(discussionPath(discussion, "AGREE")))).toEqual({
      status: 400,
      message: UNKNOWN_REACTION,
    });
    const off = await admin.client.put("/api/cms/settings", { reactionKinds: ["agree", "hugs"] });
    expect(off.status).toBe(200);
    expect(await errorOf(await ben.client.put(discussionPath(discussion, "angry")))).toEqual({
      status: 400,
      message: REACTION_TURNED_OFF,
    });
    for (const path of [
      discussionPath("00000000-0000-4000-8000-000000000000"),
      replyPath("00000000-0000-4000-8000-000000000000"),
      discussionPath("not-an-id"),
      // A discussion's id is no reply's, and the other way round.
      replyPath(discussion),
      discussionPath(reply),
    ]) {
      expect(await errorOf(await ben.client.put(path)), path).toEqual({
        status: 404,
        message: POST_NOT_FOUND,
      });
    }
    expect(await errorOf(await ana.client.put(discussionPath(discussion)))).toEqual({
      status: 403,
      message: OWN_POST_REACTION,
    });
    expect(await errorOf(await ben.client.put(replyPath(reply)))).toEqual({
      status: 403,
      message: OWN_POST_REACTION,
    });
    expect((await createClient(t.app).put(discussionPath(discussion))).status).toBe(401);
    expect(await storedCount(discussion, null, "agree")).toEqual({ rows: 0, counted: null });
  });

  it("lets every role react to others' posts and none to their own", async () => {
    for (const role of ["user", "author", "moderator", "admin"] satisfies Role[]) {
      const member = await createMember(t, { role, name: `A ${role}` });
      const own = await insertDiscussionRow(t.db, { authorId: member.id });
      const others = await insertDiscussionRow(t.db, { authorId: ana.id });
      const ownReply = await insertReplyRow(t.db, others, { authorId: member.id });
      const othersReply = await insertReplyRow(t.db, own, { authorId: ana.id });
      expect((await member.client.put(discussionPath(own))).status, role).toBe(403);
      expect((await member.client.put(replyPath(ownReply))).status, role).toBe(403);
      expect((await member.client.put(discussionPath(others))).status, role).toBe(201);
      expect((await member.client.put(replyPath(othersReply))).status, role).toBe(201);
      expect((await member.client.delete(replyPath(othersReply))).status, role).toBe(200);
    }
  });

  it("refuses a suspended member, and their reaction stays as it was", async () => {
    const discussion = await insertDiscussionRow(t.db, { authorId: ana.id });
    await react(di, discussionPath(discussion));
    await t.db.execute(sql`insert into suspensions (user_id, reason) values (${di.id}, 'Spam')`);
    try {
      for (const answer of [
        await di.client.put(discussionPath(discussion, "hugs")),
        await di.client.delete(discussionPath(discussion)),
      ]) {
        expect(answer.status).toBe(403);
        expect(((await answer.json()) as ApiErrorBody).error.code).toBe(SUSPENDED_CODE);
      }
      expect(await discussionCounts(discussion)).toEqual({ agree: 1 });
    } finally {
      await t.db.execute(sql`delete from suspensions where user_id = ${di.id}`);
    }
  });

  it("limits reactions per member per minute", async () => {
    const discussion = await insertDiscussionRow(t.db, { authorId: ana.id });
    // The limit's window already full for Ben: 60 a minute, times the test's multiplier.
    await t.db.execute(
      sql`insert into rate_limit_hits (key, count, window_started_at)
          values (${`reaction|${ben.id}`}, 60000, now())
          on conflict (key) do update set count = 60000, window_started_at = now()`,
    );
    try {
      const answer = await ben.client.put(discussionPath(discussion));
      expect(answer.status).toBe(429);
      expect(await storedCount(discussion, null, "agree")).toEqual({ rows: 0, counted: null });
      // Others are not held back by Ben's limit.
      await react(di, discussionPath(discussion));
    } finally {
      await t.db.execute(sql`delete from rate_limit_hits where key = ${`reaction|${ben.id}`}`);
    }
  });
});

describe("concurrency", () => {
  it("keeps one row and an exact count when the same member sends the same reaction at once", async () => {
    const discussion = await insertDiscussionRow(t.db, { authorId: ana.id });
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => ben.client.put(discussionPath(discussion))),
    );
    const statuses = answers.map((answer) => answer.status).sort((a, b) => a - b);
    expect(statuses).toEqual([...Array(11).fill(200), 201]);
    expect(await storedCount(discussion, null, "agree")).toEqual({ rows: 1, counted: 1 });
  });

  it("keeps counts equal to the rows, never negative, under parallel adds and removals", async () => {
    const discussion = await insertDiscussionRow(t.db, { authorId: ana.id });
    const members = [ben, cy, di, admin];
    const requests = members.flatMap((member) =>
      Array.from({ length: 5 }, (_, i) =>
        i % 2 === 0
          ? member.client.put(discussionPath(discussion, "wow"))
          : member.client.delete(discussionPath(discussion, "wow")),
      ),
    );
    const answers = await Promise.all(requests);
    expect(answers.every((answer) => answer.status < 300)).toBe(true);
    const stored = await storedCount(discussion, null, "wow");
    expect(stored?.counted ?? 0).toBe(stored?.rows);
    expect(stored?.counted ?? 0).toBeGreaterThanOrEqual(0);
    // Then everyone takes theirs back, at once: zero, not below.
    await Promise.all(
      members.map((member) => member.client.delete(discussionPath(discussion, "wow"))),
    );
    expect(await storedCount(discussion, null, "wow")).toEqual({ rows: 0, counted: 0 });
  });
});

describe("visibility", () => {
  it("keeps reactions to hidden, deleted and held posts out of sight, and takes no new ones", async () => {
    const discussion = await insertDiscussionRow(t.db, { authorId: ana.id });
    const hidden = await insertReplyRow(t.db, discussion, { authorId: ana.id });
    const deleted = await insertReplyRow(t.db, discussion, { authorId: ana.id });
    const held = await insertReplyRow(t.db, discussion, { authorId: ana.id });
    for (const reply of [hidden, deleted, held]) await react(ben, replyPath(reply));
    await react(ben, discussionPath(discussion));
    await t.db.execute(
      sql`update discussion_replies set hidden_at = now() where id = ${hidden}::uuid`,
    );
    await t.db.execute(
      sql`update discussion_replies set deleted_at = now() where id = ${deleted}::uuid`,
    );
    await t.db.execute(sql`update discussion_replies set held_at = now() where id = ${held}::uuid`);
    await t.db.execute(
      sql`update discussions set hidden_at = now() where id = ${discussion}::uuid`,
    );

    // The rows stay; nothing shows them, to visitors, moderators or the author alike.
    expect(await storedCount(discussion, hidden, "agree")).toEqual({ rows: 1, counted: 1 });
    expect(await discussionCounts(discussion)).toBeUndefined();
    const asAuthor = (await (
      await ana.client.get(`/api/discussions/${discussion}/replies`)
    ).json()) as ReplyPage;
    expect(asAuthor.items.filter((item) => item.id !== held).map((item) => item.reactions)).toEqual(
      [undefined, undefined],
    );
    expect(asAuthor.items.find((item) => item.id === held)?.reactions).toBeUndefined();
    for (const path of [
      replyPath(hidden, "hugs"),
      replyPath(deleted, "hugs"),
      replyPath(held, "hugs"),
      discussionPath(discussion, "hugs"),
    ]) {
      expect(await errorOf(await di.client.put(path)), path).toEqual({
        status: 404,
        message: POST_NOT_FOUND,
      });
      expect((await admin.client.put(path)).status, path).toBe(404);
      expect((await createClient(t.app).get(path.replace(/\/hugs$/, ""))).status, path).toBe(404);
    }
    // Shown again: so are its reactions, as they were.
    await t.db.execute(sql`update discussions set hidden_at = null where id = ${discussion}::uuid`);
    await t.db.execute(
      sql`update discussion_replies set hidden_at = null where id = ${hidden}::uuid`,
    );
    expect(await discussionCounts(discussion)).toEqual({ agree: 1 });
    expect((await replyCounts(discussion))[hidden]).toEqual({ agree: 1 });
  });

  it("hides a turned-off kind's counts, and keeps them for when it is turned on again", async () => {
    const discussion = await insertDiscussionRow(t.db, { authorId: ana.id });
    await react(ben, discussionPath(discussion, "angry"));
    await react(ben, discussionPath(discussion, "agree"));
    await admin.client.put("/api/cms/settings", { reactionKinds: ["agree"] });
    expect(await discussionCounts(discussion)).toEqual({ agree: 1 });
    await admin.client.put("/api/cms/settings", {
      reactionKinds: ["agree", "funny", "hugs", "wow", "angry"],
    });
    expect(await discussionCounts(discussion)).toEqual({ agree: 1, angry: 1 });
  });
});

describe("who reacted", () => {
  it("names public members, counts private ones, and leaves out whom the viewer blocked", async () => {
    const discussion = await insertDiscussionRow(t.db, { authorId: ana.id });
    await react(ben, discussionPath(discussion));
    await react(cy, discussionPath(discussion));
    await react(di, discussionPath(discussion));
    await react(di, discussionPath(discussion, "hugs"));
    const who = async (client = createClient(t.app)) => {
      const answer = await client.get(`/api/reactions/discussions/${discussion}`);
      expect(answer.status).toBe(200);
      return (await answer.json()) as WhoReacted;
    };
    expect(await who()).toEqual({
      kinds: [
        {
          kind: "agree",
          count: 3,
          members: [
            { id: ben.id, displayName: "Ben Reactor" },
            { id: di.id, displayName: "Di Reactor" },
          ],
          others: 1,
        },
        { kind: "hugs", count: 1, members: [{ id: di.id, displayName: "Di Reactor" }], others: 0 },
      ],
    });
    expect(JSON.stringify(await who())).not.toContain(cy.id);
    expect((await ana.client.put(`/api/blocks/${ben.id}`)).status).toBe(200);
    const forAna = await who(ana.client);
    expect(forAna.kinds[0]).toEqual({
      kind: "agree",
      count: 3,
      members: [{ id: di.id, displayName: "Di Reactor" }],
      others: 2,
    });
    // Nobody else's list changes.
    expect((await who(di.client)).kinds[0]?.members).toHaveLength(2);
  });
});

describe("live events", () => {
  it("carry the post's new counts, and the anonymous cache is left to its TTL", async () => {
    const discussion = await insertDiscussionRow(t.db, { authorId: ana.id });
    const reply = await insertReplyRow(t.db, discussion, { authorId: ana.id });
    const response = await t.app.request("/api/discussions/events");
    const stream = sseReader(response);
    try {
      expect(await stream.nextEvent()).toEqual({ event: "ready", data: "" });
      await react(ben, replyPath(reply, "hugs"));
      const event = await stream.nextEvent();
      expect(event?.event).toBe("discussion");
      const change = parseDiscussionChange(event?.data ?? "");
      expect(change).toEqual({
        type: "reacted",
        id: discussion,
        reaction: { replyId: reply, counts: { hugs: 1 } },
      });
      // A repeat announces nothing; a removal announces the counts after it.
      await react(ben, replyPath(reply, "hugs"), 200);
      await ben.client.delete(replyPath(reply, "hugs"));
      const removal = await stream.nextEvent();
      expect(JSON.parse(removal?.data ?? "null")).toEqual({
        type: "reacted",
        id: discussion,
        reaction: { replyId: reply, counts: {} },
      });
    } finally {
      await stream.close();
    }
  });
});

describe("notifications", () => {
  async function entries(member: Member) {
    await t.runJobs();
    const answer = await member.client.get("/api/notifications");
    return ((await answer.json()) as NotificationPage).notifications;
  }

  it("gathers an hour's reactions to a post into one entry; a private member is Someone", async () => {
    const discussion = await insertDiscussionRow(t.db, { authorId: ana.id, title: "Rant" });
    const reply = await insertReplyRow(t.db, discussion, { authorId: ana.id });
    await react(cy, replyPath(reply));
    let [entry] = await entries(ana);
    expect(entry && notificationText(entry)).toBe("Someone reacted to your reply in “Rant”");
    await react(ben, replyPath(reply, "hugs"));
    await react(admin, replyPath(reply));
    await react(di, replyPath(reply, "funny"));
    const list = await entries(ana);
    expect(list).toHaveLength(1);
    [entry] = list;
    expect(entry && notificationText(entry)).toBe(
      "Di Reactor and 3 others reacted to your reply in “Rant”",
    );
    // Another post is another entry; so is the same post in another hour.
    await react(ben, discussionPath(discussion));
    const [older] = await queryRows<{ id: string }>(
      t.db,
      sql`insert into reactions (user_id, discussion_id, reply_id, kind, created_at)
          values (${ben.id}, ${discussion}::uuid, ${reply}::uuid, 'wow', now() - interval '2 hours')
          returning id::text`,
    );
    await queueNotificationEvent(t.deps.jobs, { type: "reacted", reactionId: older?.id ?? "" });
    const texts = (await entries(ana)).map(notificationText).sort();
    expect(texts).toEqual([
      "Ben Reactor reacted to your discussion “Rant”",
      "Ben Reactor reacted to your reply in “Rant”",
      "Di Reactor and 3 others reacted to your reply in “Rant”",
    ]);
    // Nobody else heard of them, and no mail went: it is off by default.
    expect(await entries(ben)).toEqual([]);
    expect((await t.mailbox.latest(ana.email)) ?? "").not.toContain("reacted");
  });

  it("respects the author's mute and block, tells no one of a reaction taken back, and mails on request", async () => {
    const discussion = await insertDiscussionRow(t.db, { authorId: ana.id, title: "Quiet" });
    await ana.client.put(`/api/blocks/${ben.id}`);
    await react(ben, discussionPath(discussion));
    await react(di, discussionPath(discussion));
    await di.client.delete(discussionPath(discussion));
    expect(await entries(ana)).toEqual([]);
    await ana.client.delete(`/api/blocks/${ben.id}`);

    await ana.client.put(`/api/discussions/${discussion}/follow`, { state: "muted" });
    await react(di, discussionPath(discussion, "wow"));
    expect(await entries(ana)).toEqual([]);
    await ana.client.put(`/api/discussions/${discussion}/follow`, { state: "none" });

    const settings = await ana.client.put("/api/notifications/settings", {
      email: { reacted: "immediately" },
    });
    expect(settings.status).toBe(200);
    await react(admin, discussionPath(discussion, "hugs"));
    const [entry] = await entries(ana);
    expect(entry && notificationText(entry)).toBe("Al Admin reacted to your discussion “Quiet”");
    await t.runJobs();
    expect(await t.mailbox.latest(ana.email)).toContain("Al Admin reacted to your discussion");
  });
});

describe("Top", () => {
  async function top(query: string): Promise<DiscussionPage> {
    const answer = await createClient(t.app).get(`/api/discussions?sort=top&${query}`);
    expect(answer.status, await answer.clone().text()).toBe(200);
    return (await answer.json()) as DiscussionPage;
  }

  it("ranks by reactions plus twice the replies in the period, from the job's scores", async () => {
    // Only this test's discussions: the others' replies would score too.
    await t.db.execute(sql`delete from discussions`);
    const quiet = await insertDiscussionRow(t.db, { authorId: ana.id, title: "Quiet" });
    const liked = await insertDiscussionRow(t.db, { authorId: ana.id, title: "Liked" });
    const talked = await insertDiscussionRow(t.db, { authorId: ana.id, title: "Talked" });
    const old = await insertDiscussionRow(t.db, { authorId: ana.id, title: "Old news" });
    const hidden = await insertDiscussionRow(t.db, { authorId: ana.id, title: "Hidden" });
    // Liked: three reactions today (one on a reply). Talked: two replies today (4).
    await react(ben, discussionPath(liked));
    await react(di, discussionPath(liked));
    const likedReply = await insertReplyRow(t.db, liked, {
      authorId: ana.id,
      createdAt: new Date(Date.now() - 10 * 86_400_000),
    });
    await react(ben, replyPath(likedReply));
    await insertReplyRow(t.db, talked, { authorId: ben.id });
    await insertReplyRow(t.db, talked, { authorId: di.id });
    // Old news: ten reactions three days ago; within the week, not today.
    await t.db.execute(
      sql`insert into reactions (user_id, discussion_id, kind, created_at)
          select m, ${old}::uuid, k, now() - interval '3 days'
          from unnest(array['agree', 'funny', 'hugs', 'wow', 'angry']) k,
            unnest(array[${ben.id}, ${di.id}]) m`,
    );
    await react(ben, discussionPath(hidden));
    await react(di, discussionPath(hidden, "hugs"));
    await react(cy, discussionPath(hidden, "wow"));
    await react(admin, discussionPath(hidden, "funny"));
    await t.db.execute(sql`update discussions set hidden_at = now() where id = ${hidden}::uuid`);

    // Nothing until the job runs.
    expect((await top("period=today")).items).toEqual([]);
    await refreshAllTopScores(t.db);
    const titles = async (query: string) => (await top(query)).items.map((item) => item.title);
    expect(await titles("period=today")).toEqual(["Talked", "Liked"]);
    expect(await titles("period=week")).toEqual(["Old news", "Talked", "Liked"]);
    // All time: Liked's older reply counts too (3 + 2 = 5).
    expect(await titles("period=all")).toEqual(["Old news", "Liked", "Talked"]);
    expect(await titles("")).toEqual(["Old news", "Talked", "Liked"]);
    expect(quiet).toBeTruthy();

    // Pages by (score, id), no repeats.
    const first = await top("period=week&limit=2");
    const second = await top(`period=week&limit=2&cursor=${first.nextCursor}`);
    expect([...first.items, ...second.items].map((item) => item.title)).toEqual([
      "Old news",
      "Talked",
      "Liked",
    ]);
    expect(second.nextCursor).toBeNull();
    expect((await createClient(t.app).get("/api/discussions?sort=top&period=decade")).status).toBe(
      400,
    );
    expect(
      (await createClient(t.app).get("/api/discussions?sort=top&cursor=nonsense")).status,
    ).toBe(400);
  });

  it("writes only the scores that moved, and removes the ones that have gone", async () => {
    await t.db.execute(sql`delete from discussions`);
    const kept = await insertDiscussionRow(t.db, { authorId: ana.id, title: "Kept" });
    const moving = await insertDiscussionRow(t.db, { authorId: ana.id, title: "Moving" });
    const leaving = await insertDiscussionRow(t.db, { authorId: ana.id, title: "Leaving" });
    for (const id of [kept, moving, leaving]) await react(ben, discussionPath(id));
    expect(await refreshTopScores(t.db, "week")).toEqual({ scored: 3, written: 3, removed: 0 });
    // Nothing moved: nothing written.
    expect(await refreshTopScores(t.db, "week")).toEqual({ scored: 3, written: 0, removed: 0 });

    await react(di, discussionPath(moving));
    await t.db.execute(sql`update discussions set hidden_at = now() where id = ${leaving}::uuid`);
    expect(await refreshTopScores(t.db, "week")).toEqual({ scored: 2, written: 1, removed: 1 });
    const scores = await queryRows<{ discussion_id: string; score: number }>(
      t.db,
      sql`select discussion_id, score from top_scores where period = 'week' order by score desc`,
    );
    expect(scores).toEqual([
      { discussion_id: moving, score: 2 },
      { discussion_id: kept, score: 1 },
    ]);
  });

  it("ranks within a search, an author, a tag, a category and a date range, and pages", async () => {
    await t.db.execute(sql`delete from discussions`);
    const [first, second] = await queryRows<{ id: string; slug: string }>(
      t.db,
      sql`select id, slug from categories order by position limit 2`,
    );
    if (!first || !second) throw new Error("two categories needed");
    // Scores written as the job would: the ranking is the list's business here, not the job's.
    const scored = async (
      title: string,
      score: number,
      more: Parameters<typeof insertDiscussionRow>[1] = {},
    ) => {
      const id = await insertDiscussionRow(t.db, { authorId: ana.id, title, ...more });
      await t.db.execute(
        sql`insert into top_scores (period, discussion_id, score) values ('week', ${id}::uuid, ${score})`,
      );
      return id;
    };
    const printerJam = await scored("Printer jam", 5);
    await scored("Printer ink", 9, { authorId: ben.id });
    const printerAgain = await scored("Printer again", 5, {
      authorId: ben.id,
      categoryId: second.id,
    });
    await scored("Queues", 7, { categoryId: second.id, ageMinutes: 3 * 24 * 60 });
    await scored("Trains", 1, { authorId: ben.id, ageMinutes: 10 * 24 * 60 });
    await insertDiscussionRow(t.db, { authorId: ben.id, title: "Printer, unscored" });
    await t.db.execute(sql`insert into tags (name, curated) values ('jams', true)`);
    await t.db.execute(
      sql`insert into discussion_tags (discussion_id, tag_id)
          select ${printerJam}::uuid, id from tags where name = 'jams'`,
    );
    const titles = async (query: string) =>
      (await top(`period=week&${query}`)).items.map((item) => item.title);
    // Equal scores: the greater id first, as top_scores_list_idx orders them (uuids compare as
    // their hex text does).
    const tied =
      printerJam > printerAgain
        ? ["Printer jam", "Printer again"]
        : ["Printer again", "Printer jam"];
    expect(await titles("q=printer")).toEqual(["Printer ink", ...tied]);
    expect(await titles("author=Ben Reactor")).toEqual(["Printer ink", "Printer again", "Trains"]);
    expect(await titles("tag=jams")).toEqual(["Printer jam"]);
    expect(await titles(`category=${second.slug}`)).toEqual(["Queues", "Printer again"]);
    expect(await titles("range=7d")).toEqual(["Printer ink", "Queues", ...tied]);
    expect(await titles(`q=printer&author=Ben Reactor&category=${second.slug}`)).toEqual([
      "Printer again",
    ]);

    // Page by page, one at a time, through each filter: the same order, no repeats, no gaps.
    for (const query of ["q=printer", "author=Ben Reactor", `category=${second.slug}`, ""]) {
      const whole = await titles(query);
      const paged: string[] = [];
      let cursor: string | null = "";
      while (cursor !== null) {
        const page: DiscussionPage = await top(`period=week&limit=1&${query}&cursor=${cursor}`);
        paged.push(...page.items.map((item) => item.title));
        cursor = page.nextCursor;
        expect(paged.length, query).toBeLessThanOrEqual(whole.length);
      }
      expect(paged, query).toEqual(whole);
    }
  });

  it("refuses a cursor of another period or sort with 400", async () => {
    const cursorOf = async (path: string) => {
      const page = (await (await createClient(t.app).get(path)).json()) as DiscussionPage;
      expect(page.nextCursor, path).toBeTruthy();
      return page.nextCursor as string;
    };
    await t.db.execute(sql`delete from discussions`);
    for (const title of ["One", "Two", "Three"]) {
      const id = await insertDiscussionRow(t.db, { title });
      await t.db.execute(
        sql`insert into top_scores (period, discussion_id, score)
            values ('week', ${id}::uuid, 3), ('month', ${id}::uuid, 3)`,
      );
    }
    const week = await cursorOf("/api/discussions?sort=top&period=week&limit=1");
    const newest = await cursorOf("/api/discussions?limit=1");
    for (const path of [
      `/api/discussions?sort=top&period=month&limit=1&cursor=${week}`,
      `/api/discussions?sort=top&period=week&limit=1&q=o&cursor=${newest}`,
      `/api/discussions?sort=newest&limit=1&cursor=${week}`,
      `/api/discussions?sort=activity&limit=1&q=o&cursor=${week}`,
    ]) {
      const answer = await createClient(t.app).get(path);
      expect(await errorOf(answer), path).toEqual({ status: 400, message: "Invalid page cursor" });
    }
  });

  it("shows a member's reactions received on their profile", async () => {
    const discussion = await insertDiscussionRow(t.db, { authorId: di.id });
    await t.db.execute(sql`update profiles set reactions_received = 0 where id = ${di.id}`);
    await react(ben, discussionPath(discussion));
    await react(ben, discussionPath(discussion, "hugs"));
    const answer = await createClient(t.app).get(`/api/profiles/${di.id}`);
    expect(((await answer.json()) as ProfileResponse).profile.reactionsReceived).toBe(2);
  });
});
