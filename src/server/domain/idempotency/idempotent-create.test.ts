// Idempotent creates (docs/decisions/033) on the five create routes, through the real app on
// the test database (PGlite; PostgreSQL with `npm run test:pg`).
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { eraseAccount } from "@/server/domain/member-data/erasure";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createMember } from "@/server/test/factories";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import type { ApiErrorBody } from "@/shared/api-types";
import { IDEMPOTENCY_SWEEP_QUEUE } from "./expiry";
import {
  IDEMPOTENCY_KEY_HEADER,
  INVALID_KEY_MESSAGE,
  KEY_REUSED_MESSAGE,
  REPLAYED_HEADER,
} from "./idempotent-create";

let t: TestApp;
beforeAll(async () => {
  // The real limits (no multiplier): a replay must not count against them.
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Member = Awaited<ReturnType<typeof createMember>>;

const keyed = (key: string) => ({ [IDEMPOTENCY_KEY_HEADER]: key });

const countOf = async (query: ReturnType<typeof sql>) =>
  (await queryRows<{ n: number }>(t.db, query))[0]?.n ?? 0;

let addressCounter = 0;
const visitor = (address = `10.77.0.${++addressCounter}`) => createClient(t.app, address);

/** One create route: a request for `tag` (path and body), and how many rows `tag` made. */
type Route = {
  name: string;
  request(tag: string): Promise<{ path: string; body: Record<string, unknown> }>;
  rows(tag: string): Promise<number>;
};

let author: Member;
let discussionId: string;

beforeAll(async () => {
  author = await createMember(t, { name: "Author" });
  discussionId = await insertDiscussionRow(t.db, { authorId: author.id });
});

const ROUTES: Route[] = [
  {
    name: "discussions",
    request: async (tag) => ({
      path: "/api/discussions",
      body: { category: "rants-and-vents", title: `Idem ${tag}`, content: "Body" },
    }),
    rows: (tag) =>
      countOf(sql`select count(*)::int as n from discussions where title = ${`Idem ${tag}`}`),
  },
  {
    name: "replies",
    request: async (tag) => ({
      path: `/api/discussions/${discussionId}/replies`,
      body: { content: `Reply ${tag}` },
    }),
    rows: (tag) =>
      countOf(
        sql`select count(*)::int as n from discussion_replies where content = ${`Reply ${tag}`}`,
      ),
  },
  {
    name: "reports",
    // One report per member and item: each tag reports a discussion of its own.
    request: async (tag) => ({
      path: "/api/moderation/reports",
      body: {
        targetKind: "discussion",
        targetId: await insertDiscussionRow(t.db, { authorId: author.id }),
        reason: "spam",
        details: tag,
      },
    }),
    rows: (tag) => countOf(sql`select count(*)::int as n from reports where details = ${tag}`),
  },
  {
    name: "contact",
    request: async (tag) => ({
      path: "/api/contact",
      body: { name: "Ada", email: "ada@example.com", subject: tag, message: "Hello" },
    }),
    rows: (tag) =>
      countOf(sql`select count(*)::int as n from contact_messages where subject = ${tag}`),
  },
  {
    name: "data-requests",
    request: async (tag) => ({
      path: "/api/data-requests",
      body: { requestType: "access", email: `${tag}@example.com`, fullName: "Ada", details: "" },
    }),
    rows: (tag) =>
      countOf(
        sql`select count(*)::int as n from data_requests where email = ${`${tag}@example.com`}`,
      ),
  },
];

const newTag = () => randomUUID().slice(0, 8);

const storedKeys = (key: string) =>
  countOf(sql`select count(*)::int as n from idempotency_keys where key = ${key}`);

describe.each(ROUTES)("POST $name with an Idempotency-Key", (route) => {
  it("answers a retry with the first answer (replayed) and creates one row", async () => {
    const member = await createMember(t);
    const key = randomUUID();
    const tag = newTag();
    const { path, body } = await route.request(tag);
    const first = await member.client.post(path, body, keyed(key));
    expect(first.status).toBe(201);
    expect(first.headers.get(REPLAYED_HEADER)).toBeNull();
    const firstBody = await first.text();
    const jobsAfterFirst = await t.deps.jobs.waitingCounts();

    for (let retry = 0; retry < 2; retry += 1) {
      const again = await member.client.post(path, body, keyed(key));
      expect(again.status).toBe(201);
      expect(again.headers.get(REPLAYED_HEADER)).toBe("true");
      expect(await again.text()).toBe(firstBody);
    }
    expect(await route.rows(tag)).toBe(1);
    expect(await storedKeys(key)).toBe(1);
    // Nothing queued twice: no second notification fan-out, no second confirmation mail.
    expect(await t.deps.jobs.waitingCounts()).toEqual(jobsAfterFirst);
  });

  it("refuses the same key with another body (422) and creates nothing", async () => {
    const member = await createMember(t);
    const key = randomUUID();
    const tag = newTag();
    const { path, body } = await route.request(tag);
    expect((await member.client.post(path, body, keyed(key))).status).toBe(201);
    const otherTag = newTag();
    const other = await route.request(otherTag);
    const response = await member.client.post(other.path, other.body, keyed(key));
    expect(response.status).toBe(422);
    expect(((await response.json()) as ApiErrorBody).error).toEqual({
      code: "IDEMPOTENCY_KEY_REUSED",
      message: KEY_REUSED_MESSAGE,
    });
    expect(await route.rows(otherTag)).toBe(0);
  });

  it("gives another member with the same key a create of their own, not the first answer", async () => {
    const [first, second] = [await createMember(t), await createMember(t)];
    const key = randomUUID();
    const tag = newTag();
    const { path, body } = await route.request(tag);
    const a = await first.client.post(path, body, keyed(key));
    expect(a.status).toBe(201);
    // The same key and the same body, as another account: as if it had never been used.
    const b = await second.client.post(path, body, keyed(key));
    expect(b.status).toBe(201);
    expect(b.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(await storedKeys(key)).toBe(2);
    expect(await route.rows(tag)).toBe(2);
    // Each answer names its own record (a report's answer is only a thank-you).
    if (route.name !== "reports") expect(await b.text()).not.toBe(await a.text());
  });

  it("creates once when the same key arrives several times at once", async () => {
    const member = await createMember(t);
    const key = randomUUID();
    const tag = newTag();
    const { path, body } = await route.request(tag);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => member.client.post(path, body, keyed(key))),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
    const bodies = new Set(await Promise.all(answers.map((answer) => answer.text())));
    expect(bodies.size).toBe(1);
    expect(answers.filter((answer) => answer.headers.get(REPLAYED_HEADER) === null)).toHaveLength(
      1,
    );
    expect(await route.rows(tag)).toBe(1);
  });

  it("refuses a malformed key with 400 and creates nothing", async () => {
    const member = await createMember(t);
    for (const key of ["", "has space", "x".repeat(256), "caf\u00e9", "tab\there"]) {
      const tag = newTag();
      const { path, body } = await route.request(tag);
      const response = await member.client.post(path, body, keyed(key));
      expect(response.status, JSON.stringify(key)).toBe(400);
      expect(((await response.json()) as ApiErrorBody).error).toEqual({
        code: "INVALID_IDEMPOTENCY_KEY",
        message: INVALID_KEY_MESSAGE,
      });
      expect(await route.rows(tag)).toBe(0);
    }
    // The longest key and every visible ASCII character are fine.
    const tag = newTag();
    const { path, body } = await route.request(tag);
    const longest = `${Array.from({ length: 94 }, (_, i) => String.fromCharCode(33 + i)).join("")}`;
    const ok = await member.client.post(path, body, keyed(longest.padEnd(255, "k")));
    expect(ok.status).toBe(201);
  });
});

describe("Idempotency-Key scope and limits", () => {
  it("keeps anonymous keys per client address: another address gets its own create", async () => {
    const key = randomUUID();
    const body = { name: "Ada", email: "ada@example.com", subject: newTag(), message: "Hi" };
    const here = visitor();
    const first = await here.post("/api/contact", body, keyed(key));
    const again = await here.post("/api/contact", body, keyed(key));
    expect(again.headers.get(REPLAYED_HEADER)).toBe("true");
    expect(await again.text()).toBe(await first.text());
    const elsewhere = await visitor().post("/api/contact", body, keyed(key));
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(
      await countOf(
        sql`select count(*)::int as n from contact_messages where subject = ${body.subject}`,
      ),
    ).toBe(2);
  });

  it("a signed-in member's keys are not the anonymous ones of the same address", async () => {
    const address = "10.78.0.1";
    const anonymous = visitor(address);
    const member = await createMember(t);
    const memberHere = createClient(t.app, address);
    for (const [name, value] of member.client.cookies) memberHere.cookies.set(name, value);
    const key = randomUUID();
    const body = { name: "Ada", email: "ada@example.com", subject: newTag(), message: "Hi" };
    const first = await anonymous.post("/api/contact", body, keyed(key));
    expect(first.status).toBe(201);
    const signedIn = await memberHere.post("/api/contact", body, keyed(key));
    expect(signedIn.status).toBe(201);
    expect(signedIn.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(await signedIn.text()).not.toBe(await first.text());
  });

  it("does not count a replay against the rate limit (one discussion per 15 s)", async () => {
    const member = await createMember(t);
    const key = randomUUID();
    const body = { category: "rants-and-vents", title: `Limit ${newTag()}`, content: "Body" };
    expect((await member.client.post("/api/discussions", body, keyed(key))).status).toBe(201);
    const replay = await member.client.post("/api/discussions", body, keyed(key));
    expect(replay.status).toBe(201);
    // The limit itself still holds for a new create.
    const next = await member.client.post(
      "/api/discussions",
      { category: "rants-and-vents", title: `Limit ${newTag()}`, content: "Body" },
      keyed(randomUUID()),
    );
    expect(next.status).toBe(429);
  });

  it("stores nothing for a refused create: the key is free for the retry", async () => {
    const member = await createMember(t);
    const target = await insertDiscussionRow(t.db, { authorId: author.id });
    const body = { targetKind: "discussion", targetId: target, reason: "spam", details: "" };
    expect((await member.client.post("/api/moderation/reports", body)).status).toBe(201);
    const key = randomUUID();
    const refused = await member.client.post("/api/moderation/reports", body, keyed(key));
    expect(refused.status).toBe(409);
    expect(await storedKeys(key)).toBe(0);
  });

  it("without the header, every request creates (as before)", async () => {
    const client = visitor();
    const body = { name: "Ada", email: "ada@example.com", subject: newTag(), message: "Hi" };
    await client.post("/api/contact", body);
    await client.post("/api/contact", body);
    expect(
      await countOf(
        sql`select count(*)::int as n from contact_messages where subject = ${body.subject}`,
      ),
    ).toBe(2);
  });
});

describe("Idempotency-Key expiry", () => {
  it("forgets a key after 24 hours: the same key creates again, and the sweep deletes old keys", async () => {
    const client = visitor();
    const key = randomUUID();
    const body = { name: "Ada", email: "ada@example.com", subject: newTag(), message: "Hi" };
    expect((await client.post("/api/contact", body, keyed(key))).status).toBe(201);
    await t.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = ${key}`,
    );
    const later = await client.post("/api/contact", body, keyed(key));
    expect(later.status).toBe(201);
    expect(later.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(
      await countOf(
        sql`select count(*)::int as n from contact_messages where subject = ${body.subject}`,
      ),
    ).toBe(2);
    // The key was taken over (one row, fresh), and answers replays again.
    expect(await storedKeys(key)).toBe(1);
    expect((await client.post("/api/contact", body, keyed(key))).headers.get(REPLAYED_HEADER)).toBe(
      "true",
    );

    const oldKey = randomUUID();
    await client.post("/api/contact", { ...body, subject: newTag() }, keyed(oldKey));
    await t.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '24 hours 1 minute'
          where key = ${oldKey}`,
    );
    await t.deps.jobs.send(IDEMPOTENCY_SWEEP_QUEUE, {});
    await t.runJobs();
    expect(await storedKeys(oldKey)).toBe(0);
    expect(await storedKeys(key)).toBe(1);
  });
});

describe("Idempotency-Key and account erasure", () => {
  it("erasing an account deletes the answers stored under its keys", async () => {
    const member = await createMember(t);
    const key = randomUUID();
    const body = { name: "Ada", email: "ada@example.com", subject: newTag(), message: "Hi" };
    expect((await member.client.post("/api/contact", body, keyed(key))).status).toBe(201);
    expect(await storedKeys(key)).toBe(1);
    expect(await eraseAccount(t.deps, member.id, { kind: "member", removeContent: false })).toBe(
      true,
    );
    expect(await storedKeys(key)).toBe(0);
  });
});
