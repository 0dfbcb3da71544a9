// What is new to a member (issue 42, docs/decisions/071): unread counts as a subtraction kept by
// triggers (replies by others, never the member's own, nor by blocked authors, nor hidden,
// held or deleted ones), "New" since the last visit, mark-all-read, and where a thread opens.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { createMember } from "@/server/test/factories";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import type { DiscussionItem, DiscussionPage, ReplyItem, ReplyPage } from "@/shared/api-types";

type Member = Awaited<ReturnType<typeof createMember>>;
let t: TestApp;
let ana: Member; // reads
let ben: Member; // writes
let cleo: Member; // also writes
let mod: Member;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "1000" } });
  [ana, ben, cleo, mod] = await Promise.all([
    createMember(t, { name: "Ana Reader" }),
    createMember(t, { name: "Ben Writer" }),
    createMember(t, { name: "Cleo Writer" }),
    createMember(t, { name: "Mo Moderator", role: "moderator" }),
  ]);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.execute(sql`delete from discussions`);
  await t.db.execute(sql`delete from member_blocks`);
  await t.db.execute(sql`delete from discussion_follows`);
  await t.db.execute(sql`delete from category_read_marks`);
  await t.db.execute(sql`update profiles set marked_read_at = null, last_visit_at = null`);
});

async function start(member: Member, title = "A new one", category = "rants-and-vents") {
  const answer = await member.client.post("/api/discussions", {
    category,
    title,
    content: "Discuss.",
  });
  expect(answer.status, await answer.clone().text()).toBe(201);
  return ((await answer.json()) as DiscussionItem).id;
}

async function reply(member: Member, id: string, content = "A reply") {
  const answer = await member.client.post(`/api/discussions/${id}/replies`, { content });
  expect(answer.status, await answer.clone().text()).toBe(201);
  return (await answer.json()) as ReplyItem;
}

async function thread(member: Member, id: string): Promise<ReplyItem[]> {
  return ((await (await member.client.get(`/api/discussions/${id}/replies`)).json()) as ReplyPage)
    .items;
}

/** Reads the thread up to its last reply, as the page reports it. */
async function readAll(member: Member, id: string) {
  const seq = (await thread(member, id)).at(-1)?.seq ?? 0;
  const answer = await member.client.put(`/api/discussions/${id}/read`, { seq });
  expect(answer.status).toBe(204);
}

async function card(member: Member, id: string, query = ""): Promise<DiscussionItem | undefined> {
  const answer = await member.client.get(`/api/discussions?limit=50${query}`);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as DiscussionPage).items.find((item) => item.id === id);
}

async function opened(member: Member, id: string) {
  return ((await (await member.client.get(`/api/discussions/${id}`)).json()) as DiscussionItem)
    .readState;
}

describe("unread replies", () => {
  it("counts replies by others after the member's position, and goes once they are read", async () => {
    const id = await start(ben);
    await reply(ben, id, "first");
    await readAll(ana, id);
    expect((await card(ana, id))?.unread).toBe(0);

    const second = await reply(ben, id, "second");
    await reply(cleo, id, "third");
    expect((await card(ana, id))?.unread).toBe(2);
    expect(await opened(ana, id)).toEqual({ unread: 2, firstUnreadReplyId: second.id });

    await readAll(ana, id);
    expect((await card(ana, id))?.unread).toBe(0);
    expect(await opened(ana, id)).toEqual({ unread: 0, firstUnreadReplyId: null });
  });

  it("never counts the member's own replies", async () => {
    const id = await start(ben);
    await readAll(ana, id);
    await reply(ana, id, "mine");
    await reply(ana, id, "mine again");
    expect((await card(ana, id))?.unread).toBe(0);
    await reply(ben, id, "his");
    expect((await card(ana, id))?.unread).toBe(1);
  });

  it("never counts replies by a member the reader blocked, before or after the block", async () => {
    const id = await start(ben);
    await readAll(ana, id);
    await reply(cleo, id, "before the block");
    expect((await card(ana, id))?.unread).toBe(1);
    expect((await ana.client.put(`/api/blocks/${cleo.id}`)).status).toBe(200);
    expect((await card(ana, id))?.unread).toBe(0);
    await reply(cleo, id, "after the block");
    expect((await card(ana, id))?.unread).toBe(0);
    await reply(ben, id, "from someone else");
    expect((await card(ana, id))?.unread).toBe(1);
    // Unblocked: her replies count again.
    expect((await ana.client.delete(`/api/blocks/${cleo.id}`)).status).toBe(200);
    expect((await card(ana, id))?.unread).toBe(3);
  });

  it("leaves out a reply once hidden or deleted, and counts it again when unhidden", async () => {
    const id = await start(ben);
    await readAll(ana, id);
    const rude = await reply(cleo, id, "rude");
    const kind = await reply(ben, id, "kind");
    expect((await card(ana, id))?.unread).toBe(2);
    const hidden = await mod.client.post(`/api/moderation/items/reply/${rude.id}/actions`, {
      action: "hide",
      reason: "Rude",
    });
    expect(hidden.status).toBe(200);
    expect((await card(ana, id))?.unread).toBe(1);
    expect(await opened(ana, id)).toEqual({ unread: 1, firstUnreadReplyId: kind.id });
    expect((await ben.client.delete(`/api/replies/${kind.id}`)).status).toBe(204);
    expect((await card(ana, id))?.unread).toBe(0);
    // Shown again (an appeal upheld reverses the hide the same way).
    await t.db.execute(sql`update discussion_replies set hidden_at = null where id = ${rude.id}`);
    expect((await card(ana, id))?.unread).toBe(1);
  });

  it("keeps the count right for a reply hidden after it was read", async () => {
    const id = await start(ben);
    const old = await reply(cleo, id, "old");
    await readAll(ana, id);
    await mod.client.post(`/api/moderation/items/reply/${old.id}/actions`, {
      action: "hide",
      reason: "Rude",
    });
    await reply(ben, id, "new");
    expect((await card(ana, id))?.unread).toBe(1);
  });

  it("never counts or names a reply held for review until it is released", async () => {
    const id = await start(ben);
    await readAll(ana, id);
    const [held] = await queryRows<{ id: string }>(
      t.db,
      sql`insert into discussion_replies (discussion_id, author_id, content, held_at)
          values (${id}::uuid, ${cleo.id}, 'held', now()) returning id`,
    );
    expect((await card(ana, id))?.unread).toBe(0);
    expect(await opened(ana, id)).toEqual({ unread: 0, firstUnreadReplyId: null });
    await t.db.execute(sql`update discussion_replies set held_at = null where id = ${held?.id}`);
    // Released behind nobody's position: new to the reader.
    expect(await opened(ana, id)).toEqual({ unread: 1, firstUnreadReplyId: held?.id });
  });

  it("never counts in a discussion the member muted", async () => {
    const id = await start(ben);
    await readAll(ana, id);
    await reply(ben, id);
    expect((await ana.client.put(`/api/discussions/${id}/follow`, { state: "muted" })).status).toBe(
      200,
    );
    expect((await card(ana, id))?.unread).toBe(0);
    expect((await card(ana, id, "&unread=true"))?.id).toBeUndefined();
  });

  it("holds a position that only moves forward and never past the thread", async () => {
    const id = await start(ben);
    const first = await reply(ben, id);
    await reply(ben, id);
    await ana.client.put(`/api/discussions/${id}/read`, { seq: 10 ** 12 });
    await ana.client.put(`/api/discussions/${id}/read`, { seq: first.seq });
    const [row] = await queryRows<{ last_read_seq: string }>(
      t.db,
      sql`select last_read_seq from read_positions where user_id = ${ana.id}`,
    );
    expect(Number(row?.last_read_seq)).toBe((await thread(ana, id)).at(-1)?.seq);
    expect((await card(ana, id))?.unread).toBe(0);
  });
});

describe("New, the filters and mark all as read", () => {
  it("marks discussions created since the last visit by others and not opened", async () => {
    await t.db.execute(
      sql`update profiles set last_visit_at = now() - interval '1 day' where id = ${ana.id}`,
    );
    const old = await start(ben, "Old");
    await t.db.execute(
      sql`update discussions set created_at = now() - interval '2 days' where id = ${old}`,
    );
    const fresh = await start(ben, "Fresh");
    const own = await start(ana, "Mine");
    expect((await card(ana, fresh))?.isNew).toBe(true);
    expect((await card(ana, old))?.isNew).toBeUndefined();
    expect((await card(ana, own))?.isNew).toBeUndefined();
    expect((await card(ben, fresh))?.isNew).toBeUndefined();

    const onlyNew = await ana.client.get("/api/discussions?new=true");
    expect(((await onlyNew.json()) as DiscussionPage).items.map((item) => item.id)).toEqual([
      fresh,
    ]);
    await readAll(ana, fresh);
    expect((await card(ana, fresh))?.isNew).toBeUndefined();
  });

  it("filters unread discussions, with a count, in the server's list", async () => {
    const quiet = await start(ben, "Quiet");
    const busy = await start(ben, "Busy");
    await readAll(ana, quiet);
    await readAll(ana, busy);
    await reply(cleo, busy);
    const answer = await ana.client.get("/api/discussions?unread=true");
    const items = ((await answer.json()) as DiscussionPage).items;
    expect(items.map((item) => [item.id, item.unread])).toEqual([[busy, 1]]);
  });

  it("refuses the member filters to visitors", async () => {
    const answer = await createClient(t.app).get("/api/discussions?unread=true");
    expect(answer.status).toBe(401);
    const page = await createClient(t.app).get("/api/discussions");
    expect(((await page.json()) as DiscussionPage).items.every((item) => !("unread" in item))).toBe(
      true,
    );
  });

  it("marks everything read with one time; later replies count from there", async () => {
    const id = await start(ben);
    await readAll(ana, id);
    await reply(ben, id, "before");
    await reply(ben, id, "also before");
    const fresh = await start(cleo, "Fresh");
    expect((await card(ana, id))?.unread).toBe(2);
    expect((await ana.client.post("/api/discussions/mark-all-read", {})).status).toBe(204);
    expect((await card(ana, id))?.unread).toBe(0);
    expect((await card(ana, fresh))?.isNew).toBeUndefined();
    // Marking wrote no row per discussion.
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from read_positions where user_id = ${ana.id}`,
    );
    expect(n).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const after = await reply(cleo, id, "after");
    expect((await card(ana, id))?.unread).toBe(1);
    expect(await opened(ana, id)).toEqual({ unread: 1, firstUnreadReplyId: after.id });
  });

  it("marks one category read, leaving the others", async () => {
    const here = await start(ben, "Here", "rants-and-vents");
    const there = await start(ben, "There", "life-observations");
    await readAll(ana, here);
    await readAll(ana, there);
    await reply(cleo, here);
    await reply(cleo, there);
    const marked = await ana.client.post("/api/discussions/mark-all-read", {
      category: "rants-and-vents",
    });
    expect(marked.status).toBe(204);
    expect((await card(ana, here))?.unread).toBe(0);
    expect((await card(ana, there))?.unread).toBe(1);
    const unknown = await ana.client.post("/api/discussions/mark-all-read", { category: "nope" });
    expect(unknown.status).toBe(404);
  });
});

describe("last visit", () => {
  it("becomes the last activity before a gap of an hour", async () => {
    // A member this process has not seen active yet (auth/viewer.ts remembers for minutes).
    const dan = await createMember(t, { name: "Dan Returning" });
    await t.db.execute(sql`update profiles set last_active_at = now() - interval '3 hours',
      last_visit_at = null where id = ${dan.id}`);
    const [before] = await queryRows<{ last_active_at: string }>(
      t.db,
      sql`select last_active_at::text from profiles where id = ${dan.id}`,
    );
    await dan.client.get("/api/session");
    await expect
      .poll(async () => {
        const [row] = await queryRows<{ last_visit_at: string | null }>(
          t.db,
          sql`select last_visit_at::text from profiles where id = ${dan.id}`,
        );
        return row?.last_visit_at;
      })
      .toBe(before?.last_active_at);
  });
});
