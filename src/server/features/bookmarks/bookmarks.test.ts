// Bookmarks (issue 42, docs/decisions/072): a member's own, newest first; each shows its post as
// the visibility rule lets its member read it now (a post hidden or deleted since shows as such,
// never its words); another member's bookmark is a 404; a reminder becomes a notification by
// the job queue when its time comes. Every role on every route: permission-matrix.test.ts.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createMember } from "@/server/test/factories";
import { insertReplyRow } from "@/server/test/replies";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import type { ApiErrorBody } from "@/shared/api-types";
import {
  BOOKMARK_NOT_FOUND,
  type BookmarkItem,
  type BookmarkMark,
  type BookmarkPage,
  NO_LONGER_AVAILABLE,
  NOTE_TOO_LONG,
  REMINDER_IN_THE_PAST,
} from "@/shared/bookmarks";
import { DELETED_DISCUSSION, DELETED_REPLY, HIDDEN_BY_MODERATOR } from "@/shared/moderation-texts";
import { type NotificationPage, notificationText } from "@/shared/notifications";
import { sendDueReminders } from "./reminders";

type Member = Awaited<ReturnType<typeof createMember>>;
let t: TestApp;
let ana: Member;
let ben: Member;
let mod: Member;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "1000" } });
  [ana, ben, mod] = await Promise.all([
    createMember(t, { name: "Ana Reader" }),
    createMember(t, { name: "Ben Writer" }),
    createMember(t, { name: "Mo Moderator", role: "moderator" }),
  ]);
  await t.runJobs();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.runJobs({ ignoreStartAfter: true });
  await t.db.execute(sql`delete from bookmarks`);
  await t.db.execute(sql`delete from notifications`);
});

async function bookmark(member: Member, body: Record<string, unknown>) {
  return member.client.post("/api/bookmarks", body);
}

async function created(member: Member, body: Record<string, unknown>): Promise<BookmarkMark> {
  const answer = await bookmark(member, body);
  expect(answer.status, await answer.clone().text()).toBe(201);
  return (await answer.json()) as BookmarkMark;
}

async function list(member: Member, query = ""): Promise<BookmarkPage> {
  const answer = await member.client.get(`/api/bookmarks${query}`);
  expect(answer.status).toBe(200);
  expect(answer.headers.get("cache-control")).toBe("private, no-store");
  return (await answer.json()) as BookmarkPage;
}

const ahead = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

describe("bookmarking", () => {
  it("keeps a discussion and a reply with a note, newest first, the member's own only", async () => {
    const discussion = await insertDiscussionRow(t.db, {
      title: "Worth keeping",
      authorId: ben.id,
    });
    const reply = await insertReplyRow(t.db, discussion, {
      authorId: ben.id,
      content: "**A reply** to keep",
    });
    await created(ana, { discussionId: discussion, note: "  Read <again>  " });
    const mark = await created(ana, { discussionId: discussion, replyId: reply });
    const page = await list(ana);
    expect(
      page.bookmarks.map((item) => [item.replyId, item.title, item.excerpt, item.note]),
    ).toEqual([
      [reply, "Worth keeping", "A reply to keep", null],
      [null, "Worth keeping", null, "Read again"],
    ]);
    expect(page.bookmarks.every((item) => item.shown && item.opens)).toBe(true);
    // Ben has none; the discussion's marks are Ana's.
    expect((await list(ben)).bookmarks).toEqual([]);
    const marks = (await (
      await ana.client.get(`/api/discussions/${discussion}/bookmarks`)
    ).json()) as { bookmarks: BookmarkMark[] };
    expect(marks.bookmarks.map((item) => item.replyId)).toEqual([null, reply]);
    // Again is an update of the same bookmark, not a second one.
    const again = await bookmark(ana, { discussionId: discussion, replyId: reply, note: "Later" });
    expect(again.status).toBe(200);
    expect(((await again.json()) as BookmarkMark).id).toBe(mark.id);
    expect((await list(ana)).bookmarks).toHaveLength(2);
  });

  it("pages newest first with a cursor, no repeats", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const discussion = await insertDiscussionRow(t.db, { title: `Paged ${i}` });
      ids.unshift((await created(ana, { discussionId: discussion })).id);
    }
    const first = await list(ana, "?limit=2");
    const second = await list(ana, `?limit=2&cursor=${first.nextCursor}`);
    const third = await list(ana, `?limit=2&cursor=${second.nextCursor}`);
    expect([...first.bookmarks, ...second.bookmarks, ...third.bookmarks].map((b) => b.id)).toEqual(
      ids,
    );
    expect(third.nextCursor).toBeNull();
    expect((await ana.client.get("/api/bookmarks?cursor=nonsense")).status).toBe(400);
  });

  it("answers 404 for what the member may not open: deleted, someone else's held post", async () => {
    const deleted = await insertDiscussionRow(t.db, { status: "deleted" });
    const held = await insertDiscussionRow(t.db, { status: "held", authorId: ben.id });
    const open = await insertDiscussionRow(t.db, { authorId: ben.id });
    const heldReply = await insertReplyRow(t.db, open, { authorId: ben.id });
    await t.db.execute(sql`update discussion_replies set held_at = now() where id = ${heldReply}`);
    const deletedReply = await insertReplyRow(t.db, open, { deleted: true });
    const elsewhere = await insertReplyRow(t.db, await insertDiscussionRow(t.db));
    for (const body of [
      { discussionId: deleted },
      { discussionId: held },
      { discussionId: "not-an-id" },
      { discussionId: open, replyId: heldReply },
      { discussionId: open, replyId: deletedReply },
      { discussionId: open, replyId: elsewhere },
    ]) {
      const answer = await bookmark(ana, body);
      expect(answer.status, JSON.stringify(body)).toBe(404);
    }
    // The author may keep their own held post.
    expect((await bookmark(ben, { discussionId: held })).status).toBe(201);
    expect((await bookmark(ben, { discussionId: open, replyId: heldReply })).status).toBe(201);
    expect((await ana.client.get(`/api/discussions/${held}/bookmarks`)).status).toBe(404);
    expect((await createClient(t.app).get("/api/bookmarks")).status).toBe(401);
  });

  it("validates the note and the reminder", async () => {
    const discussion = await insertDiscussionRow(t.db);
    const long = await bookmark(ana, { discussionId: discussion, note: "x".repeat(501) });
    expect(long.status).toBe(400);
    expect(((await long.json()) as ApiErrorBody).error.fields).toEqual({ note: NOTE_TOO_LONG });
    const past = await bookmark(ana, {
      discussionId: discussion,
      remindAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.status).toBe(400);
    expect(((await past.json()) as ApiErrorBody).error.fields).toEqual({
      remindAt: REMINDER_IN_THE_PAST,
    });
    expect((await bookmark(ana, { discussionId: discussion, remindAt: "tomorrow" })).status).toBe(
      400,
    );
  });
});

describe("another member's bookmark", () => {
  it("is a 404 to change or remove, for staff too, and is left as it was", async () => {
    const discussion = await insertDiscussionRow(t.db);
    const mark = await created(ana, { discussionId: discussion, note: "Mine" });
    for (const member of [ben, mod]) {
      const edit = await member.client.patch(`/api/bookmarks/${mark.id}`, { note: "Theirs" });
      expect(edit.status).toBe(404);
      expect(((await edit.json()) as ApiErrorBody).error.message).toBe(BOOKMARK_NOT_FOUND);
      expect((await member.client.delete(`/api/bookmarks/${mark.id}`)).status).toBe(404);
      expect((await list(member)).bookmarks).toEqual([]);
    }
    expect((await list(ana)).bookmarks.map((item) => item.note)).toEqual(["Mine"]);
    // Its owner changes and removes it.
    const edit = await ana.client.patch(`/api/bookmarks/${mark.id}`, {
      note: "",
      remindAt: ahead(2),
    });
    expect(edit.status).toBe(200);
    expect(((await edit.json()) as BookmarkMark).note).toBeNull();
    expect((await ana.client.delete(`/api/bookmarks/${mark.id}`)).status).toBe(204);
    expect((await list(ana)).bookmarks).toEqual([]);
  });
});

describe("a bookmarked post hidden or deleted since", () => {
  async function item(member: Member, id: string): Promise<BookmarkItem> {
    const found = (await list(member)).bookmarks.find((entry) => entry.id === id);
    if (!found) throw new Error("no such bookmark");
    return found;
  }

  it("shows as hidden or deleted, never its words, to a member; its author reads them", async () => {
    const discussion = await insertDiscussionRow(t.db, {
      title: "Secret title words",
      authorId: ben.id,
    });
    const reply = await insertReplyRow(t.db, discussion, {
      authorId: ben.id,
      content: "Secret reply words",
    });
    const onDiscussion = await created(ana, { discussionId: discussion });
    const onReply = await created(ana, { discussionId: discussion, replyId: reply });
    const bensOwn = await created(ben, { discussionId: discussion, replyId: reply });

    const hide = await mod.client.post(`/api/moderation/items/reply/${reply}/actions`, {
      action: "hide",
      reason: "Personal data",
    });
    expect(hide.status).toBe(200);
    const hiddenText = JSON.stringify(await list(ana));
    expect(hiddenText).not.toContain("Secret reply words");
    expect(await item(ana, onReply.id)).toMatchObject({
      excerpt: HIDDEN_BY_MODERATOR,
      shown: false,
      opens: true,
    });
    expect((await item(ben, bensOwn.id)).excerpt).toBe("Secret reply words");

    await t.db.execute(sql`update discussion_replies set deleted_at = now() where id = ${reply}`);
    expect((await item(ana, onReply.id)).excerpt).toBe(DELETED_REPLY);

    await t.db.execute(sql`update discussions set hidden_at = now() where id = ${discussion}`);
    expect(await item(ana, onDiscussion.id)).toMatchObject({
      title: HIDDEN_BY_MODERATOR,
      shown: false,
      opens: true,
    });
    expect((await item(ben, bensOwn.id)).title).toBe("Secret title words");

    await t.db.execute(
      sql`update discussions set status = 'deleted', deleted_at = now() where id = ${discussion}`,
    );
    const deleted = await item(ana, onDiscussion.id);
    expect(deleted).toMatchObject({ title: DELETED_DISCUSSION, shown: false, opens: false });
    expect(await item(ana, onReply.id)).toMatchObject({
      title: DELETED_DISCUSSION,
      excerpt: DELETED_DISCUSSION,
      opens: false,
    });
    expect(JSON.stringify(await list(ana))).not.toMatch(/Secret/);
  });

  it("held again for review: no longer available to anyone but its author", async () => {
    const discussion = await insertDiscussionRow(t.db, { title: "Soon held", authorId: ben.id });
    const mark = await created(ana, { discussionId: discussion });
    await t.db.execute(sql`update discussions set status = 'held' where id = ${discussion}`);
    expect(await item(ana, mark.id)).toMatchObject({ title: NO_LONGER_AVAILABLE, opens: false });
  });
});

describe("reminders", () => {
  async function entries(member: Member) {
    await t.runJobs();
    return ((await (await member.client.get("/api/notifications")).json()) as NotificationPage)
      .notifications;
  }

  it("raise a notification by the job queue once their time comes, once", async () => {
    const discussion = await insertDiscussionRow(t.db, { title: "Come back to this" });
    const mark = await created(ana, {
      discussionId: discussion,
      note: "Answer Ben",
      remindAt: ahead(1),
    });
    // Nothing before its time; nothing from the request itself.
    expect(await sendDueReminders(t.deps)).toBe(0);
    expect(await entries(ana)).toEqual([]);
    const later = new Date(Date.now() + 2 * 3_600_000);
    expect(await sendDueReminders(t.deps, later)).toBe(1);
    const [entry, ...rest] = await entries(ana);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      kind: "bookmark_reminder",
      discussion: { id: discussion, title: "Come back to this" },
      detail: "Answer Ben",
    });
    if (!entry) throw new Error("no entry");
    expect(notificationText(entry)).toBe(
      "Reminder: you bookmarked “Come back to this”. Your note: Answer Ben",
    );
    // Sent once: the next run finds nothing; the mail went (the kind's default: immediately).
    expect(await sendDueReminders(t.deps, later)).toBe(0);
    expect((await t.mailbox.all(ana.email)).join("\n")).toContain("Come back to this");
    // A new time is a new reminder.
    const moved = await ana.client.patch(`/api/bookmarks/${mark.id}`, { remindAt: ahead(3) });
    expect(moved.status).toBe(200);
    expect(await sendDueReminders(t.deps, new Date(Date.now() + 4 * 3_600_000))).toBe(1);
    expect(await entries(ana)).toHaveLength(2);
  });

  it("about a post the member may no longer read names nothing of it", async () => {
    const discussion = await insertDiscussionRow(t.db, {
      title: "Secretreminder title",
      authorId: ben.id,
    });
    const reply = await insertReplyRow(t.db, discussion, {
      authorId: ben.id,
      content: "Secretreminder words",
    });
    await created(ana, { discussionId: discussion, replyId: reply, remindAt: ahead(1) });
    await t.db.execute(sql`update discussion_replies set hidden_at = now() where id = ${reply}`);
    await sendDueReminders(t.deps, new Date(Date.now() + 2 * 3_600_000));
    const [entry] = await entries(ana);
    expect(entry).toMatchObject({ kind: "bookmark_reminder", discussion: null, replyId: null });
    if (!entry) throw new Error("no entry");
    expect(notificationText(entry)).toBe("Reminder: a post you bookmarked is no longer available.");
    const mail = (await t.mailbox.all(ana.email)).join("\n");
    expect(mail).not.toContain("Secretreminder");
  });

  it("of a bookmark removed before its time: nothing", async () => {
    const discussion = await insertDiscussionRow(t.db);
    const mark = await created(ana, { discussionId: discussion, remindAt: ahead(1) });
    await t.db.execute(sql`update bookmarks set remind_at = now() - interval '1 minute'`);
    // Queued, then removed before the worker runs.
    expect(await sendDueReminders(t.deps)).toBe(1);
    expect((await ana.client.delete(`/api/bookmarks/${mark.id}`)).status).toBe(204);
    expect(await entries(ana)).toEqual([]);
    const [left] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from bookmarks`,
    );
    expect(left?.n).toBe(0);
  });
});
