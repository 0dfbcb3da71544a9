// Issue 32, finding 4 (docs/decisions/048): a moderator's or admin's edit of someone else's
// discussion or reply carries a reason, is logged with the text before it, tells the author,
// and shows "Edited by a moderator"; moderators never edit or delete an admin's posts.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createMember } from "@/server/test/factories";
import { insertReplyRow } from "@/server/test/replies";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import type { ApiErrorBody, DiscussionItem, ReplyItem } from "@/shared/api-types";
import {
  ADMIN_POSTS_PROTECTED,
  type ModeratorEditPage,
  type PublicModerationPage,
} from "@/shared/moderation";
import type { NotificationPage } from "@/shared/notifications";
import { notificationText } from "@/shared/notifications";

type Member = Awaited<ReturnType<typeof createMember>>;

let t: TestApp;
let ana: Member; // a member who writes
let mo: Member; // moderator
let al: Member; // admin
let ada: Member; // another admin

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "100" } });
  [ana, mo, al, ada] = await Promise.all([
    createMember(t, { name: "Ana Writer" }),
    createMember(t, { name: "Mo Moderator", role: "moderator" }),
    createMember(t, { name: "Al Admin", role: "admin" }),
    createMember(t, { name: "Ada Admin", role: "admin" }),
  ]);
});
afterAll(async () => {
  await t.close();
});

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

type LoggedEdit = {
  actor_id: string | null;
  action: string;
  target_kind: string;
  subject_id: string | null;
  reason: string;
  previous_title: string | null;
  previous_content: string | null;
};

async function editsOf(targetId: string): Promise<LoggedEdit[]> {
  return queryRows<LoggedEdit>(
    t.db,
    sql`select actor_id, action, target_kind, subject_id, reason, previous_title, previous_content
        from moderation_actions where target_id = ${targetId} order by created_at`,
  );
}

async function replyOf(member: Member) {
  const discussion = await insertDiscussionRow(t.db, { authorId: member.id });
  const reply = await insertReplyRow(t.db, discussion, {
    authorId: member.id,
    content: "Call me on 07700900123",
  });
  return { discussion, reply };
}

async function storedReply(id: string) {
  const [row] = await queryRows<{ content: string; deleted: boolean }>(
    t.db,
    sql`select content, deleted_at is not null as deleted from discussion_replies where id = ${id}::uuid`,
  );
  return row;
}

describe("a moderator's edit of a member's reply", () => {
  it("without a reason: 400 on the reason field, nothing changed, nothing logged", async () => {
    const { reply } = await replyOf(ana);
    const response = await mo.client.patch(`/api/replies/${reply}`, { content: "Tidied" });
    expect(response.status).toBe(400);
    const body = await json<ApiErrorBody>(response);
    expect(body.error.fields).toEqual({ reason: "Reason is required" });
    expect((await storedReply(reply))?.content).toBe("Call me on 07700900123");
    expect(await editsOf(reply)).toEqual([]);
  });

  it("with a bad reason: 400 with the reason field's own message", async () => {
    const { reply } = await replyOf(ana);
    for (const [reason, message] of [
      ["   ", "Reason is required"],
      ["x".repeat(501), "Reason is too long (max 500 characters)"],
    ] as const) {
      const response = await mo.client.patch(`/api/replies/${reply}`, {
        content: "Tidied",
        reason,
      });
      expect(response.status).toBe(400);
      expect((await json<ApiErrorBody>(response)).error.fields?.reason).toBe(message);
    }
    expect(await editsOf(reply)).toEqual([]);
  });

  it("with a reason: saved, one log row with the text before, the author told, marked", async () => {
    const { discussion, reply } = await replyOf(ana);
    const response = await mo.client.patch(`/api/replies/${reply}`, {
      content: "Call me (number removed)",
      reason: "Removed a phone number",
    });
    expect(response.status).toBe(200);
    expect((await json<ReplyItem>(response)).editedByModerator).toBe(true);
    expect(await editsOf(reply)).toEqual([
      {
        actor_id: mo.id,
        action: "edit",
        target_kind: "reply",
        subject_id: ana.id,
        reason: "Removed a phone number",
        previous_title: null,
        previous_content: "Call me on 07700900123",
      },
    ]);
    // Everyone reads the mark, in the reply and in its thread.
    const seen = await json<ReplyItem>(await createClient(t.app).get(`/api/replies/${reply}`));
    expect(seen).toMatchObject({ content: "Call me (number removed)", editedByModerator: true });
    const thread = await json<{ items: ReplyItem[] }>(
      await createClient(t.app).get(`/api/discussions/${discussion}/replies`),
    );
    expect(thread.items.find((item) => item.id === reply)?.editedByModerator).toBe(true);
    // The author hears what and why, as for a hide.
    await t.runJobs();
    const { notifications } = await json<NotificationPage>(
      await ana.client.get("/api/notifications"),
    );
    const told = notifications.find((n) => n.kind === "moderation_action");
    expect(told && notificationText(told)).toBe(
      "A moderator edited your reply. Reason: Removed a phone number",
    );
  });

  it("the author's own edit needs no reason, logs nothing and turns the mark back to edited", async () => {
    const { reply } = await replyOf(ana);
    await mo.client.patch(`/api/replies/${reply}`, { content: "Tidied", reason: "Tidy" });
    const own = await ana.client.patch(`/api/replies/${reply}`, { content: "My own words" });
    expect(own.status).toBe(200);
    const item = await json<ReplyItem>(own);
    expect(item.editedAt).not.toBeNull();
    expect(item.editedByModerator).toBe(false);
    expect((await editsOf(reply)).map((row) => row.actor_id)).toEqual([mo.id]);
  });
});

describe("an admin's posts (moderators may not change them)", () => {
  it("a moderator's edit or delete of an admin's reply is 403 and changes nothing", async () => {
    const { reply } = await replyOf(al);
    const edit = await mo.client.patch(`/api/replies/${reply}`, {
      content: "Rewritten",
      reason: "Because I can",
    });
    expect(edit.status).toBe(403);
    expect((await json<ApiErrorBody>(edit)).error.message).toBe(ADMIN_POSTS_PROTECTED);
    const removal = await mo.client.delete(`/api/replies/${reply}`);
    expect(removal.status).toBe(403);
    expect(await storedReply(reply)).toEqual({ content: "Call me on 07700900123", deleted: false });
    expect(await editsOf(reply)).toEqual([]);
  });

  it("a moderator's edit or delete of an admin's discussion is 403, in the forum and the CMS", async () => {
    const id = await insertDiscussionRow(t.db, { authorId: al.id, title: "Admin's" });
    const body = { title: "Rewritten", content: "Rewritten", reason: "Because" };
    for (const response of [
      await mo.client.patch(`/api/discussions/${id}`, body),
      await mo.client.patch(`/api/cms/discussions/${id}`, body),
      await mo.client.delete(`/api/discussions/${id}`),
      await mo.client.post(`/api/moderation/items/discussion/${id}/actions`, {
        action: "delete",
        reason: "Because",
      }),
    ]) {
      expect(response.status).toBe(403);
      expect((await json<ApiErrorBody>(response)).error.message).toBe(ADMIN_POSTS_PROTECTED);
    }
    const item = await json<DiscussionItem>(
      await createClient(t.app).get(`/api/discussions/${id}`),
    );
    expect(item.title).toBe("Admin's");
  });

  it("moderators are told a post is an admin's (to hide the buttons); nobody else is", async () => {
    const { discussion, reply } = await replyOf(al);
    const asModerator = await json<ReplyItem>(await mo.client.get(`/api/replies/${reply}`));
    expect(asModerator.authorIsAdmin).toBe(true);
    const discussionAsModerator = await json<DiscussionItem>(
      await mo.client.get(`/api/discussions/${discussion}`),
    );
    expect(discussionAsModerator.authorIsAdmin).toBe(true);
    for (const client of [createClient(t.app), ana.client]) {
      expect((await json<ReplyItem>(await client.get(`/api/replies/${reply}`))).authorIsAdmin).toBe(
        undefined,
      );
    }
  });

  it("an admin edits a moderator's discussion: allowed and logged with the title and text before", async () => {
    const id = await insertDiscussionRow(t.db, {
      authorId: mo.id,
      title: "Mod's title",
      content: "Mod's words",
    });
    const response = await al.client.patch(`/api/discussions/${id}`, {
      title: "Better title",
      content: "Mod's words",
      reason: "Clearer title",
    });
    expect(response.status).toBe(200);
    expect((await json<DiscussionItem>(response)).editedByModerator).toBe(true);
    expect(await editsOf(id)).toEqual([
      {
        actor_id: al.id,
        action: "edit",
        target_kind: "discussion",
        subject_id: mo.id,
        reason: "Clearer title",
        previous_title: "Mod's title",
        previous_content: "Mod's words",
      },
    ]);
  });

  it("an admin edits and deletes another admin's reply", async () => {
    const { reply } = await replyOf(ada);
    const edit = await al.client.patch(`/api/replies/${reply}`, {
      content: "Edited",
      reason: "Typo",
    });
    expect(edit.status).toBe(200);
    expect((await al.client.delete(`/api/replies/${reply}`)).status).toBe(204);
    expect((await editsOf(reply)).map((row) => row.action)).toEqual(["edit", "delete"]);
  });
});

describe("the CMS's edit of someone else's discussion", () => {
  it("asks the reason, then logs it; the moderator's own discussion needs none", async () => {
    const id = await insertDiscussionRow(t.db, { authorId: ana.id });
    const missing = await mo.client.patch(`/api/cms/discussions/${id}`, {
      title: "T",
      content: "C",
    });
    expect(missing.status).toBe(400);
    expect((await json<ApiErrorBody>(missing)).error.fields).toEqual({
      reason: "Reason is required",
    });
    const saved = await mo.client.patch(`/api/cms/discussions/${id}`, {
      title: "T",
      content: "C",
      reason: "Spam link removed",
    });
    expect(saved.status).toBe(200);
    expect((await editsOf(id)).map((row) => row.reason)).toEqual(["Spam link removed"]);
    const own = await insertDiscussionRow(t.db, { authorId: mo.id });
    const ownEdit = await mo.client.patch(`/api/cms/discussions/${own}`, {
      title: "T",
      content: "C",
    });
    expect(ownEdit.status).toBe(200);
    expect((await json<DiscussionItem>(ownEdit)).editedByModerator).toBe(false);
    expect(await editsOf(own)).toEqual([]);
  });
});

describe("where edits are listed", () => {
  it("staff read each edit with the editor and the text before; the public log has neither", async () => {
    const { reply } = await replyOf(ana);
    await mo.client.patch(`/api/replies/${reply}`, {
      content: "Number removed",
      reason: "Personal data",
    });
    const staff = await json<ModeratorEditPage>(await al.client.get("/api/moderation/edits"));
    expect(staff.entries.find((entry) => entry.targetId === reply)).toMatchObject({
      editorName: "Mo Moderator",
      authorName: "Ana Writer",
      targetKind: "reply",
      reason: "Personal data",
      previousTitle: null,
      previousContent: "Call me on 07700900123",
    });
    for (const client of [createClient(t.app), ana.client]) {
      expect([401, 403]).toContain((await client.get("/api/moderation/edits")).status);
    }
    const publicLog = await createClient(t.app).get("/api/moderation/log");
    const text = await publicLog.text();
    expect(text).not.toContain("07700900123");
    const entry = (JSON.parse(text) as PublicModerationPage).entries.find(
      (e) => e.action === "edit" && e.reason === "Personal data",
    );
    // Only the date, the kind, the reason and the author: never the editor, never a text.
    expect(entry).toEqual({
      id: expect.any(String),
      at: expect.any(String),
      action: "edit",
      contentKind: "reply",
      reason: "Personal data",
      authorName: "Ana Writer",
      endsAt: null,
    });
  });
});

describe("the member's data (docs/decisions/048)", () => {
  it("the export gives the member their text before an edit, never who edited", async () => {
    const { reply } = await replyOf(ana);
    await mo.client.patch(`/api/replies/${reply}`, { content: "Tidied", reason: "Tidy up" });
    const exported = await ana.client.post("/api/account/export");
    expect(exported.status).toBe(200);
    const text = await exported.text();
    expect(text).toContain("Call me on 07700900123");
    expect(text).not.toContain(mo.id);
  });

  it("an erasure that removes the member's posts removes the text before their edits too", async () => {
    const gone = await createMember(t, { name: "Gone Soon", password: "a long password" });
    const { reply } = await replyOf(gone);
    await mo.client.patch(`/api/replies/${reply}`, { content: "Tidied", reason: "Tidy up" });
    const erased = await gone.client.post("/api/account/delete", {
      password: "a long password",
      confirmation: "DELETE",
      deleteContent: true,
    });
    expect(erased.status).toBe(200);
    expect((await editsOf(reply)).map((row) => row.previous_content)).toEqual([""]);
  });
});
