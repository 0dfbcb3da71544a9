// Replies through the API (docs/decisions/020): posting (validation, answering a reply, a
// locked discussion), reading one, editing and deleting, with the author's and the moderators'
// rights. Every role on every route: test/security/permission-matrix.test.ts.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createMember } from "@/server/test/factories";
import { insertReplyRow } from "@/server/test/replies";
import { createClient, createTestApp, type TestApp, type TestClient } from "@/server/test/test-app";
import type { ApiErrorBody, DiscussionItem, ReplyItem, ReplyPage } from "@/shared/api-types";
import { REPLY_TO_NOT_FOUND } from "@/shared/schemas";
import { REPLY_NOT_FOUND } from "./reads";
import { DELETED_REPLY_MESSAGE, LOCKED_MESSAGE, NOT_YOUR_REPLY_MESSAGE } from "./routes";

let t: TestApp;
type Member = Awaited<ReturnType<typeof createMember>>;
let rita: Member;
let other: Member;
let author: Member;
let moderator: Member;
let admin: Member;
let visitor: TestClient;
let thread: string;

beforeAll(async () => {
  // Limits out of the way (one reply per 5 s): test/security/rate-limits.test.ts holds them.
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "1000" } });
  rita = await createMember(t, { name: "Rita Replier" });
  other = await createMember(t, { name: "Olga Other" });
  author = await createMember(t, { name: "Ada Author", role: "author" });
  moderator = await createMember(t, { name: "Mo Moderator", role: "moderator" });
  admin = await createMember(t, { name: "Al Admin", role: "admin" });
  visitor = createClient(t.app);
  thread = await insertDiscussionRow(t.db, { authorId: other.id });
});
afterAll(async () => {
  await t.close();
});

const repliesPath = (discussionId: string) => `/api/discussions/${discussionId}/replies`;

async function post(client: TestClient, body: unknown, discussionId = thread) {
  return client.post(repliesPath(discussionId), body);
}

async function posted(client: TestClient, content: string, extra: object = {}) {
  const response = await post(client, { content, ...extra });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as ReplyItem;
}

async function threadItems(discussionId = thread): Promise<ReplyItem[]> {
  const response = await visitor.get(`${repliesPath(discussionId)}?limit=50`);
  expect(response.status).toBe(200);
  return ((await response.json()) as ReplyPage).items;
}

async function errorOf(response: Response) {
  return ((await response.json()) as ApiErrorBody).error;
}

async function storedContent(id: string) {
  const [row] = await queryRows<{ content: string; deleted: boolean }>(
    t.db,
    sql`select content, deleted_at is not null as deleted from discussion_replies
        where id = ${id}::uuid`,
  );
  return row;
}

async function replyCount(discussionId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from discussion_replies where discussion_id = ${discussionId}::uuid`,
  );
  return row?.n ?? Number.NaN;
}

describe("POST /api/discussions/:id/replies", () => {
  it("posts a reply that the thread shows oldest first, named by the display-name rule", async () => {
    const discussion = await insertDiscussionRow(t.db);
    const first = await posted(rita.client, "First!");
    expect(first).toMatchObject({
      discussionId: thread,
      author: { id: rita.id, displayName: "Rita Replier", avatarUrl: null },
      content: "First!",
      editedAt: null,
      deleted: false,
      replyTo: null,
      mentions: [],
    });
    expect(Date.parse(first.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    const response = await post(other.client, { content: "Second." }, discussion);
    expect(response.status).toBe(201);
    const text = await response.text();
    expect(text).not.toContain(other.email);
    expect(JSON.parse(text)).toMatchObject({ author: { displayName: "Olga Other" } });

    const second = await posted(other.client, "Second here.");
    const shown = await threadItems();
    expect(shown.map((reply) => reply.id)).toEqual([first.id, second.id]);
    expect(shown[0]).toEqual(first);
    const opened = await visitor.get(`/api/replies/${first.id}`);
    expect(await opened.json()).toEqual(first);
  });

  it("cleans the content like discussion content: trimmed, < and > gone, line breaks kept", async () => {
    const reply = await posted(
      rita.client,
      "  <b>Bold</b> claim\nsecond line\n\n<script>x</script>  ",
    );
    expect(reply.content).toBe("bBold/b claim\nsecond line\n\nscriptx/script");
    expect((await storedContent(reply.id))?.content).toBe(reply.content);
  });

  it("takes up to 10,000 characters", async () => {
    const reply = await posted(rita.client, "x".repeat(10_000));
    expect(reply.content).toHaveLength(10_000);
  });

  const invalid: Array<[string, unknown, string, string]> = [
    ["no content", {}, "content", "Reply is required"],
    ["content that is not text", { content: 42 }, "content", "Reply is required"],
    ["blank content", { content: "   \n  " }, "content", "Reply is required"],
    ["content that is only < and >", { content: " <> " }, "content", "Reply is required"],
    [
      "content over 10,000 characters",
      { content: "y".repeat(10_001) },
      "content",
      "Reply is too long (max 10000 characters)",
    ],
    [
      "a replyToId that cannot be an id",
      { content: "Hi", replyToId: "not-an-id" },
      "replyToId",
      REPLY_TO_NOT_FOUND,
    ],
  ];
  it.each(invalid)("refuses %s with its message", async (_, body, field, message) => {
    const before = await replyCount(thread);
    const response = await post(rita.client, body);
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.message).toBe(message);
    expect(error.fields?.[field]).toBe(message);
    expect(await replyCount(thread)).toBe(before);
  });

  it("answers a reply of the same discussion, and nothing else", async () => {
    const answered = await posted(other.client, "Answer me.");
    const answer = await posted(rita.client, "Here you go.", { replyToId: answered.id });
    expect(answer.replyTo).toEqual({ id: answered.id, authorDisplayName: "Olga Other" });
    // replyToId null is the same as none.
    expect((await posted(rita.client, "Plain.", { replyToId: null })).replyTo).toBeNull();

    const elsewhere = await insertDiscussionRow(t.db);
    const foreign = await insertReplyRow(t.db, elsewhere, { authorId: other.id });
    const deleted = await insertReplyRow(t.db, thread, { authorId: other.id, deleted: true });
    for (const replyToId of [foreign, deleted, "3f1d7c1e-0000-4000-8000-000000000000"]) {
      const before = await replyCount(thread);
      const response = await post(rita.client, { content: "Hmm", replyToId });
      expect(response.status, replyToId).toBe(400);
      expect((await errorOf(response)).fields).toEqual({ replyToId: REPLY_TO_NOT_FOUND });
      expect(await replyCount(thread)).toBe(before);
    }
  });

  it("refuses visitors with 401 and stores nothing", async () => {
    const before = await replyCount(thread);
    const response = await post(visitor, { content: "Anonymous rant" });
    expect(response.status).toBe(401);
    expect((await errorOf(response)).message).toBe("You must be signed in");
    expect(await replyCount(thread)).toBe(before);
  });

  it("answers 404 'Discussion not found' for a missing, removed or malformed discussion", async () => {
    const removed = await insertDiscussionRow(t.db, { status: "deleted" });
    for (const id of [removed, "3f1d7c1e-0000-4000-8000-000000000000", "nope"]) {
      for (const response of [
        await post(rita.client, { content: "Hello?" }, id),
        await visitor.get(repliesPath(id)),
      ]) {
        expect(response.status, id).toBe(404);
        expect((await errorOf(response)).message).toBe("Discussion not found");
      }
    }
    expect(await replyCount(removed)).toBe(0);
  });

  it("refuses members on a locked discussion with 403; moderators and admins still reply", async () => {
    const locked = await insertDiscussionRow(t.db, { isLocked: true, authorId: rita.id });
    for (const member of [rita, other, author]) {
      // Checked before the body: even an invalid one gets the 403.
      for (const body of [{ content: "Let me in" }, {}]) {
        const response = await post(member.client, body, locked);
        expect(response.status).toBe(403);
        expect((await errorOf(response)).message).toBe(LOCKED_MESSAGE);
      }
    }
    expect(await replyCount(locked)).toBe(0);
    for (const member of [moderator, admin]) {
      expect((await post(member.client, { content: "Closing note." }, locked)).status).toBe(201);
    }
    expect(await threadItems(locked)).toHaveLength(2);
  });
});

describe("PATCH /api/replies/:id", () => {
  it("lets the author edit their reply: new content, marked edited, same place", async () => {
    const reply = await posted(rita.client, "Original");
    const response = await rita.client.patch(`/api/replies/${reply.id}`, {
      content: "  Edited\nagain  ",
    });
    expect(response.status).toBe(200);
    const edited = (await response.json()) as ReplyItem;
    expect(edited).toMatchObject({
      id: reply.id,
      content: "Edited\nagain",
      createdAt: reply.createdAt,
    });
    expect(Date.parse(edited.editedAt ?? "")).toBeGreaterThanOrEqual(Date.parse(reply.createdAt));
    expect((await threadItems()).find((item) => item.id === reply.id)).toEqual(edited);
  });

  it("validates an edit like a new reply", async () => {
    const reply = await posted(rita.client, "Keep me");
    for (const [body, message] of [
      [{}, "Reply is required"],
      [{ content: " <> " }, "Reply is required"],
      [{ content: "z".repeat(10_001) }, "Reply is too long (max 10000 characters)"],
    ] as const) {
      const response = await rita.client.patch(`/api/replies/${reply.id}`, body);
      expect(response.status).toBe(400);
      expect((await errorOf(response)).fields?.content).toBe(message);
    }
    expect((await storedContent(reply.id))?.content).toBe("Keep me");
  });

  it("refuses other members (403) and visitors (401); moderators and admins edit any reply", async () => {
    const reply = await posted(rita.client, "Mine");
    for (const [client, status] of [
      [other.client, 403],
      [author.client, 403],
      [visitor, 401],
    ] as const) {
      const response = await client.patch(`/api/replies/${reply.id}`, { content: "Hijacked" });
      expect(response.status).toBe(status);
      if (status === 403) expect((await errorOf(response)).message).toBe(NOT_YOUR_REPLY_MESSAGE);
    }
    expect((await storedContent(reply.id))?.content).toBe("Mine");
    for (const member of [moderator, admin]) {
      const response = await member.client.patch(`/api/replies/${reply.id}`, {
        content: `Tidied by ${member.name}`,
        reason: "Tidied", // someone else's reply (docs/decisions/048)
      });
      expect(response.status).toBe(200);
      // Still Rita's reply.
      expect(((await response.json()) as ReplyItem).author?.id).toBe(rita.id);
    }
  });

  it("refuses to edit a deleted reply, even for its author or a moderator (409)", async () => {
    const reply = await posted(rita.client, "Soon gone");
    expect((await rita.client.delete(`/api/replies/${reply.id}`)).status).toBe(204);
    for (const member of [rita, moderator]) {
      const response = await member.client.patch(`/api/replies/${reply.id}`, { content: "Back" });
      expect(response.status).toBe(409);
      expect((await errorOf(response)).message).toBe(DELETED_REPLY_MESSAGE);
    }
    expect(await storedContent(reply.id)).toEqual({ content: "Soon gone", deleted: true });
  });

  it("answers 404 'Reply not found' for a missing or malformed reply, or one in a removed discussion", async () => {
    const removed = await insertDiscussionRow(t.db, { status: "deleted" });
    const hidden = await insertReplyRow(t.db, removed, { authorId: rita.id });
    for (const id of [hidden, "3f1d7c1e-0000-4000-8000-000000000000", "x"]) {
      for (const response of [
        await rita.client.patch(`/api/replies/${id}`, { content: "Edit" }),
        await rita.client.delete(`/api/replies/${id}`),
        await visitor.get(`/api/replies/${id}`),
      ]) {
        expect(response.status, id).toBe(404);
        expect(await errorOf(response)).toEqual({
          code: "REPLY_NOT_FOUND",
          message: REPLY_NOT_FOUND,
        });
      }
    }
    expect((await storedContent(hidden))?.deleted).toBe(false);
  });
});

describe("DELETE /api/replies/:id", () => {
  it("lets the author delete their reply: it keeps its place as deleted, without words or author", async () => {
    const discussion = await insertDiscussionRow(t.db);
    const reply = (await (
      await post(rita.client, { content: "Regret this" }, discussion)
    ).json()) as ReplyItem;
    const answer = (await (
      await post(other.client, { content: "Why?", replyToId: reply.id }, discussion)
    ).json()) as ReplyItem;
    const count = async () =>
      ((await (await visitor.get(`/api/discussions/${discussion}`)).json()) as DiscussionItem)
        .replies;
    expect(await count()).toBe(2);

    expect((await rita.client.delete(`/api/replies/${reply.id}`)).status).toBe(204);
    const shown = await threadItems(discussion);
    expect(shown.map((item) => item.id)).toEqual([reply.id, answer.id]);
    expect(shown[0]).toEqual({
      ...reply,
      author: null,
      content: "",
      deleted: true,
      mentions: [],
    });
    // The answer still points at it, without naming its author.
    expect(shown[1]?.replyTo).toEqual({ id: reply.id, authorDisplayName: null });
    expect(await count()).toBe(1);

    // Again: nothing changes.
    expect((await rita.client.delete(`/api/replies/${reply.id}`)).status).toBe(204);
    expect(await count()).toBe(1);
  });

  it("refuses other members (403) and visitors (401); moderators and admins delete any reply", async () => {
    for (const member of [moderator, admin]) {
      const reply = await posted(rita.client, "Delete me");
      for (const [client, status] of [
        [other.client, 403],
        [author.client, 403],
        [visitor, 401],
      ] as const) {
        expect((await client.delete(`/api/replies/${reply.id}`)).status).toBe(status);
      }
      expect((await storedContent(reply.id))?.deleted).toBe(false);
      expect((await member.client.delete(`/api/replies/${reply.id}`)).status).toBe(204);
      expect((await storedContent(reply.id))?.deleted).toBe(true);
    }
  });

  it("lets a member edit and delete their own replies on a locked discussion", async () => {
    const discussion = await insertDiscussionRow(t.db);
    const reply = (await (
      await post(rita.client, { content: "Before the lock" }, discussion)
    ).json()) as ReplyItem;
    expect(
      (await moderator.client.put(`/api/discussions/${discussion}/lock`, { locked: true })).status,
    ).toBe(200);
    expect((await rita.client.patch(`/api/replies/${reply.id}`, { content: "After" })).status).toBe(
      200,
    );
    expect((await rita.client.delete(`/api/replies/${reply.id}`)).status).toBe(204);
  });
});
