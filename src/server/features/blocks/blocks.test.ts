// Blocking through the API (issue 17, docs/decisions/031): every role blocks and unblocks others
// but not themselves; the blocked member's discussions and replies come marked `authorBlocked`
// for the blocker only (never for staff, visitors or anyone else); a blocked member's replies and
// mentions notify and mail the blocker nothing; and the blocked member can learn none of it.
// Every role on every route: test/security/permission-matrix.test.ts.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "@/server/app";
import { queryRows } from "@/server/db/client";
import type { StaticFile } from "@/server/lib/static-files";
import { createMember } from "@/server/test/factories";
import {
  createClient,
  createTestApp,
  TEST_SITE_URL,
  type TestApp,
  type TestClient,
} from "@/server/test/test-app";
import type {
  ApiErrorBody,
  BlockState,
  DiscussionItem,
  DiscussionPage,
  ReplyItem,
  ReplyPage,
} from "@/shared/api-types";
import { mentionToken } from "@/shared/mentions";
import type { NotificationPage } from "@/shared/notifications";
import { BLOCK_SELF_MESSAGE, MEMBER_NOT_FOUND } from "./routes";

type Member = Awaited<ReturnType<typeof createMember>>;
let t: TestApp;
let visitor: TestClient;
let bella: Member; // blocks
let troll: Member; // is blocked
let olga: Member; // an onlooker
let author: Member;
let moderator: Member;
let admin: Member;

beforeAll(async () => {
  // The posting limits out of the way: test/security/rate-limits.test.ts and
  // domain/members/new-member-limits.test.ts hold them.
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "1000" } });
  visitor = createClient(t.app);
  bella = await createMember(t, { name: "Bella Blocker" });
  troll = await createMember(t, { name: "Tom Troll" });
  olga = await createMember(t, { name: "Olga Onlooker" });
  author = await createMember(t, { name: "Ada Author", role: "author" });
  moderator = await createMember(t, { name: "Mo Moderator", role: "moderator" });
  admin = await createMember(t, { name: "Al Admin", role: "admin" });
  await t.runJobs();
});
afterAll(async () => {
  await t.close();
});

const blockPath = (member: { id: string }) => `/api/blocks/${member.id}`;

async function state(client: TestClient, member: { id: string }): Promise<boolean> {
  const answer = await client.get(blockPath(member));
  expect(answer.status).toBe(200);
  expect(answer.headers.get("cache-control")).toBe("private, no-store");
  return ((await answer.json()) as BlockState).blocked;
}

async function block(blocker: Member, blocked: { id: string }) {
  const answer = await blocker.client.put(blockPath(blocked));
  expect(answer.status, await answer.clone().text()).toBe(200);
  expect(await answer.json()).toEqual({ blocked: true });
}

async function unblock(blocker: Member, blocked: { id: string }) {
  const answer = await blocker.client.delete(blockPath(blocked));
  expect(answer.status, await answer.clone().text()).toBe(200);
  expect(await answer.json()).toEqual({ blocked: false });
}

async function startDiscussion(member: Member, title: string): Promise<DiscussionItem> {
  const answer = await member.client.post("/api/discussions", {
    category: "rants-and-vents",
    title,
    content: "Discuss.",
  });
  expect(answer.status, await answer.clone().text()).toBe(201);
  return (await answer.json()) as DiscussionItem;
}

async function reply(member: Member, discussionId: string, content: string): Promise<ReplyItem> {
  const answer = await member.client.post(`/api/discussions/${discussionId}/replies`, {
    content,
  });
  expect(answer.status, await answer.clone().text()).toBe(201);
  return (await answer.json()) as ReplyItem;
}

async function listed(client: TestClient, discussionId: string): Promise<DiscussionItem> {
  const answer = await client.get("/api/discussions?limit=50");
  expect(answer.status).toBe(200);
  const found = ((await answer.json()) as DiscussionPage).items.find(
    (item) => item.id === discussionId,
  );
  if (!found) throw new Error("the discussion is not listed");
  return found;
}

async function threadOf(client: TestClient, discussionId: string): Promise<ReplyItem[]> {
  const answer = await client.get(`/api/discussions/${discussionId}/replies`);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as ReplyPage).items;
}

async function notificationCount(member: Member): Promise<number> {
  await t.runJobs();
  const answer = await member.client.get("/api/notifications");
  return ((await answer.json()) as NotificationPage).notifications.length;
}

describe("who may block whom", () => {
  const roles = () => ({ user: olga, author, moderator, admin });

  for (const role of ["user", "author", "moderator", "admin"] as const) {
    it(`a ${role} blocks and unblocks another member, and sees only their own block`, async () => {
      const caller = roles()[role];
      expect(await state(caller.client, troll)).toBe(false);
      await block(caller, troll);
      expect(await state(caller.client, troll)).toBe(true);
      // Blocking twice changes nothing.
      await block(caller, troll);
      expect(await state(caller.client, troll)).toBe(true);
      await unblock(caller, troll);
      expect(await state(caller.client, troll)).toBe(false);
      // Unblocking someone not blocked changes nothing either.
      await unblock(caller, troll);
    });

    it(`a ${role} cannot block themselves (own record)`, async () => {
      const caller = roles()[role];
      for (const method of ["put", "delete"] as const) {
        const answer = await caller.client[method](blockPath(caller));
        expect(answer.status).toBe(400);
        expect(((await answer.json()) as ApiErrorBody).error.message).toBe(BLOCK_SELF_MESSAGE);
      }
      const rows = await queryRows(
        t.db,
        sql`select 1 from member_blocks where blocker_id = ${caller.id}`,
      );
      expect(rows).toHaveLength(0);
      expect(await state(caller.client, caller)).toBe(false);
    });
  }

  it("refuses visitors with 401 on every route", async () => {
    expect((await visitor.get(blockPath(troll))).status).toBe(401);
    expect((await visitor.put(blockPath(troll))).status).toBe(401);
    expect((await visitor.delete(blockPath(troll))).status).toBe(401);
  });

  it("answers 404 for an id that is no member, and for one that cannot be an id", async () => {
    for (const id of ["no-such-member", "a%20b", "x".repeat(101)]) {
      for (const method of ["get", "put", "delete"] as const) {
        const answer = await bella.client[method](`/api/blocks/${id}`);
        expect(answer.status, `${method} ${id}`).toBe(404);
        expect(((await answer.json()) as ApiErrorBody).error.message).toBe(MEMBER_NOT_FOUND);
      }
    }
  });
});

describe("a blocked member's posts collapse for the blocker only", () => {
  let discussion: DiscussionItem;
  let trollReply: ReplyItem;
  let olgaReply: ReplyItem;

  beforeAll(async () => {
    discussion = await startDiscussion(troll, "Hot take from a troll");
    trollReply = await reply(troll, discussion.id, "A troll's reply");
    olgaReply = await reply(olga, discussion.id, "Olga's reply");
    await block(bella, troll);
    // Staff who block still see everything (docs/decisions/031).
    await block(moderator, troll);
  });
  afterAll(async () => {
    await unblock(bella, troll);
    await unblock(moderator, troll);
  });

  it("marks the discussion in the list and on its page for the blocker", async () => {
    expect((await listed(bella.client, discussion.id)).authorBlocked).toBe(true);
    const page = await bella.client.get(`/api/discussions/${discussion.id}`);
    expect(((await page.json()) as DiscussionItem).authorBlocked).toBe(true);
  });

  it("marks the blocked member's replies, and only theirs, in the thread and one by one", async () => {
    const thread = await threadOf(bella.client, discussion.id);
    expect(thread.find((item) => item.id === trollReply.id)?.authorBlocked).toBe(true);
    expect(thread.find((item) => item.id === olgaReply.id)?.authorBlocked).toBeUndefined();
    // The content is still there: "click to show" reveals it without asking again.
    expect(thread.find((item) => item.id === trollReply.id)?.content).toBe("A troll's reply");
    const one = await bella.client.get(`/api/replies/${trollReply.id}`);
    expect(((await one.json()) as ReplyItem).authorBlocked).toBe(true);
    const around = await bella.client.get(
      `/api/discussions/${discussion.id}/replies?around=${trollReply.id}`,
    );
    const aroundItems = ((await around.json()) as ReplyPage).items;
    expect(aroundItems.find((item) => item.id === trollReply.id)?.authorBlocked).toBe(true);
  });

  it("marks nothing for an onlooker, a visitor, staff who blocked, or the blocked member", async () => {
    for (const client of [olga.client, visitor, moderator.client, troll.client]) {
      expect((await listed(client, discussion.id)).authorBlocked).toBeUndefined();
      const page = await client.get(`/api/discussions/${discussion.id}`);
      expect(((await page.json()) as DiscussionItem).authorBlocked).toBeUndefined();
      for (const item of await threadOf(client, discussion.id)) {
        expect(item.authorBlocked).toBeUndefined();
      }
    }
  });

  it("collapses the blocked member's posts in the server-rendered page for the blocker only", async () => {
    // With a page shell, so that the server renders the discussion page (docs/decisions/025).
    const shell =
      '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>';
    const app = createApp(t.deps, {
      staticFiles: new Map<string, StaticFile>([
        [
          "/index.html",
          {
            body: Buffer.from(shell),
            contentType: "text/html; charset=utf-8",
            etag: '"s"',
            immutable: false,
          },
        ],
      ]),
    });
    const page = async (member: Member, id: string) => {
      const cookie = [...member.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
      const answer = await app.request(`${TEST_SITE_URL}/discussion/${id}`, {
        headers: { cookie },
      });
      expect(answer.status).toBe(200);
      return answer.text();
    };
    // The troll's discussion, and Olga's discussion where only a reply is the troll's.
    const olgas = await startDiscussion(olga, "Olga's calm discussion");
    await reply(troll, olgas.id, "The troll again");
    for (const id of [discussion.id, olgas.id]) {
      const blockers = await page(bella, id);
      expect(blockers).toContain("Post from a member you blocked");
      expect(blockers).toContain('"authorBlocked":true');
      const onlookers = await page(olga, id);
      expect(onlookers).not.toContain("Post from a member you blocked");
      expect(onlookers).not.toContain("authorBlocked");
    }
  });

  it("unmarks once unblocked", async () => {
    await unblock(bella, troll);
    expect((await listed(bella.client, discussion.id)).authorBlocked).toBeUndefined();
    await block(bella, troll);
  });
});

describe("a blocked member cannot notify the blocker", () => {
  beforeEach(async () => {
    await t.runJobs({ ignoreStartAfter: true });
    for (const member of [bella, olga]) await member.client.post("/api/notifications/read-all");
    await queryRows(t.db, sql`delete from notifications`);
  });

  it("sends no notification and no mail for replies to the blocker's discussion, answers or mentions", async () => {
    const mine = await startDiscussion(bella, "Bella's own discussion");
    const bellaReply = await reply(bella, mine.id, "Bella answers herself");
    await reply(olga, mine.id, "Olga follows along");
    await t.runJobs({ ignoreStartAfter: true });
    await queryRows(t.db, sql`delete from notifications`);
    const mailsBefore = (await t.mailbox.all(bella.email)).length;

    await block(bella, troll);
    // A reply to her discussion, an answer to her reply, and a mention.
    await reply(troll, mine.id, "Unwanted reply");
    const answer = await troll.client.post(`/api/discussions/${mine.id}/replies`, {
      content: `Hey ${mentionToken("Bella Blocker", bella.id)}, listen`,
      replyToId: bellaReply.id,
    });
    expect(answer.status).toBe(201);
    // The mention stays as written: nothing in the answer tells the troll they were blocked.
    expect(((await answer.json()) as ReplyItem).mentions).toEqual([
      { id: bella.id, displayName: "Bella Blocker" },
    ]);
    expect(await notificationCount(bella)).toBe(0);
    expect((await t.mailbox.all(bella.email)).length).toBe(mailsBefore);
    // Everyone else still hears of it (Olga follows the discussion she replied to).
    expect(await notificationCount(olga)).toBeGreaterThan(0);

    // Unblocked, the troll's replies reach her again.
    await unblock(bella, troll);
    await reply(troll, mine.id, "Another reply");
    expect(await notificationCount(bella)).toBe(1);
    await block(bella, troll);
  });

  it("still lets staff actions reach a member who blocked that staff member", async () => {
    const mine = await startDiscussion(bella, "Bella blocks a moderator");
    await block(bella, moderator);
    const pinned = await moderator.client.put(`/api/discussions/${mine.id}/pin`, {
      pinned: true,
    });
    expect(pinned.status).toBe(200);
    expect(await notificationCount(bella)).toBe(1);
    await unblock(bella, moderator);
  });
});

describe("blocking is private", () => {
  it("tells the blocked member nothing: their own state, their lists and their notifications", async () => {
    await block(bella, troll);
    // The only question the API answers is "did I block them?".
    expect(await state(troll.client, bella)).toBe(false);
    const mine = await startDiscussion(bella, "Seen by the troll as by anyone");
    expect(await listed(troll.client, mine.id)).not.toHaveProperty("authorBlocked");
    const posted = await troll.client.post(`/api/discussions/${mine.id}/replies`, {
      content: "Still posts fine",
    });
    expect(posted.status).toBe(201);
    expect(await posted.json()).not.toHaveProperty("authorBlocked");
  });
});
