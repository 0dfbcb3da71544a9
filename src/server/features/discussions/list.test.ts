import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createMember } from "@/server/test/factories";
import { createClient, createTestApp, type TestApp, type TestClient } from "@/server/test/test-app";
import type { ApiErrorBody, DiscussionItem, DiscussionPage } from "@/shared/api-types";

let t: TestApp;
let visitor: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  visitor = createClient(t.app);
});
afterAll(async () => {
  await t.close();
});

async function list(query = ""): Promise<DiscussionPage> {
  const response = await visitor.get(`/api/discussions${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as DiscussionPage;
}

const titles = (page: DiscussionPage) => page.items.map((item) => item.title);

describe("GET /api/discussions", () => {
  beforeEach(async () => {
    await t.db.execute(sql`delete from discussions`);
  });

  it("lists only active discussions, pinned first, then newest first", async () => {
    await insertDiscussionRow(t.db, { title: "old", ageMinutes: 30 });
    await insertDiscussionRow(t.db, { title: "new", ageMinutes: 1 });
    await insertDiscussionRow(t.db, { title: "old pinned", ageMinutes: 60, isPinned: true });
    await insertDiscussionRow(t.db, { title: "new pinned", ageMinutes: 5, isPinned: true });
    await insertDiscussionRow(t.db, { title: "middle locked", ageMinutes: 10, isLocked: true });
    await insertDiscussionRow(t.db, { title: "deleted", ageMinutes: 0, status: "deleted" });
    await insertDiscussionRow(t.db, { title: "hidden", ageMinutes: 0, status: "hidden" });

    const page = await list();
    expect(titles(page)).toEqual(["new pinned", "old pinned", "new", "middle locked", "old"]);
    expect(page.nextCursor).toBeNull();
    expect(page.items[0]).toMatchObject({ isPinned: true, isLocked: false, replies: 0 });
    expect(page.items[3]).toMatchObject({ isLocked: true });
  });

  it("shows 'Deleted member' for a discussion whose author is gone", async () => {
    await insertDiscussionRow(t.db, { title: "orphan", authorId: null });
    expect((await list()).items[0]?.author).toBe("Deleted member");
  });

  it("never returns an author's email", async () => {
    const member = await createMember(t, { name: "Private Person" });
    await insertDiscussionRow(t.db, { authorId: member.id });
    const text = await (await visitor.get("/api/discussions")).text();
    expect(text).toContain("Private Person");
    expect(text).not.toContain(member.email);
  });

  describe("search (docs/product.md §5: case-insensitive, trimmed, title, content or author)", () => {
    let authorId: string;
    // Members stay between tests (only discussions are cleared): made once, for the file's speed.
    beforeAll(async () => {
      authorId = (await createMember(t, { name: "Grumpy Gertrude" })).id;
    });
    beforeEach(async () => {
      await insertDiscussionRow(t.db, { title: "Parking Tickets Again", content: "meh" });
      await insertDiscussionRow(t.db, { title: "Weather", content: "Rain on my BICYCLE again" });
      await insertDiscussionRow(t.db, { title: "Neighbours", content: "noise", authorId });
      await insertDiscussionRow(t.db, { title: "Unrelated", content: "nothing to see" });
    });

    const searches: Array<[string, string[]]> = [
      ["parking", ["Parking Tickets Again"]],
      ["PARKING tickets", ["Parking Tickets Again"]],
      ["   tickets   ", ["Parking Tickets Again"]],
      ["bicycle", ["Weather"]],
      ["  Rain On My  ", ["Weather"]],
      ["gertrude", ["Neighbours"]],
      ["GRUMPY GERTRUDE", ["Neighbours"]],
      ["again", ["Weather", "Parking Tickets Again"]],
      ["zzz", []],
    ];
    for (const [term, expected] of searches) {
      it(`finds ${JSON.stringify(expected)} for ${JSON.stringify(term)}`, async () => {
        const page = await list(`?q=${encodeURIComponent(term)}`);
        expect(titles(page).sort()).toEqual([...expected].sort());
      });
    }

    it("treats % and _ as themselves, not as wildcards", async () => {
      await insertDiscussionRow(t.db, { title: "100% sure", content: "x" });
      await insertDiscussionRow(t.db, { title: "snake_case names", content: "x" });
      expect(titles(await list(`?q=${encodeURIComponent("%")}`))).toEqual(["100% sure"]);
      expect(titles(await list("?q=_"))).toEqual(["snake_case names"]);
      expect(titles(await list(`?q=${encodeURIComponent("\\")}`))).toEqual([]);
    });

    it("lists everything for an empty or blank search", async () => {
      expect((await list("?q=")).items).toHaveLength(4);
      expect((await list("?q=%20%20")).items).toHaveLength(4);
    });
  });

  describe("filters (docs/product.md §3: author, date range, pinned only, locked only)", () => {
    let alice: string;
    let bob: string;
    beforeAll(async () => {
      alice = (await createMember(t, { name: "Alice Smith" })).id;
      bob = (await createMember(t, { name: "Bob Jones" })).id;
    });
    beforeEach(async () => {
      const rows = [
        { title: "a-now", authorId: alice, ageMinutes: 1 },
        { title: "a-2d-pinned", authorId: alice, ageMinutes: 2 * 24 * 60, isPinned: true },
        { title: "a-10d-locked", authorId: alice, ageMinutes: 10 * 24 * 60, isLocked: true },
        {
          title: "b-3h-pinned-locked",
          authorId: bob,
          ageMinutes: 3 * 60,
          isPinned: true,
          isLocked: true,
        },
        { title: "b-20d", authorId: bob, ageMinutes: 20 * 24 * 60 },
        { title: "b-40d-pinned", authorId: bob, ageMinutes: 40 * 24 * 60, isPinned: true },
      ];
      for (const row of rows) await insertDiscussionRow(t.db, row);
    });

    const filters: Array<[string, string[]]> = [
      ["?author=Alice%20Smith", ["a-2d-pinned", "a-now", "a-10d-locked"]],
      ["?author=alice%20SMITH", ["a-2d-pinned", "a-now", "a-10d-locked"]],
      ["?author=%20Bob%20Jones%20", ["b-3h-pinned-locked", "b-40d-pinned", "b-20d"]],
      ["?author=Alice", []],
      ["?range=24h", ["b-3h-pinned-locked", "a-now"]],
      ["?range=7d", ["b-3h-pinned-locked", "a-2d-pinned", "a-now"]],
      ["?range=30d", ["b-3h-pinned-locked", "a-2d-pinned", "a-now", "a-10d-locked", "b-20d"]],
      ["?range=all", ["b-3h-pinned-locked", "a-2d-pinned", "b-40d-pinned", "a-now"]],
      ["?pinned=true", ["b-3h-pinned-locked", "a-2d-pinned", "b-40d-pinned"]],
      ["?locked=true", ["b-3h-pinned-locked", "a-10d-locked"]],
      [
        "?pinned=false&locked=false",
        ["b-3h-pinned-locked", "a-2d-pinned", "b-40d-pinned", "a-now", "a-10d-locked", "b-20d"],
      ],
      ["?pinned=true&locked=true", ["b-3h-pinned-locked"]],
      ["?author=Bob%20Jones&pinned=true", ["b-3h-pinned-locked", "b-40d-pinned"]],
      ["?author=Bob%20Jones&range=30d", ["b-3h-pinned-locked", "b-20d"]],
      ["?author=Alice%20Smith&locked=true&range=7d", []],
      ["?range=7d&pinned=true", ["b-3h-pinned-locked", "a-2d-pinned"]],
      ["?q=pinned&range=30d", ["b-3h-pinned-locked", "a-2d-pinned"]],
      ["?q=a-&author=alice%20smith&range=7d", ["a-2d-pinned", "a-now"]],
    ];
    for (const [query, expected] of filters) {
      it(`${query} lists ${expected.join(", ") || "nothing"}`, async () => {
        const page = await list(`${query}${query.includes("range=all") ? "&limit=4" : ""}`);
        expect(titles(page)).toEqual(expected);
      });
    }
  });

  describe("bad parameters are 400s with a message, never 500s", () => {
    const bad: Array<[string, string]> = [
      ["?range=1y", "range"],
      ["?pinned=maybe", "pinned"],
      ["?locked=yes", "locked"],
      ["?limit=0", "limit"],
      ["?limit=51", "limit"],
      ["?limit=ten", "limit"],
      ["?cursor=not-a-cursor", "cursor"],
      [`?cursor=${Buffer.from('[1,"2020","x"]').toString("base64url")}`, "cursor"],
      [`?q=${"x".repeat(201)}`, "q"],
    ];
    for (const [query, field] of bad) {
      it(query.slice(0, 40), async () => {
        const response = await visitor.get(`/api/discussions${query}`);
        expect(response.status).toBe(400);
        const body = (await response.json()) as ApiErrorBody;
        expect(body.error.fields?.[field]).toBeTruthy();
      });
    }
  });

  describe("keyset pagination", () => {
    async function allPages(query: string, between?: () => Promise<void>) {
      const seen: DiscussionItem[] = [];
      let cursor: string | null = null;
      do {
        const page = await list(
          `?limit=3${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        );
        seen.push(...page.items);
        cursor = page.nextCursor;
        await between?.();
      } while (cursor);
      return seen;
    }

    it("walks every discussion once, in order, while new ones keep arriving", async () => {
      for (let i = 0; i < 11; i += 1) {
        await insertDiscussionRow(t.db, {
          title: `d${i}`,
          ageMinutes: 100 - i,
          isPinned: i % 4 === 0,
        });
      }
      const expected = titles(await list("?limit=50"));
      expect(expected).toHaveLength(11);

      let added = 0;
      const seen = await allPages("", async () => {
        added += 1;
        await insertDiscussionRow(t.db, { title: `arrived ${added}` });
        await insertDiscussionRow(t.db, { title: `arrived pinned ${added}`, isPinned: true });
      });
      // No duplicates, and every discussion that existed at the start exactly once, in order.
      // (A newcomer may show up where it sorts after the cursor: while the reader is still in
      // the pinned part, new unpinned ones lead the unpinned part. That is its true place.)
      expect(new Set(seen.map((item) => item.id)).size).toBe(seen.length);
      const original = new Set(expected);
      expect(seen.map((item) => item.title).filter((title) => original.has(title))).toEqual(
        expected,
      );
    });

    it("keeps discussions created in the same instant apart by id", async () => {
      await t.db.execute(sql`
        insert into discussions (title, content, category_id, created_at)
        select 'same ' || n, 'x', (select id from categories order by position limit 1), timestamptz '2024-01-01 12:00:00.123456+00'
        from generate_series(1, 8) as n`);
      const seen = await allPages("");
      expect(seen).toHaveLength(8);
      expect(new Set(seen.map((item) => item.id)).size).toBe(8);
      const ids = seen.map((item) => item.id);
      expect(ids).toEqual([...ids].sort().reverse());
    });

    it("finds matches far down the list and pages across them in order", async () => {
      // 1,200 discussions, one a minute; every 100th mentions a needle. Searches look through
      // the first 1,000 in list order before asking the indexes (queries.ts): both paths and
      // the switch between them must give the same, complete, ordered answer.
      await t.db.execute(sql`
        insert into discussions (title, content, category_id, created_at)
        select 'row ' || n, case when n % 100 = 0 then 'a needle here' else 'hay' end,
          (select id from categories order by position limit 1),
          now() - make_interval(mins => n)
        from generate_series(1, 1200) as n`);
      const expected = Array.from({ length: 12 }, (_, i) => `row ${(i + 1) * 100}`);
      expect(titles(await list("?q=needle&limit=50"))).toEqual(expected);
      expect((await allPages("&q=NEEDLE")).map((item) => item.title)).toEqual(expected);
      await t.db.execute(sql`update discussions set content = 'hay' where title <> 'row 1200'`);
      expect(titles(await list("?q=needle"))).toEqual(["row 1200"]);
    });

    it("pages through a date range across its pinned and unpinned parts", async () => {
      // A range reads pinned and unpinned discussions as two index ranges (queries.ts): pages
      // must still come in list order, and old ones (pinned or not) stay out.
      for (let i = 0; i < 9; i += 1) {
        await insertDiscussionRow(t.db, {
          title: `${i % 3 === 0 ? "pinned" : "plain"} ${i}d`,
          ageMinutes: i * 24 * 60 + 5,
          isPinned: i % 3 === 0,
          isLocked: i % 2 === 0,
        });
      }
      const week = [
        "pinned 0d",
        "pinned 3d",
        "pinned 6d",
        "plain 1d",
        "plain 2d",
        "plain 4d",
        "plain 5d",
      ];
      expect((await allPages("&range=7d")).map((item) => item.title)).toEqual(week);
      expect((await allPages("&range=7d&locked=true")).map((item) => item.title)).toEqual([
        "pinned 0d",
        "pinned 6d",
        "plain 2d",
        "plain 4d",
      ]);
      expect((await allPages("&range=7d&q=plain")).map((item) => item.title)).toEqual(
        week.filter((title) => title.startsWith("plain")),
      );
    });

    it("pages through search results too", async () => {
      for (let i = 0; i < 7; i += 1) {
        await insertDiscussionRow(t.db, { title: `match ${i}`, ageMinutes: i });
        await insertDiscussionRow(t.db, { title: `other ${i}`, ageMinutes: i });
      }
      const seen = await allPages("&q=match");
      expect(seen.map((item) => item.title)).toEqual(
        [0, 1, 2, 3, 4, 5, 6].map((i) => `match ${i}`),
      );
    });
  });
});

describe("GET /api/discussions/:id", () => {
  it("opens an active discussion", async () => {
    const id = await insertDiscussionRow(t.db, { title: "Open me", content: "a\nb" });
    const response = await visitor.get(`/api/discussions/${id}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id, title: "Open me", content: "a\nb" });
  });

  it("answers 404 'Discussion not found' for a missing, deleted or malformed id", async () => {
    const deleted = await insertDiscussionRow(t.db, { status: "deleted" });
    for (const id of [deleted, "3f1d7c1e-0000-4000-8000-000000000000", "nope", "1%27%20or%201=1"]) {
      const response = await visitor.get(`/api/discussions/${id}`);
      expect(response.status, id).toBe(404);
      expect(((await response.json()) as ApiErrorBody).error.message).toBe("Discussion not found");
    }
  });
});
