// Every paginated list against forged cursors. Starting from a real next-page cursor (which
// must work: the positive control), each of its items is replaced in turn by near misses of
// its kind (a date past the calendar, a count past an int, an id of the wrong shape, NUL, a
// lone surrogate, another type) and items are dropped or added: each answers 400 in the API's
// error shape (docs/architecture.md "API"). Then fixed and random forgeries: never a 5xx.
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertDiscussionRow } from "@/server/test/discussions";
import { insertThread } from "@/server/test/replies";
import { insertDataRequest, insertPost } from "@/server/test/staff-area";
import { createTestApp, type TestApp } from "@/server/test/test-app";
import { MEMBER_SORTS } from "@/shared/constants";
import { encodeItems, HOSTILE_CURSORS, hostileCursor } from "./hostile-cursors";
import { expectErrorShape, expectHandled } from "./input-catalogue";
import type { Caller } from "./permission-matrix";
import { type Callers, clientFor, createCallers } from "./test-support";

const RUNS = Number(process.env.HOSTILE_RUNS ?? 40);

type List = { path: string; caller: Caller; nextCursor: (body: unknown) => string | null };

const nextCursorOf = (body: unknown) => (body as { nextCursor: string | null }).nextCursor;

/** The discussion whose replies are paged (its id is fixed: the lists are known up front). */
const THREAD_ID = "5b0f8b5e-6c2a-4d1e-9f3a-2b7c8d9e0f1a";

/** Every list that pages with a cursor, each members sort on its own. */
const LISTS: List[] = [
  { path: "/api/discussions", caller: "anonymous", nextCursor: nextCursorOf },
  { path: "/api/discussions?sort=activity", caller: "anonymous", nextCursor: nextCursorOf },
  // Top (decision 075): its cursor names the period; alone and with a search (its own queries).
  { path: "/api/discussions?sort=top&period=week", caller: "anonymous", nextCursor: nextCursorOf },
  {
    path: "/api/discussions?sort=top&period=all&q=discussion",
    caller: "anonymous",
    nextCursor: nextCursorOf,
  },
  { path: `/api/discussions/${THREAD_ID}/replies`, caller: "anonymous", nextCursor: nextCursorOf },
  { path: "/api/cms/discussions", caller: "admin", nextCursor: nextCursorOf },
  ...MEMBER_SORTS.map((sort) => ({
    path: `/api/members?sort=${sort}`,
    caller: "user" as const,
    nextCursor: nextCursorOf,
  })),
  { path: "/api/users", caller: "admin", nextCursor: nextCursorOf },
  { path: "/api/blog-posts", caller: "anonymous", nextCursor: nextCursorOf },
  { path: "/api/cms/blog-posts", caller: "admin", nextCursor: nextCursorOf },
  { path: "/api/inbox/messages", caller: "admin", nextCursor: nextCursorOf },
  { path: "/api/inbox/data-requests", caller: "admin", nextCursor: nextCursorOf },
  { path: "/api/bookmarks", caller: "user", nextCursor: nextCursorOf },
];

let t: TestApp;
let callers: Callers;
/** Each list's real second-page cursor, by path. */
const realCursors = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "100000" } });
  callers = await createCallers(t);
  await t.db.execute(
    sql`insert into discussions (id, title, content, category_id)
        values (${THREAD_ID}::uuid, 'Thread', 'x', (select id from categories order by position limit 1))`,
  );
  await insertThread(t.db, THREAD_ID, 3);
  for (let i = 0; i < 3; i++) {
    const discussionId = await insertDiscussionRow(t.db, {
      authorId: callers.other.id,
      ageMinutes: i,
    });
    await t.db.execute(
      sql`insert into bookmarks (user_id, discussion_id)
          values (${callers.members.user.id}, ${discussionId}::uuid)`,
    );
    await insertPost(t.db, { status: "published" });
    await insertDataRequest(t.db);
    const contact = await clientFor(t.app, callers, "anonymous").post("/api/contact", {
      name: "Sam",
      email: `sam${i}@example.com`,
      subject: "Hello",
      message: "A message",
    });
    expect(contact.status).toBe(201);
  }
  // Every discussion scored, as the top-scores job would: the Top lists have pages.
  await t.db.execute(
    sql`insert into top_scores (period, discussion_id, score)
        select p, id, 1 from discussions, unnest(array['week', 'all']) p`,
  );
}, 120_000);
afterAll(async () => {
  await t.close();
});

function pageUrl(list: List, cursor: string, limit = 1): string {
  const separator = list.path.includes("?") ? "&" : "?";
  return `${list.path}${separator}${new URLSearchParams({ limit: String(limit), cursor })}`;
}

async function get(list: List, url: string) {
  return clientFor(t.app, callers, list.caller).get(url);
}

const TIMESTAMP_LIKE = /^\d{4}-\d{2}-\d{2}[T ]/;

/** Near misses of one real cursor item: each must make the cursor invalid. */
function nearMisses(item: unknown, isId: boolean): unknown[] {
  const anyKind = [null, [], {}, true, 1.5];
  if (typeof item === "number") return [...anyKind, 2, -1, String(item), 2 ** 31];
  const value = String(item);
  const strings = [`${value}\u0000`, `${value}\ud800`, "\udc00", 12345];
  if (isId) return [...anyKind, ...strings, "", "a".repeat(101), "' or 1=1 --", "../x"];
  if (TIMESTAMP_LIKE.test(value)) {
    const date = value.slice(0, 10);
    return [
      ...anyKind,
      ...strings,
      value.replace(date, "2024-13-01"),
      value.replace(date, "2023-02-29"),
      value.replace(date, "0000-01-01"),
      value.replace(/[T ]\d{2}:/, (m) => `${m[0]}24:`),
      value.replace(/:\d{2}(?=[.+Z-])/, ":61"),
      `${value}junk`,
      "now",
      "infinity",
    ];
  }
  if (/^\d+$/.test(value)) {
    return [...anyKind, ...strings, "99999999999999999999", "2147483648", "-1", "1e3", "", " 1"];
  }
  // A text sort key (the members' name order): anything but NUL, a lone surrogate or the
  // wrong type is a name someone could have.
  return [...anyKind, ...strings, "a".repeat(2_000)];
}

async function expectInvalidCursor(response: Response, context: string) {
  expect(response.status, `${context}: ${await response.clone().text()}`).toBe(400);
  await expectErrorShape(response.clone(), context);
  const body = (await response.json()) as { error: { fields?: Record<string, string> } };
  expect(Object.keys(body.error.fields ?? {}), context).toEqual(["cursor"]);
}

describe("a real cursor", () => {
  it.each(LISTS.map((list) => [list.path, list] as const))("%s pages on", async (_, list) => {
    const first = await get(list, pageUrl(list, ""));
    expect(first.status).toBe(200);
    const cursor = list.nextCursor(await first.json());
    expect(cursor, "the list needs a second page").toBeTruthy();
    const second = await get(list, pageUrl(list, cursor as string));
    expect(second.status).toBe(200);
    realCursors.set(list.path, cursor as string);
  });
});

describe("a real cursor with one item changed, dropped or added", () => {
  it.each(LISTS.map((list) => [list.path, list] as const))("%s answers 400", async (_, list) => {
    const cursor = realCursors.get(list.path);
    if (!cursor) throw new Error("the positive control did not run");
    const items = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
    expect(Array.isArray(items)).toBe(true);
    const forged: Array<[string, unknown[]]> = [
      ["dropped", items.slice(0, -1)],
      ["added", [...items, items.at(-1)]],
      ["nested", [items]],
    ];
    items.forEach((item, index) => {
      for (const miss of nearMisses(item, index === items.length - 1)) {
        const copy = [...items];
        copy[index] = miss;
        forged.push([`item ${index} = ${JSON.stringify(miss)?.slice(0, 40)}`, copy]);
      }
    });
    for (const [what, values] of forged) {
      const response = await get(list, pageUrl(list, encodeItems(values)));
      await expectInvalidCursor(response, `${list.path} ${what}`);
    }
  });

  it("the directory's discussions order refuses a count past an int (was a 500)", async () => {
    const cursor = encodeItems(["99999999999999999999", "x"]);
    const members = LISTS.find((list) => list.path === "/api/members?sort=discussions") as List;
    const response = await get(members, `/api/members?sort=discussions&cursor=${cursor}`);
    await expectInvalidCursor(response, "members discussions");
  });
});

describe("a real cursor of another sort or period", () => {
  // Top's cursor is (period, score, id), the other sorts' (pinned, time, id): neither is taken
  // by the other, nor Top's by another period (decision 075). Newest and latest activity share
  // a shape, as before.
  const TOP_WEEK = "/api/discussions?sort=top&period=week";
  const TOP_SEARCH = "/api/discussions?sort=top&period=all&q=discussion";
  const PAIRS: Array<[string, string]> = [
    ["/api/discussions", TOP_WEEK],
    ["/api/discussions?sort=activity", TOP_SEARCH],
    [TOP_WEEK, "/api/discussions"],
    [TOP_WEEK, "/api/discussions?sort=activity&q=discussion"],
    [TOP_SEARCH, TOP_WEEK],
    [TOP_WEEK, TOP_SEARCH],
  ];
  it.each(PAIRS)("%s's, sent to %s, answers 400", async (from, to) => {
    const cursor = realCursors.get(from);
    if (!cursor) throw new Error("the positive control did not run");
    const list: List = { path: to, caller: "anonymous", nextCursor: nextCursorOf };
    await expectInvalidCursor(await get(list, pageUrl(list, cursor)), `${from} -> ${to}`);
  });
});

describe("forged cursors", () => {
  it("fixed forgeries never answer 5xx on any list", async () => {
    for (const list of LISTS) {
      for (const cursor of HOSTILE_CURSORS) {
        const response = await get(list, pageUrl(list, cursor));
        await expectHandled(response, `${list.path} ${cursor.slice(0, 60)}`);
      }
    }
    // Every list times every forgery, one after another: 30 s at a load average of 12.
  }, 120_000);

  it("random forgeries never answer 5xx on any list", async () => {
    for (const list of LISTS) {
      await fc.assert(
        fc.asyncProperty(hostileCursor, async (cursor) => {
          const response = await get(list, pageUrl(list, cursor, 20));
          await expectHandled(response, `${list.path} ${cursor.slice(0, 60)}`);
        }),
        { numRuns: RUNS * 2 },
      );
    }
  }, 300_000);
});
