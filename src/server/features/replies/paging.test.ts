// A thread's pages (docs/decisions/020): 50 replies a page, oldest first, by (created_at, id)
// keyset cursors forward and backward, and the page around one reply for a permalink
// (/discussion/{id}?reply={replyId}), even deep in a long thread.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { insertDiscussionRow } from "@/server/test/discussions";
import { insertReplyRow, insertThread } from "@/server/test/replies";
import { createClient, createTestApp, type TestApp, type TestClient } from "@/server/test/test-app";
import type { ApiErrorBody, ReplyItem, ReplyPage } from "@/shared/api-types";
import { REPLIES_PAGE_SIZE } from "@/shared/constants";
import { aroundKeysQuery } from "./queries";

let t: TestApp;
let visitor: TestClient;
/** 120 replies: pages of 50, 50 and 20. */
let thread: string;
let ids: string[];

beforeAll(async () => {
  t = await createTestApp();
  visitor = createClient(t.app);
  thread = await insertDiscussionRow(t.db);
  ids = await insertThread(t.db, thread, 120);
});
afterAll(async () => {
  await t.close();
});

async function page(query: string, discussionId = thread): Promise<ReplyPage> {
  const response = await visitor.get(`/api/discussions/${discussionId}/replies${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as ReplyPage;
}

type PlanNode = {
  "Node Type": string;
  "Index Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  Plans?: PlanNode[];
};

/** Every node of an EXPLAIN (FORMAT JSON) plan. */
const planNodes = (node: PlanNode | undefined): PlanNode[] =>
  node ? [node, ...(node.Plans ?? []).flatMap(planNodes)] : [];

const withCursor = (cursor: string) => `?cursor=${encodeURIComponent(cursor)}`;
const idsOf = (items: ReplyItem[]) => items.map((item) => item.id);

/** Every page from `start` following `next` or `prev`, at most 20 pages. */
async function walk(
  start: ReplyPage,
  direction: "nextCursor" | "prevCursor",
  { discussionId = thread, limit = REPLIES_PAGE_SIZE } = {},
) {
  const pages = [start];
  let cursor = start[direction];
  while (cursor) {
    if (pages.length > 20) throw new Error("paging does not end");
    const next = await page(`${withCursor(cursor)}&limit=${limit}`, discussionId);
    pages.push(next);
    cursor = next[direction];
  }
  return pages;
}

describe("GET /api/discussions/:id/replies", () => {
  it("pages through 120 replies, 50 at a time, oldest first, each once", async () => {
    const first = await page("");
    expect(first.prevCursor).toBeNull();
    const pages = await walk(first, "nextCursor");
    expect(pages.map((p) => p.items.length)).toEqual([50, 50, 20]);
    expect(pages.flatMap((p) => idsOf(p.items))).toEqual(ids);
    expect(pages[0]?.items[0]?.content).toBe("Reply 1");
    expect(pages[2]?.nextCursor).toBeNull();
  });

  it("goes back from any page to the one before it", async () => {
    const [first, second, third] = await walk(await page(""), "nextCursor");
    if (!first || !second || !third) throw new Error("three pages expected");
    const back = await page(withCursor(third.prevCursor ?? ""));
    expect(idsOf(back.items)).toEqual(idsOf(second.items));
    expect(back.nextCursor).toBeTruthy();
    const start = await page(withCursor(back.prevCursor ?? ""));
    expect(idsOf(start.items)).toEqual(idsOf(first.items));
    expect(start.prevCursor).toBeNull();
  });

  it("takes a smaller limit, and refuses one over a page", async () => {
    expect((await page("?limit=7")).items).toHaveLength(7);
    for (const limit of ["0", "51", "ten"]) {
      const response = await visitor.get(`/api/discussions/${thread}/replies?limit=${limit}`);
      expect(response.status).toBe(400);
      expect(((await response.json()) as ApiErrorBody).error.fields?.limit).toBe(
        `Limit must be a number from 1 to ${REPLIES_PAGE_SIZE}`,
      );
    }
  });

  it("keeps replies posted in the same instant apart by id", async () => {
    const discussion = await insertDiscussionRow(t.db);
    const at = new Date("2024-01-01T12:00:00.123Z");
    for (let i = 0; i < 9; i++) await insertReplyRow(t.db, discussion, { createdAt: at });
    const pages = await walk(await page("?limit=4", discussion), "nextCursor", {
      discussionId: discussion,
      limit: 4,
    });
    const seen = pages.flatMap((p) => idsOf(p.items));
    expect(seen).toHaveLength(9);
    expect(seen).toEqual([...seen].sort());
  });

  it("finds replies posted after a page, from that page's cursor", async () => {
    const discussion = await insertDiscussionRow(t.db);
    await insertThread(t.db, discussion, 3);
    const first = await page("?limit=2", discussion);
    const cursor = withCursor(first.nextCursor ?? "");
    expect((await page(`${cursor}&limit=2`, discussion)).items).toHaveLength(1);
    const newer = await insertReplyRow(t.db, discussion);
    const again = await page(`${cursor}&limit=2`, discussion);
    expect(idsOf(again.items).at(-1)).toBe(newer);
  });

  it("refuses a forged cursor with 400 'Invalid page cursor'", async () => {
    const response = await visitor.get(`/api/discussions/${thread}/replies?cursor=nonsense`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApiErrorBody).error.message).toBe("Invalid page cursor");
  });
});

describe("GET /api/discussions/:id/replies?around={replyId} (permalinks)", () => {
  const around = (id: string, discussionId = thread) =>
    visitor.get(`/api/discussions/${discussionId}/replies?around=${encodeURIComponent(id)}`);

  async function aroundPage(index: number): Promise<ReplyPage> {
    const response = await around(ids[index] ?? "");
    expect(response.status).toBe(200);
    return (await response.json()) as ReplyPage;
  }

  it("answers the page holding a reply on page 3, with the way back to the start", async () => {
    // Reply 110 is on the third page of 50.
    const found = await aroundPage(109);
    expect(idsOf(found.items)).toContain(ids[109]);
    // The thread ends 10 replies later: the page is filled with earlier ones.
    expect(idsOf(found.items)).toEqual(ids.slice(70, 120));
    expect(found.nextCursor).toBeNull();
    const earlier = await walk(found, "prevCursor");
    const all = earlier.reverse().flatMap((p) => idsOf(p.items));
    expect(all).toEqual(ids);
  });

  it("puts half a page before a reply in the middle, and pages on both ways", async () => {
    const found = await aroundPage(59);
    expect(idsOf(found.items)).toEqual(ids.slice(34, 84));
    const before = (await walk(found, "prevCursor")).slice(1).flatMap((p) => idsOf(p.items));
    const after = (await walk(found, "nextCursor")).slice(1).flatMap((p) => idsOf(p.items));
    expect(before.length + found.items.length + after.length).toBe(120);
    expect(new Set([...before, ...idsOf(found.items), ...after]).size).toBe(120);
    expect(after).toEqual(ids.slice(84));
  });

  it("answers the first page for the first reply", async () => {
    const found = await aroundPage(0);
    expect(idsOf(found.items)).toEqual(ids.slice(0, 50));
    expect(found.prevCursor).toBeNull();
    expect(found.nextCursor).toBeTruthy();
  });

  it("finds a deleted reply in its place", async () => {
    const discussion = await insertDiscussionRow(t.db);
    const [, second] = await insertThread(t.db, discussion, 3);
    await t.db.execute(
      sql`update discussion_replies set deleted_at = now() where id = ${second ?? ""}::uuid`,
    );
    const response = await around(second ?? "", discussion);
    const found = (await response.json()) as ReplyPage;
    expect(found.items.map((item) => item.deleted)).toEqual([false, true, false]);
  });

  it("answers 404 REPLY_NOT_FOUND for a reply of another discussion, a missing or malformed id", async () => {
    const elsewhere = await insertDiscussionRow(t.db);
    const foreign = await insertReplyRow(t.db, elsewhere);
    for (const id of [foreign, "3f1d7c1e-0000-4000-8000-000000000000", "not-an-id"]) {
      const response = await around(id);
      expect(response.status, id).toBe(404);
      expect(((await response.json()) as ApiErrorBody).error.code).toBe("REPLY_NOT_FOUND");
    }
  });

  it("refuses a cursor and a reply together", async () => {
    const first = await page("");
    const response = await visitor.get(
      `/api/discussions/${thread}/replies?around=${ids[3]}&cursor=${first.nextCursor}`,
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApiErrorBody).error.fields?.around).toBeTruthy();
  });

  it("finds reply 9,000 of a 10,000-reply thread, reading two short index ranges", async () => {
    const long = await insertDiscussionRow(t.db);
    const longIds = await insertThread(t.db, long, 10_000);
    const target = longIds[8_999] ?? "";
    const response = await around(target, long);
    const found = (await response.json()) as ReplyPage;
    expect(idsOf(found.items)).toEqual(longIds.slice(8_974, 9_024));
    // No OFFSET and no pass over the thread: the app's own statement for the page's bounds
    // reads the thread index from the reply, both ways, a page or so each, never the table.
    // (The reply's place once came from a join, which made the comparison a filter: 10,000
    // index entries were read for a reply near the end.)
    await t.db.execute(sql`analyze discussion_replies`);
    const [explained] = await queryRows<{ "QUERY PLAN": unknown }>(
      t.db,
      sql`explain (analyze, format json) ${aroundKeysQuery(long, target, REPLIES_PAGE_SIZE)}`,
    );
    const raw = explained?.["QUERY PLAN"];
    const [plan] = (typeof raw === "string" ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
    const nodes = planNodes(plan?.Plan);
    const threadScans = nodes.filter(
      (node) => node["Index Name"] === "discussion_replies_thread_idx",
    );
    expect(threadScans).toHaveLength(2);
    for (const scan of threadScans) {
      expect(scan["Actual Rows"] * scan["Actual Loops"]).toBeLessThanOrEqual(REPLIES_PAGE_SIZE + 1);
    }
    expect(nodes.map((node) => node["Node Type"])).not.toContainEqual(
      expect.stringMatching(/Seq Scan|Sort/),
    );
    // 10,000 inserts, each through the count triggers: slow on a busy machine.
  }, 120_000);
});
