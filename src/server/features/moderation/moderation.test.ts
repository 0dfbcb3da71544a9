// Issue 17 through the API: own edits and deletes, reports, the queue's actions, suspensions,
// appeals and the public log, each with the roles that may and may not, and their audit rows.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createMember } from "@/server/test/factories";
import { insertReplyRow } from "@/server/test/replies";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import type {
  ApiErrorBody,
  DiscussionItem,
  DiscussionPage,
  ReplyPage,
  SessionResponse,
} from "@/shared/api-types";
import {
  HIDDEN_BY_MODERATOR,
  type ModerationQueue,
  type PublicModerationPage,
  REPORT_THANKS,
} from "@/shared/moderation";
import type { NotificationPage } from "@/shared/notifications";

type Member = Awaited<ReturnType<typeof createMember>>;

let t: TestApp;
let ana: Member; // a member who writes
let ben: Member; // a member who reports
let cat: Member; // another member who reports
let mo: Member; // moderator
let al: Member; // admin
let au: Member; // author (staff)

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "100" } });
  [ana, ben, cat, mo, al, au] = await Promise.all([
    createMember(t, { name: "Ana Writer" }),
    createMember(t, { name: "Ben Reporter" }),
    createMember(t, { name: "Cat Reporter" }),
    createMember(t, { name: "Mo Moderator", role: "moderator" }),
    createMember(t, { name: "Al Admin", role: "admin" }),
    createMember(t, { name: "Au Author", role: "author" }),
  ]);
});
afterAll(async () => {
  await t.close();
});

const anonymous = () => createClient(t.app);

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

async function counts(memberId: string) {
  const [row] = await queryRows<{ discussions: number; replies: number }>(
    t.db,
    sql`select discussions_count as discussions, replies_count as replies from profiles where id = ${memberId}`,
  );
  return row;
}

async function logRows(targetId: string) {
  return queryRows<{ actor_id: string; action: string; reason: string; subject_id: string }>(
    t.db,
    sql`select actor_id, action, reason, subject_id from moderation_actions
        where target_id = ${targetId} order by created_at`,
  );
}

async function notificationsOf(member: Member) {
  await t.runJobs();
  return (await json<NotificationPage>(await member.client.get("/api/notifications")))
    .notifications;
}

describe("own discussions", () => {
  it("the author edits title and content with the creation rules, and it is marked edited", async () => {
    const id = await insertDiscussionRow(t.db, { authorId: ana.id, title: "Frist" });
    const bad = await ana.client.patch(`/api/discussions/${id}`, { title: "", content: "x" });
    expect(bad.status).toBe(400);
    expect((await json<ApiErrorBody>(bad)).error.fields?.title).toBe("Title is required");
    const response = await ana.client.patch(`/api/discussions/${id}`, {
      title: " First <b>",
      content: "Fixed",
    });
    expect(response.status).toBe(200);
    const item = await json<DiscussionItem>(response);
    expect(item).toMatchObject({ title: "First b", content: "Fixed" });
    expect(item.editedAt).not.toBeNull();
    const opened = await json<DiscussionItem>(await anonymous().get(`/api/discussions/${id}`));
    expect(opened.editedAt).toBe(item.editedAt);
  });

  it("another member cannot edit or delete it; moderators and admins can (role × own/other)", async () => {
    const id = await insertDiscussionRow(t.db, { authorId: ana.id, title: "Mine" });
    for (const other of [ben, au]) {
      expect(
        (await other.client.patch(`/api/discussions/${id}`, { title: "X", content: "Y" })).status,
      ).toBe(403);
      expect((await other.client.delete(`/api/discussions/${id}`)).status).toBe(403);
    }
    expect(
      (await anonymous().patch(`/api/discussions/${id}`, { title: "X", content: "Y" })).status,
    ).toBe(401);
    expect((await anonymous().delete(`/api/discussions/${id}`)).status).toBe(401);
    expect(
      (await json<DiscussionItem>(await anonymous().get(`/api/discussions/${id}`))).title,
    ).toBe("Mine");
    expect(
      (
        await mo.client.patch(`/api/discussions/${id}`, {
          title: "Mod",
          content: "Y",
          reason: "Tidied",
        })
      ).status,
    ).toBe(200);
    expect((await al.client.delete(`/api/discussions/${id}`)).status).toBe(204);
    // A moderator's edit and removal of another member's discussion are audited (decision
    // 048); the author's own are not.
    expect(await logRows(id)).toEqual([
      { actor_id: mo.id, action: "edit", reason: "Tidied", subject_id: ana.id },
      { actor_id: al.id, action: "delete", reason: "No reason given", subject_id: ana.id },
    ]);
  });

  it("a deleted discussion is gone from lists and pages with its replies; counts follow; staff restore it", async () => {
    const before = await counts(ana.id);
    const id = await insertDiscussionRow(t.db, { authorId: ana.id, title: "Regret" });
    await insertReplyRow(t.db, id, { authorId: ana.id });
    const replyId = await insertReplyRow(t.db, id, { authorId: ben.id });
    expect(await counts(ana.id)).toEqual({
      discussions: (before?.discussions ?? 0) + 1,
      replies: (before?.replies ?? 0) + 1,
    });
    expect((await ana.client.delete(`/api/discussions/${id}`)).status).toBe(204);
    expect(await logRows(id)).toEqual([]);
    expect((await anonymous().get(`/api/discussions/${id}`)).status).toBe(404);
    expect((await anonymous().get(`/api/discussions/${id}/replies`)).status).toBe(404);
    expect((await anonymous().get(`/api/replies/${replyId}`)).status).toBe(404);
    const list = await json<DiscussionPage>(await anonymous().get("/api/discussions?q=Regret"));
    expect(list.items.map((item) => item.id)).not.toContain(id);
    expect(await counts(ana.id)).toEqual(before);

    expect((await ben.client.get("/api/cms/discussions/deleted")).status).toBe(403);
    const deleted = await json<{ items: { id: string }[] }>(
      await mo.client.get("/api/cms/discussions/deleted"),
    );
    expect(deleted.items.map((item) => item.id)).toContain(id);
    expect((await au.client.post(`/api/cms/discussions/${id}/restore`)).status).toBe(403);
    expect((await mo.client.post(`/api/cms/discussions/${id}/restore`)).status).toBe(200);
    expect((await anonymous().get(`/api/discussions/${id}`)).status).toBe(200);
    expect((await anonymous().get(`/api/replies/${replyId}`)).status).toBe(200);
    expect(await counts(ana.id)).toEqual({
      discussions: (before?.discussions ?? 0) + 1,
      replies: (before?.replies ?? 0) + 1,
    });
    expect((await logRows(id)).map((row) => row.action)).toEqual(["restore"]);
  });
});

describe("reports and the queue", () => {
  it("a member reports an item once, with a reason and optional details", async () => {
    const id = await insertDiscussionRow(t.db, { authorId: ana.id, title: "Buy pills" });
    const body = { targetKind: "discussion", targetId: id, reason: "spam" };
    expect((await anonymous().post("/api/moderation/reports", body)).status).toBe(401);
    const first = await ben.client.post("/api/moderation/reports", body);
    expect(first.status).toBe(201);
    expect(await json(first)).toEqual({ message: REPORT_THANKS });
    expect((await ben.client.post("/api/moderation/reports", body)).status).toBe(409);
    expect((await ana.client.post("/api/moderation/reports", body)).status).toBe(400);
    const long = await cat.client.post("/api/moderation/reports", {
      ...body,
      details: "x".repeat(501),
    });
    expect(long.status).toBe(400);
    expect(
      (await cat.client.post("/api/moderation/reports", { ...body, reason: "boring" })).status,
    ).toBe(400);
    const missing = { ...body, targetId: "3f1d7c1e-0000-4000-8000-000000000000" };
    expect((await cat.client.post("/api/moderation/reports", missing)).status).toBe(404);
    expect(
      (
        await cat.client.post("/api/moderation/reports", {
          ...body,
          reason: "other",
          details: "Selling things",
        })
      ).status,
    ).toBe(201);
    // Replies and profiles too.
    const replyId = await insertReplyRow(t.db, id, { authorId: ana.id });
    expect(
      (
        await ben.client.post("/api/moderation/reports", {
          targetKind: "reply",
          targetId: replyId,
          reason: "harassment",
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await ben.client.post("/api/moderation/reports", {
          targetKind: "profile",
          targetId: ana.id,
          reason: "illegal",
          // Illegal content names its kind (docs/decisions/079).
          harmKind: "harassment",
        })
      ).status,
    ).toBe(201);

    for (const member of [ben, au, anonymous()]) {
      const client = "client" in member ? member.client : member;
      expect((await client.get("/api/moderation/queue")).status).toBe(
        client === member ? 401 : 403,
      );
    }
    const queue = await json<ModerationQueue>(await mo.client.get("/api/moderation/queue"));
    const item = queue.items.find((entry) => entry.targetId === id);
    expect(item).toMatchObject({
      targetKind: "discussion",
      reportCount: 2,
      reasons: { spam: 1, other: 1 },
      details: ["Selling things"],
      context: { title: "Buy pills", authorId: ana.id, authorName: "Ana Writer" },
    });
    expect(queue.items.find((entry) => entry.targetId === replyId)?.reportCount).toBe(1);
    expect(queue.items.find((entry) => entry.targetId === ana.id)?.context.authorName).toBe(
      "Ana Writer",
    );
  });

  it("hide: everyone but staff and the author sees the mask; audited; the reporters hear back", async () => {
    const id = await insertDiscussionRow(t.db, {
      authorId: ana.id,
      title: "Nasty words",
      content: "Very nasty",
    });
    const replyId = await insertReplyRow(t.db, id, { authorId: ana.id, content: "Nasty reply" });
    await ben.client.post("/api/moderation/reports", {
      targetKind: "discussion",
      targetId: id,
      reason: "harassment",
    });
    await cat.client.post("/api/moderation/reports", {
      targetKind: "reply",
      targetId: replyId,
      reason: "harassment",
    });

    const path = `/api/moderation/items/discussion/${id}/actions`;
    expect((await ben.client.post(path, { action: "hide", reason: "Rude" })).status).toBe(403);
    expect((await au.client.post(path, { action: "hide", reason: "Rude" })).status).toBe(403);
    expect((await mo.client.post(path, { action: "hide", reason: "" })).status).toBe(400);
    expect((await mo.client.post(path, { action: "hide", reason: "Rude" })).status).toBe(200);
    expect(
      (
        await al.client.post(`/api/moderation/items/reply/${replyId}/actions`, {
          action: "hide",
          reason: "Rude too",
        })
      ).status,
    ).toBe(200);

    // Blog authors read like any member (decision 046).
    for (const reader of [anonymous(), ben.client, au.client]) {
      const item = await json<DiscussionItem>(await reader.get(`/api/discussions/${id}`));
      expect(item).toMatchObject({ title: HIDDEN_BY_MODERATOR, content: "", hidden: true });
      const replies = await json<ReplyPage>(await reader.get(`/api/discussions/${id}/replies`));
      expect(replies.items[0]).toMatchObject({ content: "", hidden: true });
      const text = JSON.stringify(await json(await reader.get("/api/discussions")));
      expect(text).not.toContain("Nasty words");
    }
    for (const reader of [ana, mo, al]) {
      const item = await json<DiscussionItem>(await reader.client.get(`/api/discussions/${id}`));
      expect(item).toMatchObject({ title: "Nasty words", hidden: true });
      const replies = await json<ReplyPage>(
        await reader.client.get(`/api/discussions/${id}/replies`),
      );
      expect(replies.items[0]?.content).toBe("Nasty reply");
    }

    // Audit: who, what, when, why.
    const [row] = await queryRows<{ actor_id: string; action: string; reason: string; at: Date }>(
      t.db,
      sql`select actor_id, action, reason, created_at as at from moderation_actions where target_id = ${id}`,
    );
    expect(row).toMatchObject({ actor_id: mo.id, action: "hide", reason: "Rude" });
    expect(Date.now() - new Date(row?.at ?? 0).getTime()).toBeLessThan(60_000);

    // The reports are closed; the reporters hear the outcome, the author what and why.
    const queue = await json<ModerationQueue>(await mo.client.get("/api/moderation/queue"));
    expect(queue.items.map((entry) => entry.targetId)).not.toContain(id);
    const heard = (await notificationsOf(ben)).find((n) => n.kind === "report_outcome");
    expect(heard).toMatchObject({ detail: "hide", actorName: null });
    expect(JSON.stringify(heard)).not.toContain("Mo Moderator");
    const told = (await notificationsOf(ana)).filter((n) => n.kind === "moderation_action");
    // And of the moderator's edit of her discussion in the test above (decision 048).
    expect(told.map((n) => n.moderation?.reason).sort()).toEqual(["Rude", "Rude too", "Tidied"]);
  });

  it("dismiss and delete close reports; delete removes the item; profiles cannot be hidden", async () => {
    const id = await insertDiscussionRow(t.db, { authorId: ana.id, title: "Fine" });
    await ben.client.post("/api/moderation/reports", {
      targetKind: "discussion",
      targetId: id,
      reason: "other",
    });
    const dismissed = await mo.client.post(`/api/moderation/items/discussion/${id}/actions`, {
      action: "dismiss",
      reason: "Nothing wrong",
    });
    expect(dismissed.status).toBe(200);
    expect((await anonymous().get(`/api/discussions/${id}`)).status).toBe(200);
    const outcome = (await notificationsOf(ben)).find(
      (n) => n.kind === "report_outcome" && n.detail === "dismiss",
    );
    expect(outcome).toBeDefined();

    const gone = await insertDiscussionRow(t.db, { authorId: ana.id, title: "Bad" });
    await cat.client.post("/api/moderation/reports", {
      targetKind: "discussion",
      targetId: gone,
      reason: "illegal",
      harmKind: "fraud",
    });
    expect(
      (
        await mo.client.post(`/api/moderation/items/discussion/${gone}/actions`, {
          action: "delete",
          reason: "Illegal",
        })
      ).status,
    ).toBe(200);
    expect((await anonymous().get(`/api/discussions/${gone}`)).status).toBe(404);
    expect((await logRows(gone)).map((row) => [row.action, row.reason])).toEqual([
      ["delete", "Illegal"],
    ]);

    expect(
      (
        await mo.client.post(`/api/moderation/items/profile/${ana.id}/actions`, {
          action: "hide",
          reason: "x",
        })
      ).status,
    ).toBe(400);
  });
});

describe("suspensions", () => {
  it("moderators cannot suspend staff or themselves; admins can suspend staff", async () => {
    expect(
      (
        await mo.client.post(`/api/moderation/members/${au.id}/suspensions`, {
          reason: "x",
          length: "1d",
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await mo.client.post(`/api/moderation/members/${mo.id}/suspensions`, {
          reason: "x",
          length: "1d",
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await ben.client.post(`/api/moderation/members/${cat.id}/suspensions`, {
          reason: "x",
          length: "1d",
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await mo.client.post(`/api/moderation/members/${cat.id}/suspensions`, {
          reason: "x",
          length: "2d",
        })
      ).status,
    ).toBe(400);
    const staff = await createMember(t, { role: "author" });
    expect(
      (
        await al.client.post(`/api/moderation/members/${staff.id}/suspensions`, {
          reason: "Test",
          length: "1d",
        })
      ).status,
    ).toBe(201);
    expect((await staff.client.post("/api/cms/hero-words", { word: "nope" })).status).toBe(403);
  });

  it("a suspended member reads, keeps their account, sees the banner, cannot post; staff lift it", async () => {
    const sam = await createMember(t, { name: "Sam Suspended" });
    const own = await insertDiscussionRow(t.db, { authorId: sam.id });
    const response = await mo.client.post(`/api/moderation/members/${sam.id}/suspensions`, {
      reason: "Spamming links",
      length: "7d",
    });
    expect(response.status).toBe(201);
    const session = await json<SessionResponse>(await sam.client.get("/api/session"));
    expect(session.suspension?.reason).toBe("Spamming links");
    const days = (Date.parse(session.suspension?.endsAt ?? "") - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);

    const refused = await sam.client.post("/api/discussions", {
      category: "rants-and-vents",
      title: "T",
      content: "C",
    });
    expect(refused.status).toBe(403);
    expect((await json<ApiErrorBody>(refused)).error.code).toBe("SUSPENDED");
    expect(
      (await sam.client.post(`/api/discussions/${own}/replies`, { content: "Hi" })).status,
    ).toBe(403);
    expect((await sam.client.patch(`/api/profiles/${sam.id}`, { fullName: "New" })).status).toBe(
      403,
    );
    expect(
      (
        await sam.client.post("/api/moderation/reports", {
          targetKind: "profile",
          targetId: ana.id,
          reason: "spam",
        })
      ).status,
    ).toBe(403);
    // Reading and their own account still work.
    expect((await sam.client.get("/api/discussions")).status).toBe(200);
    expect((await sam.client.post("/api/notifications/read-all")).status).toBe(204);
    const told = (await notificationsOf(sam)).find((n) => n.kind === "moderation_action");
    expect(told?.moderation).toMatchObject({ action: "suspend", reason: "Spamming links" });

    // Early lift by staff; audited.
    expect(
      (await ben.client.post(`/api/moderation/members/${sam.id}/lift`, { reason: "x" })).status,
    ).toBe(403);
    expect(
      (await al.client.post(`/api/moderation/members/${sam.id}/lift`, { reason: "Served" })).status,
    ).toBe(200);
    expect(
      (await al.client.post(`/api/moderation/members/${sam.id}/lift`, { reason: "Again" })).status,
    ).toBe(404);
    expect((await logRows(sam.id)).map((row) => [row.action, row.actor_id])).toEqual([
      ["suspend", mo.id],
      ["lift", al.id],
    ]);
    expect(
      (await json<SessionResponse>(await sam.client.get("/api/session"))).suspension,
    ).toBeNull();
    expect(
      (
        await sam.client.post("/api/discussions", {
          category: "rants-and-vents",
          title: "Back",
          content: "Hi",
        })
      ).status,
    ).toBe(201);
  });

  it("lifts by itself at its end", async () => {
    const tim = await createMember(t);
    await t.db.execute(
      sql`insert into suspensions (user_id, reason, ends_at) values (${tim.id}, 'Cool off', now() + interval '1 hour')`,
    );
    expect(
      (
        await tim.client.post("/api/discussions", {
          category: "rants-and-vents",
          title: "T",
          content: "C",
        })
      ).status,
    ).toBe(403);
    await t.db.execute(
      sql`update suspensions set ends_at = now() - interval '1 second' where user_id = ${tim.id}`,
    );
    expect(
      (
        await tim.client.post("/api/discussions", {
          category: "rants-and-vents",
          title: "T",
          content: "C",
        })
      ).status,
    ).toBe(201);
  });
});

describe("the public log and appeals", () => {
  it("/api/moderation/log lists hides, deletes and suspensions without the moderator or the text", async () => {
    const id = await insertDiscussionRow(t.db, { authorId: cat.id, title: "Secret hidden text" });
    await mo.client.post(`/api/moderation/items/discussion/${id}/actions`, {
      action: "hide",
      reason: "Personal data",
    });
    const log = await json<PublicModerationPage>(await anonymous().get("/api/moderation/log"));
    const entry = log.entries.find((e) => e.reason === "Personal data");
    expect(entry).toMatchObject({
      action: "hide",
      contentKind: "discussion",
      authorName: "Cat Reporter",
    });
    const text = JSON.stringify(log);
    expect(text).not.toContain("Mo Moderator");
    expect(text).not.toContain(mo.id);
    expect(text).not.toContain("Secret hidden text");
    expect(log.entries.map((e) => e.action)).not.toContain("dismiss");
  });

  it("one member's history (the page's Moderate menu): their entries only, for staff only", async () => {
    const anas = await insertDiscussionRow(t.db, { authorId: ana.id, title: "Ana's one" });
    const bens = await insertDiscussionRow(t.db, { authorId: ben.id, title: "Ben's one" });
    for (const [id, reason] of [
      [anas, "History of Ana"],
      [bens, "History of Ben"],
    ] as const) {
      const path = `/api/moderation/items/discussion/${id}/actions`;
      expect((await mo.client.post(path, { action: "hide", reason })).status).toBe(200);
    }
    const path = `/api/moderation/members/${ana.id}/log`;
    for (const staff of [mo, al]) {
      const response = await staff.client.get(path);
      expect(response.status).toBe(200);
      const reasons = (await json<PublicModerationPage>(response)).entries.map((e) => e.reason);
      expect(reasons).toContain("History of Ana");
      expect(reasons).not.toContain("History of Ben");
    }
    // Members (staff of the blog too) and visitors are refused: an id tied to a name is staff's.
    expect((await anonymous().get(path)).status).toBe(401);
    for (const member of [ben, au]) expect((await member.client.get(path)).status).toBe(403);
  });

  it("a moderator's edit is told to the member but is not theirs to appeal (only hide, delete, suspend)", async () => {
    const id = await insertDiscussionRow(t.db, { authorId: cat.id, title: "Edit me" });
    expect(
      (
        await mo.client.patch(`/api/discussions/${id}`, {
          title: "Edited",
          content: "Y",
          reason: "Tidied the title",
        })
      ).status,
    ).toBe(200);
    const entry = (await notificationsOf(cat)).find(
      (n) => n.kind === "moderation_action" && n.moderation?.reason === "Tidied the title",
    );
    expect(entry?.moderation?.action).toBe("edit");
    const actionId = entry?.moderation?.actionId ?? "";
    expect(actionId).not.toBe("");
    expect(
      (await cat.client.post("/api/moderation/appeals", { actionId, message: "Why?" })).status,
    ).toBe(404);
  });

  it("the member appeals once from the notification; it lands in the queue; reversing undoes it", async () => {
    const id = await insertDiscussionRow(t.db, { authorId: cat.id, title: "Appeal me" });
    await mo.client.post(`/api/moderation/items/discussion/${id}/actions`, {
      action: "hide",
      reason: "Looks like spam",
    });
    const entry = (await notificationsOf(cat)).find(
      (n) => n.kind === "moderation_action" && n.moderation?.reason === "Looks like spam",
    );
    const actionId = entry?.moderation?.actionId ?? "";
    expect(entry?.moderation?.appealed).toBe(false);
    // Not someone else's decision.
    expect(
      (await ben.client.post("/api/moderation/appeals", { actionId, message: "Hm" })).status,
    ).toBe(404);
    expect(
      (await cat.client.post("/api/moderation/appeals", { actionId, message: "It is not spam" }))
        .status,
    ).toBe(201);
    expect(
      (await cat.client.post("/api/moderation/appeals", { actionId, message: "Again" })).status,
    ).toBe(409);
    const again = (await notificationsOf(cat)).find((n) => n.moderation?.actionId === actionId);
    expect(again?.moderation?.appealed).toBe(true);

    const queue = await json<ModerationQueue>(await mo.client.get("/api/moderation/queue"));
    const appeal = queue.appeals.find((a) => a.action.id === actionId);
    expect(appeal).toMatchObject({ message: "It is not spam", memberName: "Cat Reporter" });
    const decided = await al.client.post(`/api/moderation/appeals/${appeal?.id}/decision`, {
      decision: "reverse",
      reason: "Fair point",
    });
    expect(decided.status).toBe(200);
    expect(
      (await json<DiscussionItem>(await anonymous().get(`/api/discussions/${id}`))).title,
    ).toBe("Appeal me");
    expect(
      (
        await al.client.post(`/api/moderation/appeals/${appeal?.id}/decision`, {
          decision: "keep",
          reason: "x",
        })
      ).status,
    ).toBe(409);
    const result = (await notificationsOf(cat)).find((n) => n.detail === "appeal-reversed");
    expect(result?.moderation?.reason).toBe("Fair point");
  });
});
