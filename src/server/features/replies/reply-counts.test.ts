// Reply counts are columns that triggers keep (migration 0014, docs/decisions/020): each
// discussion's replies and last reply, each member's replies (the profile's Comments stat) and
// the site's total (the CMS Overview's Engagement). After every kind of change they must equal
// a fresh count of the rows.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { discussionReplies, discussions, user } from "@/server/db/schema";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createMember } from "@/server/test/factories";
import { insertReplyRow, storedAndFreshCounts } from "@/server/test/replies";
import { createTestApp, type TestApp } from "@/server/test/test-app";
import type { CmsOverview, DiscussionItem, ProfileResponse, ReplyItem } from "@/shared/api-types";

let t: TestApp;
type Member = Awaited<ReturnType<typeof createMember>>;
let author: Member;
let other: Member;
let thread: string;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "1000" } });
  author = await createMember(t, { name: "Counted Author" });
  other = await createMember(t, { name: "Other Author" });
  thread = await insertDiscussionRow(t.db, { authorId: other.id });
});
afterAll(async () => {
  await t.close();
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** Stored counts equal fresh ones; returns them for the expectations of each case. */
async function expectCountsHold() {
  const { stored, fresh } = await storedAndFreshCounts(t.db);
  expect(stored).toEqual(fresh);
  return {
    discussion: (id: string) => stored.discussions.find((row) => row.id === id),
    profile: (id: string) => stored.profiles.find((row) => row.id === id)?.replies,
    site: stored.site,
  };
}

const softDelete = (id: string) =>
  t.db.update(discussionReplies).set({ deletedAt: sql`now()` }).where(eq(discussionReplies.id, id));

const restore = (id: string) =>
  t.db.update(discussionReplies).set({ deletedAt: null }).where(eq(discussionReplies.id, id));

describe("reply counts kept by triggers", () => {
  it("start at zero", async () => {
    const counts = await expectCountsHold();
    expect(counts.discussion(thread)).toEqual({ id: thread, replies: 0, lastReplyAt: null });
    expect(counts.profile(author.id)).toBe(0);
    expect(counts.site).toBe(0);
  });

  it("count a reply for its discussion, its author and the site, with the last reply time", async () => {
    await insertReplyRow(t.db, thread, { authorId: author.id, createdAt: minutesAgo(30) });
    const latest = await insertReplyRow(t.db, thread, {
      authorId: author.id,
      createdAt: minutesAgo(10),
    });
    // Posted later but dated earlier (a slow transaction): the last reply stays the newest.
    await insertReplyRow(t.db, thread, { authorId: other.id, createdAt: minutesAgo(20) });
    const counts = await expectCountsHold();
    expect(counts.discussion(thread)?.replies).toBe(3);
    expect(counts.profile(author.id)).toBe(2);
    expect(counts.profile(other.id)).toBe(1);
    expect(counts.site).toBe(3);
    const [row] = await queryRows<{ last: string; activity: string; reply: string }>(
      t.db,
      sql`select d.last_reply_at::text as last, d.last_activity_at::text as activity,
            r.created_at::text as reply
          from discussions d, discussion_replies r
          where d.id = ${thread}::uuid and r.id = ${latest}::uuid`,
    );
    expect(row?.last).toBe(row?.reply);
    expect(row?.activity).toBe(row?.reply);
  });

  it("leave a reply out while soft-deleted, and the last reply moves back to the one before", async () => {
    const newest = await insertReplyRow(t.db, thread, { authorId: author.id });
    await softDelete(newest);
    let counts = await expectCountsHold();
    expect(counts.discussion(thread)?.replies).toBe(3);
    expect(counts.profile(author.id)).toBe(2);
    expect(counts.site).toBe(3);
    // Deleting it again changes nothing; restoring it counts it once more.
    await softDelete(newest);
    await restore(newest);
    counts = await expectCountsHold();
    expect(counts.discussion(thread)?.replies).toBe(4);
    expect(counts.profile(author.id)).toBe(3);
    expect(counts.site).toBe(4);
    await softDelete(newest);
    await expectCountsHold();
  });

  it("drop last_reply_at to null when the only reply goes, and activity back to creation", async () => {
    const lonely = await insertDiscussionRow(t.db, { ageMinutes: 60 });
    const only = await insertReplyRow(t.db, lonely, { authorId: author.id });
    await softDelete(only);
    const counts = await expectCountsHold();
    expect(counts.discussion(lonely)).toEqual({ id: lonely, replies: 0, lastReplyAt: null });
    const [row] = await queryRows<{ same: boolean }>(
      t.db,
      sql`select last_activity_at = created_at as same from discussions where id = ${lonely}::uuid`,
    );
    expect(row?.same).toBe(true);
    await t.db.delete(discussions).where(eq(discussions.id, lonely));
  });

  it("ignore edits", async () => {
    const before = await expectCountsHold();
    await t.db
      .update(discussionReplies)
      .set({ content: "Edited", editedAt: sql`now()` })
      .where(eq(discussionReplies.discussionId, thread));
    const after = await expectCountsHold();
    expect(after.discussion(thread)).toEqual(before.discussion(thread));
    expect(after.site).toBe(before.site);
  });

  it("take a removed discussion's replies off the members and the site, and put them back", async () => {
    const removable = await insertDiscussionRow(t.db);
    await insertReplyRow(t.db, removable, { authorId: author.id });
    await insertReplyRow(t.db, removable, { authorId: author.id, deleted: true });
    let counts = await expectCountsHold();
    expect(counts.profile(author.id)).toBe(3);
    expect(counts.site).toBe(4);

    await t.db.update(discussions).set({ status: "deleted" }).where(eq(discussions.id, removable));
    counts = await expectCountsHold();
    // The discussion keeps its own count; nobody else counts its replies.
    expect(counts.discussion(removable)?.replies).toBe(1);
    expect(counts.profile(author.id)).toBe(2);
    expect(counts.site).toBe(3);
    // A reply posted meanwhile (by SQL: the API refuses) counts for nobody either.
    await insertReplyRow(t.db, removable, { authorId: author.id });
    counts = await expectCountsHold();
    expect(counts.site).toBe(3);

    await t.db.update(discussions).set({ status: "active" }).where(eq(discussions.id, removable));
    counts = await expectCountsHold();
    expect(counts.profile(author.id)).toBe(4);
    expect(counts.site).toBe(5);

    // Deleted outright: its replies go with it, and so do their counts.
    await t.db.delete(discussions).where(eq(discussions.id, removable));
    counts = await expectCountsHold();
    expect(counts.profile(author.id)).toBe(2);
    expect(counts.site).toBe(3);
  });

  it("let an account go: its replies stay, lose their author and still count for the thread and the site", async () => {
    const leaving = await createMember(t, { name: "Leaving Member" });
    const kept = await insertReplyRow(t.db, thread, { authorId: leaving.id });
    await insertReplyRow(t.db, thread, { authorId: leaving.id, deleted: true });
    let counts = await expectCountsHold();
    expect(counts.profile(leaving.id)).toBe(1);
    const site = counts.site;
    const threadReplies = counts.discussion(thread)?.replies;

    await t.db.delete(user).where(eq(user.id, leaving.id));
    counts = await expectCountsHold();
    expect(counts.profile(leaving.id)).toBeUndefined();
    expect(counts.site).toBe(site);
    expect(counts.discussion(thread)?.replies).toBe(threadReplies);
    const [row] = await queryRows<{ author_id: string | null }>(
      t.db,
      sql`select author_id from discussion_replies where id = ${kept}::uuid`,
    );
    expect(row).toEqual({ author_id: null });

    // An author-less reply deleted afterwards still leaves the counts.
    await softDelete(kept);
    counts = await expectCountsHold();
    expect(counts.site).toBe(site - 1);
  });

  it("move with a reply's author", async () => {
    const moved = await insertReplyRow(t.db, thread, { authorId: author.id });
    const before = await expectCountsHold();
    await t.db
      .update(discussionReplies)
      .set({ authorId: other.id })
      .where(eq(discussionReplies.id, moved));
    const after = await expectCountsHold();
    expect(after.profile(author.id)).toBe((before.profile(author.id) ?? 0) - 1);
    expect(after.profile(other.id)).toBe((before.profile(other.id) ?? 0) + 1);
    expect(after.site).toBe(before.site);
  });
});

describe("reply counts through the API", () => {
  it("follow create, edit and delete on the discussion, the profile's Comments stat and the CMS Engagement", async () => {
    const admin = await createMember(t, { name: "Counting Admin", role: "admin" });
    const discussion = await insertDiscussionRow(t.db, { authorId: other.id });
    const figures = async () => {
      const detail = (await (
        await other.client.get(`/api/discussions/${discussion}`)
      ).json()) as DiscussionItem;
      const profile = (await (
        await other.client.get(`/api/profiles/${author.id}`)
      ).json()) as ProfileResponse;
      const overview = (await (await admin.client.get("/api/cms/overview")).json()) as CmsOverview;
      return {
        replies: detail.replies,
        lastReplyAt: detail.lastReplyAt,
        comments: profile.profile.repliesCount,
        engagement: overview.engagement,
      };
    };
    const start = await figures();
    expect(start.replies).toBe(0);

    const reply = async (content: string) => {
      const response = await author.client.post(`/api/discussions/${discussion}/replies`, {
        content,
      });
      expect(response.status).toBe(201);
      return (await response.json()) as ReplyItem;
    };
    const first = await reply("One");
    const second = await reply("Two");
    let now = await figures();
    expect(now).toMatchObject({
      replies: 2,
      lastReplyAt: second.createdAt,
      comments: start.comments + 2,
      engagement: start.engagement + 2,
    });

    expect(
      (await author.client.patch(`/api/replies/${first.id}`, { content: "One, edited" })).status,
    ).toBe(200);
    expect(await figures()).toEqual(now);

    expect((await author.client.delete(`/api/replies/${second.id}`)).status).toBe(204);
    now = await figures();
    expect(now).toMatchObject({
      replies: 1,
      lastReplyAt: first.createdAt,
      comments: start.comments + 1,
      engagement: start.engagement + 1,
    });
    await expectCountsHold();
  });
});

describe("reply counts under concurrent writes", () => {
  it("hold when replies are posted and deleted at the same moment (a real race on PostgreSQL)", async () => {
    const discussion = await insertDiscussionRow(t.db);
    const members = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createMember(t, { name: `Racer ${i}` })),
    );
    const post = (member: Member, content: string) =>
      member.client.post(`/api/discussions/${discussion}/replies`, { content });
    const first = await Promise.all(members.map((member, i) => post(member, `First ${i}`)));
    const ids = await Promise.all(first.map(async (r) => ((await r.json()) as ReplyItem).id));
    // Each member deletes their reply while the others post again: the newest reply goes
    // while newer ones arrive.
    const results = await Promise.all(
      members.flatMap((member, i) => [
        member.client.delete(`/api/replies/${ids[i]}`),
        post(member, `Second ${i}`),
      ]),
    );
    expect(results.map((r) => r.status).sort()).toEqual(
      [...Array(6).fill(201), ...Array(6).fill(204)].sort(),
    );
    const counts = await expectCountsHold();
    expect(counts.discussion(discussion)?.replies).toBe(6);
  });
});
