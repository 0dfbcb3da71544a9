// The forum search and full-text search tell nothing of hidden words (decisions 046, 074): for
// random hidden texts and random pieces of them (anywhere in the text, in any case) used as the
// query, with random filters and page sizes, every response a reader who may not read them gets
// (the JSON APIs, the server-rendered /discussion?q= page) is the one they get with the hidden
// discussion absent.
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createApp } from "@/server/app";
import { rebuildSearchWords } from "@/server/features/search/words";
import { builtClient } from "@/server/test/built-client";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createMember } from "@/server/test/factories";
import { createTestApp, type TestApp } from "@/server/test/test-app";

const SHELL =
  '<!doctype html><html lang="en"><head><title>Rant Community</title></head><body>' +
  '<div id="root"></div><script type="module" src="/assets/main.js"></script></body></html>';

type Member = Awaited<ReturnType<typeof createMember>>;

let t: TestApp;
let app: ReturnType<typeof createApp>;
let hiddenAuthor: Member;
let readers: { visitor: null; member: Member; blogAuthor: Member };

beforeAll(async () => {
  // Searches are limited per address and per member: not what this test is about.
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "1000" } });
  app = createApp(t.deps, { staticFiles: builtClient(SHELL) });
  // Names are not hidden (a search by name finds the discussion, masked): this one cannot be
  // matched by the printable ASCII the queries are made of, so only words could find it.
  hiddenAuthor = await createMember(t, { name: "Ωμέγα Жук" });
  readers = {
    visitor: null,
    member: await createMember(t, { name: "Ordinary Reader" }),
    blogAuthor: await createMember(t, { role: "author", name: "Blog Writer" }),
  };
  // Visible discussions that many pieces match, so the answers compared are not all empty.
  const decoy = await createMember(t, { name: "Decoy Poster" });
  for (const text of [
    "My neighbour at flat 12b phone 07700 is lovely",
    "abcdefghijklmnopqrstuvwxyz 0123456789",
    "The quick brown fox jumps over the lazy dog!",
    "~`!@#$%^&*()_+-={}[]|\\:;\"',.?/ punctuation",
    "e e e a a a o o o 1 1 1 0 0 0",
  ]) {
    await insertDiscussionRow(t.db, {
      title: text.slice(0, 30),
      content: text,
      authorId: decoy.id,
    });
  }
  // "Did you mean" offers words of what a visitor reads (decision 074): made before any hidden
  // discussion exists, as the job would.
  await rebuildSearchWords(t.db);
});
afterAll(async () => {
  await t.close();
});

function cookieOf(member: Member | null): Record<string, string> {
  const pairs = [...(member?.client.cookies ?? [])].map(([name, value]) => `${name}=${value}`);
  return pairs.length ? { cookie: pairs.join("; ") } : {};
}

/**
 * Everything a reader learns from the searches: each reader's JSON of the forum's search and of
 * full-text search (issue 44, with its suggestion), and the visitor's page.
 */
async function answers(search: URLSearchParams): Promise<string[]> {
  const seen: string[] = [];
  const fullText = new URLSearchParams({ q: search.get("q") ?? "" });
  for (const member of Object.values(readers)) {
    const response = await app.request(`/api/discussions?${search}`, { headers: cookieOf(member) });
    seen.push(`${response.status} ${await response.text()}`);
    const found = await app.request(`/api/search?${fullText}`, { headers: cookieOf(member) });
    seen.push(`${found.status} ${await found.text()}`);
  }
  const page = await app.request(`/discussion?${search}`, { headers: cookieOf(readers.member) });
  const html = await page.text();
  // The page's markup and data; the head's request-specific parts and the render's clock aside.
  const body = html.slice(html.indexOf("<body")).replace(/\d{13}/g, "(time)");
  seen.push(`${page.status} ${body}`);
  return seen;
}

/** Where two answers first differ, with some context: the arrays are too long to print. */
function difference(a: string[], b: string[]): string | null {
  for (const [index, left] of a.entries()) {
    const right = b[index] ?? "";
    if (left === right) continue;
    let at = 0;
    while (left[at] === right[at]) at += 1;
    const around = (text: string) => text.slice(Math.max(0, at - 150), at + 150);
    return `answer ${index}:\n  with the hidden one: ${around(left)}\n  without: ${around(right)}`;
  }
  return null;
}

// Hidden texts: printable ASCII, phone-number-like digits, and words.
const hiddenText = fc.oneof(
  fc.string({ minLength: 1, maxLength: 60 }),
  fc.stringMatching(/^(phone )?0[0-9 ]{6,14}$/),
  fc
    .array(fc.constantFrom("flat", "12b", "neighbour", "is", "awful", "secret", "e", "a"), {
      minLength: 1,
      maxLength: 8,
    })
    .map((words) => words.join(" ")),
);

/** A piece of `text` from anywhere in it, in its own case or another. */
const piece = hiddenText.chain((text) =>
  fc
    .record({
      start: fc.nat({ max: text.length - 1 }),
      length: fc.integer({ min: 1, max: text.length }),
      upper: fc.boolean(),
    })
    .map(({ start, length, upper }) => {
      const cut = text.slice(start, start + length);
      return { text, query: upper ? cut.toUpperCase() : cut };
    }),
);

const filters = fc.record({
  sort: fc.constantFrom("newest", "activity"),
  range: fc.constantFrom("all", "24h", "30d"),
  limit: fc.constantFrom("1", "2", "3", "20"),
  asAuthor: fc.boolean(),
});

it("no answer, count or page differs from the one without the hidden discussion", async () => {
  await fc.assert(
    fc.asyncProperty(piece, filters, async ({ text, query }, filter) => {
      // A query that cleans to nothing filters nothing: the list shows the hidden one masked.
      fc.pre(query.replace(/[<>]/g, "").trim().length > 0);
      const id = await insertDiscussionRow(t.db, {
        title: text.slice(0, 100),
        content: text,
        authorId: hiddenAuthor.id,
      });
      await t.db.execute(sql`update discussions set hidden_at = now() where id = ${id}::uuid`);
      try {
        const search = new URLSearchParams({
          q: query,
          sort: filter.sort,
          range: filter.range,
          limit: filter.limit,
        });
        // The piece as the author filter too: a name, never the words.
        if (filter.asAuthor) search.set("author", query);
        const withHidden = await answers(search);
        await t.db.execute(sql`update discussions set status = 'deleted' where id = ${id}::uuid`);
        const without = await answers(search);
        expect(difference(withHidden, without)).toBeNull();
      } finally {
        await t.db.execute(sql`delete from discussions where id = ${id}::uuid`);
      }
    }),
    { numRuns: Number(process.env.SEARCH_PROPERTY_RUNS ?? 25) },
  );
  // Each run renders the page twice: about 1 s on a busy machine.
}, 300_000);

it("finds the oracle of issue 32: nothing for the hidden number, as for any other", async () => {
  const id = await insertDiscussionRow(t.db, {
    title: "About my neighbour",
    content: "My neighbour at flat 12b phone 07700900123 is awful",
    authorId: hiddenAuthor.id,
  });
  await t.db.execute(sql`update discussions set hidden_at = now() where id = ${id}::uuid`);
  const found = await answers(new URLSearchParams({ q: "07700900123" }));
  const other = await answers(new URLSearchParams({ q: "07700900999" }));
  // Full-text search repeats the query it answers: that, and only that, is put aside.
  const asked = (answer: string) =>
    answer.replace('"query":"07700900123"', '"query":"07700900999"');
  expect(difference(found.slice(0, 6).map(asked), other.slice(0, 6))).toBeNull();
  await t.db.execute(sql`delete from discussions where id = ${id}::uuid`);
});
