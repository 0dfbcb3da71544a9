// The forum's "Latest activity" sort (docs/product.md §2.6) and the reply figures every
// discussion answer carries (docs/decisions/020): the count of replies not deleted and the
// time of the newest one.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createMember } from "@/server/test/factories";
import { insertReplyRow } from "@/server/test/replies";
import { createClient, createTestApp, type TestApp, type TestClient } from "@/server/test/test-app";
import type { ApiErrorBody, DiscussionItem, DiscussionPage } from "@/shared/api-types";
import { ANONYMOUS_NAME } from "@/shared/constants";

let t: TestApp;
let visitor: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  visitor = createClient(t.app);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.execute(sql`delete from discussions`);
});

async function list(query = ""): Promise<DiscussionPage> {
  const response = await visitor.get(`/api/discussions${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as DiscussionPage;
}

const titles = (page: DiscussionPage) => page.items.map((item) => item.title);
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** Every page of `query`, `limit` at a time. */
async function allPages(query: string, limit = 2): Promise<DiscussionItem[]> {
  const seen: DiscussionItem[] = [];
  let cursor: string | null = null;
  do {
    // A cursor that does not move on would page forever.
    if (seen.length > 100) throw new Error("paging does not end");
    const page = await list(
      `?limit=${limit}${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
    );
    seen.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return seen;
}

/**
 * Five discussions: "quiet" (oldest, no reply), "revived" (old, a reply 1 minute ago),
 * "fresh" (5 minutes old, no reply), "answered" (2 hours old, a reply 30 minutes ago and a
 * newer one deleted), and "pinned" (oldest of all, pinned).
 */
async function forum() {
  await insertDiscussionRow(t.db, { title: "quiet", ageMinutes: 3 * 24 * 60 });
  const revived = await insertDiscussionRow(t.db, { title: "revived", ageMinutes: 2 * 24 * 60 });
  await insertReplyRow(t.db, revived, { createdAt: minutesAgo(1) });
  await insertDiscussionRow(t.db, { title: "fresh", ageMinutes: 5 });
  const answered = await insertDiscussionRow(t.db, { title: "answered", ageMinutes: 120 });
  await insertReplyRow(t.db, answered, { createdAt: minutesAgo(30) });
  await insertReplyRow(t.db, answered, { createdAt: minutesAgo(2), deleted: true });
  await insertDiscussionRow(t.db, { title: "pinned", ageMinutes: 4 * 24 * 60, isPinned: true });
  return { revived, answered };
}

describe("GET /api/discussions?sort=activity", () => {
  it("lists pinned first, then by the last reply (deleted ones aside), else by creation", async () => {
    await forum();
    expect(titles(await list("?sort=activity"))).toEqual([
      "pinned",
      "revived",
      "fresh",
      "answered",
      "quiet",
    ]);
    // Newest stays the default, and can be asked for by name.
    const newest = ["pinned", "fresh", "answered", "revived", "quiet"];
    expect(titles(await list())).toEqual(newest);
    expect(titles(await list("?sort=newest"))).toEqual(newest);
  });

  it("pages through every discussion once, in order", async () => {
    await forum();
    for (let i = 0; i < 5; i += 1) {
      const id = await insertDiscussionRow(t.db, { title: `extra ${i}`, ageMinutes: 500 + i });
      if (i % 2 === 0) await insertReplyRow(t.db, id, { createdAt: minutesAgo(10 + i) });
    }
    const expected = titles(await list("?sort=activity&limit=50"));
    expect(expected).toHaveLength(10);
    const seen = await allPages("&sort=activity");
    expect(seen.map((item) => item.title)).toEqual(expected);
  });

  it("keeps discussions with the same last activity apart by id", async () => {
    await t.db.execute(sql`
      insert into discussions (title, content, category_id, created_at)
      select 'same ' || n, 'x', (select id from categories order by position limit 1), timestamptz '2024-01-01 12:00:00.123456+00'
      from generate_series(1, 5) as n`);
    const seen = await allPages("&sort=activity");
    const ids = seen.map((item) => item.id);
    expect(ids).toHaveLength(5);
    expect(ids).toEqual([...ids].sort().reverse());
  });

  it("filters by creation date, with search and filters, across pages", async () => {
    await forum();
    // "revived" has recent activity but was created two days ago: out of the last 24 hours.
    expect(titles(await list("?sort=activity&range=24h"))).toEqual(["fresh", "answered"]);
    expect((await allPages("&sort=activity&range=7d", 1)).map((item) => item.title)).toEqual([
      "pinned",
      "revived",
      "fresh",
      "answered",
      "quiet",
    ]);
    expect(titles(await list("?sort=activity&q=e"))).toEqual([
      "pinned",
      "revived",
      "fresh",
      "answered",
      "quiet",
    ]);
    expect(titles(await list("?sort=activity&pinned=1"))).toEqual(["pinned"]);
  });

  it("refuses an unknown sort with a message", async () => {
    const response = await visitor.get("/api/discussions?sort=popular");
    expect(response.status).toBe(400);
    const body = (await response.json()) as ApiErrorBody;
    expect(body.error.fields?.sort).toBe("Sort must be one of newest, activity, top");
  });
});

describe("reply figures on every discussion answer", () => {
  it("counts replies not deleted and gives the newest one's time, in the list and the detail", async () => {
    const { revived, answered } = await forum();
    const items = new Map((await list()).items.map((item) => [item.title, item]));
    expect(items.get("quiet")).toMatchObject({ replies: 0, lastReplyAt: null });
    expect(items.get("revived")?.replies).toBe(1);
    expect(items.get("answered")?.replies).toBe(1);
    const lastReplyAt = items.get("answered")?.lastReplyAt ?? "";
    // The reply 30 minutes ago, not the deleted one 2 minutes ago.
    expect(Math.abs(Date.parse(lastReplyAt) - minutesAgo(30).getTime())).toBeLessThan(10_000);

    for (const id of [revived, answered]) {
      const detail = (await (await visitor.get(`/api/discussions/${id}`)).json()) as DiscussionItem;
      expect(detail).toEqual(items.get(detail.title));
    }
  });
});

describe("a forum row's people (issue 21)", () => {
  it("carries the author's avatar and link while public, and the last reply's author", async () => {
    const replier = await createMember(t, { name: "Late Replier" });
    const hidden = await createMember(t, { name: "Quiet Member" });
    await t.db.execute(sql`update profiles set is_public = false where id = ${hidden.id}`);
    await t.db.execute(
      sql`update profiles set avatar_url = '/uploads/avatars/x/avatar.webp?v=1' where id = ${hidden.id}`,
    );

    const open = await insertDiscussionRow(t.db, { title: "open", authorId: replier.id });
    await insertReplyRow(t.db, open, { authorId: hidden.id, createdAt: minutesAgo(9) });
    await insertReplyRow(t.db, open, { authorId: replier.id, createdAt: minutesAgo(3) });
    // The newest reply is deleted: the last one is the one before it.
    await insertReplyRow(t.db, open, {
      authorId: hidden.id,
      createdAt: minutesAgo(1),
      deleted: true,
    });
    const quiet = await insertDiscussionRow(t.db, { title: "quiet", authorId: hidden.id });
    await insertReplyRow(t.db, quiet, { authorId: hidden.id, createdAt: minutesAgo(2) });
    const lonely = await insertDiscussionRow(t.db, { title: "lonely" });
    // The newest reply's author deleted their account: the reply stays, its author unnamed.
    const orphaned = await insertDiscussionRow(t.db, { title: "orphaned", authorId: replier.id });
    await insertReplyRow(t.db, orphaned, { authorId: replier.id, createdAt: minutesAgo(5) });
    await insertReplyRow(t.db, orphaned, { createdAt: minutesAgo(4) });

    const items = new Map((await list()).items.map((item) => [item.id, item]));
    expect(items.get(open)).toMatchObject({
      authorIsPublic: true,
      lastReplyAuthor: { name: "Late Replier", publicId: replier.id },
    });
    // A private member: named, but neither linked nor pictured.
    expect(items.get(quiet)).toMatchObject({
      authorIsPublic: false,
      authorAvatarUrl: null,
      lastReplyAuthor: { name: "Quiet Member", publicId: null },
    });
    expect(items.get(lonely)).toMatchObject({ lastReplyAt: null, lastReplyAuthor: null });
    expect(items.get(orphaned)).toMatchObject({
      lastReplyAuthor: { name: ANONYMOUS_NAME, publicId: null },
    });
  });
});
