import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/server/app";
import { createLiveBus } from "@/server/lib/live-bus";
import { insertDiscussionRow, sseReader } from "@/server/test/discussions";
import { createMember } from "@/server/test/factories";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import { openSecondInstance, testDatabaseUrl } from "@/server/test/test-database";
import type { DiscussionChange, DiscussionItem } from "@/shared/api-types";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Opens the live stream of `app` and waits until its subscription is in place. */
async function openStream(app: { request: TestApp["app"]["request"] } = t.app) {
  const response = await app.request("/api/discussions/events", {
    headers: { "accept-encoding": "gzip, deflate, br" },
  });
  expect(response.status).toBe(200);
  const stream = sseReader(response);
  expect(await stream.nextEvent()).toEqual({ event: "ready", data: "" });
  return { response, stream };
}

async function nextChange(stream: ReturnType<typeof sseReader>): Promise<DiscussionChange> {
  const message = await stream.nextEvent();
  expect(message?.event).toBe("discussion");
  return JSON.parse(message?.data ?? "null") as DiscussionChange;
}

describe("GET /api/discussions/events (Server-Sent Events)", () => {
  it("is an uncompressed, uncached event stream", async () => {
    const { response, stream } = await openStream();
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(response.headers.get("cache-control")).toBe("no-cache");
    await stream.close();
  });

  it("sends an event to an open stream when a discussion is created", async () => {
    const { stream } = await openStream();
    const member = await createMember(t);
    const created = await member.client.post("/api/discussions", {
      category: "rants-and-vents",
      title: "Live one",
      content: "Hello",
    });
    const item = (await created.json()) as DiscussionItem;
    expect(await nextChange(stream)).toEqual({ type: "created", id: item.id });
    await stream.close();
  });

  it("sends an event for pin, lock and delete, to every open stream", async () => {
    const first = await openStream();
    const second = await openStream();
    const moderator = await createMember(t, { role: "moderator" });
    const id = await insertDiscussionRow(t.db);

    await moderator.client.put(`/api/discussions/${id}/pin`, { pinned: true });
    await moderator.client.put(`/api/discussions/${id}/lock`, { locked: true });
    await moderator.client.delete(`/api/discussions/${id}`);
    for (const { stream } of [first, second]) {
      expect(await nextChange(stream)).toEqual({ type: "updated", id });
      expect(await nextChange(stream)).toEqual({ type: "updated", id });
      expect(await nextChange(stream)).toEqual({ type: "deleted", id });
      await stream.close();
    }
  });

  it("sends nothing for a refused write", async () => {
    const { stream } = await openStream();
    const member = await createMember(t);
    const moderator = await createMember(t, { role: "moderator" });
    const id = await insertDiscussionRow(t.db);
    const sentinel = await insertDiscussionRow(t.db);
    expect((await member.client.put(`/api/discussions/${id}/pin`, { pinned: true })).status).toBe(
      403,
    );
    // Silence has no event of its own: a write that goes through afterwards does. Events keep
    // their order, so the refused write's event, had there been one, would come first.
    expect(
      (await moderator.client.put(`/api/discussions/${sentinel}/pin`, { pinned: true })).status,
    ).toBe(200);
    expect(await nextChange(stream)).toEqual({ type: "updated", id: sentinel });
    await stream.close();
  });

  it("sends keep-alive comments and ends every stream when the bus closes (server stop)", async () => {
    const live = createLiveBus(t.database, { logger: t.logger, heartbeatMs: 50 });
    const app = createApp({ ...t.deps, live });
    const { stream } = await openStream(app);
    expect(await stream.next(2_000)).toEqual({ comment: "keep-alive" });

    await live.close();
    // The stream ends instead of hanging, so the server can stop; new streams get a 503.
    let message = await stream.next(2_000);
    while (message && "comment" in message) message = await stream.next(2_000);
    expect(message).toBeNull();
    expect((await app.request("/api/discussions/events")).status).toBe(503);
  });
});

describe("when the database cannot listen", () => {
  it("answers 503, so that the browser waits and tries again, and tries LISTEN afresh next time", async () => {
    let attempts = 0;
    const live = createLiveBus(
      {
        listen: async (channel, onPayload, onLost) => {
          attempts += 1;
          if (attempts === 1) throw new Error("connection refused");
          return t.database.listen(channel, onPayload, onLost);
        },
      },
      { logger: t.logger },
    );
    const app = createApp({ ...t.deps, live });
    const refused = await app.request("/api/discussions/events");
    expect(refused.status).toBe(503);
    expect(refused.headers.get("content-type")).toMatch(/json/);

    const { stream } = await openStream(app);
    expect(attempts).toBe(2);
    await stream.close();
    await live.close();
  });
});

describe("two app instances on one PostgreSQL database", () => {
  const databaseUrl = testDatabaseUrl();

  // PGlite is one process's database: a second instance cannot open it, so this runs in the
  // PostgreSQL pass only (`npm run test:pg`, CI).
  it.skipIf(!databaseUrl)(
    "deliver each other's events (PostgreSQL only: skipped on PGlite, which has one process)",
    async () => {
      const otherDatabase = await openSecondInstance(t.db);
      const otherLive = createLiveBus(otherDatabase, { logger: t.logger });
      const other = createApp({ ...t.deps, db: otherDatabase.db, live: otherLive });
      try {
        const onFirst = await openStream(t.app);
        const onSecond = await openStream(other);

        // A write through instance 2 reaches a browser on instance 1 ...
        const member = await createMember(t);
        const throughSecond = createClient(other);
        for (const [name, value] of member.client.cookies) throughSecond.cookies.set(name, value);
        const viaSecond = await throughSecond.post("/api/discussions", {
          category: "rants-and-vents",
          title: "From instance two",
          content: "x",
        });
        expect(viaSecond.status).toBe(201);
        const created = (await viaSecond.json()) as DiscussionItem;
        expect(await nextChange(onFirst.stream)).toEqual({ type: "created", id: created.id });
        expect(await nextChange(onSecond.stream)).toEqual({ type: "created", id: created.id });

        // ... and the other way round.
        const moderator = await createMember(t, { role: "moderator" });
        await moderator.client.put(`/api/discussions/${created.id}/pin`, { pinned: true });
        expect(await nextChange(onSecond.stream)).toEqual({ type: "updated", id: created.id });
        expect(await nextChange(onFirst.stream)).toEqual({ type: "updated", id: created.id });

        await onFirst.stream.close();
        await onSecond.stream.close();
      } finally {
        await otherLive.close();
        await otherDatabase.close();
      }
    },
  );

  it.skipIf(!databaseUrl)(
    "recover when the LISTEN connection is lost (PostgreSQL only: PGlite has no connections)",
    async () => {
      const first = await openStream();
      // What a PostgreSQL restart or a network cut does to the listening connection.
      await t.db.execute(sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query ilike 'listen%'`);
      // Open streams end, so their browsers reconnect (and refetch what they missed) ...
      let message = await first.stream.next(5_000);
      while (message && "comment" in message) message = await first.stream.next(5_000);
      expect(message).toBeNull();

      // ... and a new stream listens again and gets the next change.
      const second = await openStream();
      const id = await insertDiscussionRow(t.db);
      const moderator = await createMember(t, { role: "moderator" });
      await moderator.client.put(`/api/discussions/${id}/pin`, { pinned: true });
      expect(await nextChange(second.stream)).toEqual({ type: "updated", id });
      await second.stream.close();
    },
  );
});
