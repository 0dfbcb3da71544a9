// The outbox (docs/decisions/092): a reaction's event is written by the reaction's own insert,
// one waiting job asks the worker for it, and the worker writes every event, in order, in
// batches; a batch with a bad event hands its events to the events queue, one job each.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { NOTIFICATION_EVENTS_QUEUE } from "@/server/domain/notifications/events";
import { NOTIFICATION_OUTBOX_QUEUE } from "@/server/domain/notifications/outbox";
import { JOB_SCHEMA } from "@/server/lib/job-schema";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createMember } from "@/server/test/factories";
import { createTestApp, type TestApp } from "@/server/test/test-app";
import { type NotificationPage, notificationText } from "@/shared/notifications";
import { OUTBOX_BATCH } from "./outbox";

type Member = Awaited<ReturnType<typeof createMember>>;
let t: TestApp;
let author: Member;
let readers: Member[];

beforeAll(async () => {
  t = await createTestApp();
  author = await createMember(t, { name: "Outbox Author" });
  readers = await Promise.all(
    ["Ann", "Bea", "Col"].map((name) => createMember(t, { name: `${name} Outbox` })),
  );
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.runJobs();
});

const outbox = () =>
  queryRows<{ event: { type: string; reactionId?: string } }>(
    t.db,
    sql`select event from notification_outbox order by id`,
  );

const waiting = async (queue: string) => (await t.deps.jobs.waitingCounts()).get(queue) ?? 0;

async function entries(member: Member) {
  const answer = await member.client.get("/api/notifications");
  return ((await answer.json()) as NotificationPage).notifications.map(notificationText);
}

describe("the notification outbox", () => {
  it("holds a reaction's event from its insert, with one job waiting however many came", async () => {
    const discussion = await insertDiscussionRow(t.db, { authorId: author.id, title: "Boxed" });
    for (const reader of readers) {
      expect(
        (await reader.client.put(`/api/reactions/discussions/${discussion}/agree`)).status,
      ).toBe(201);
    }
    // A repeat adds no reaction, so no event.
    expect(
      (await readers[0]?.client.put(`/api/reactions/discussions/${discussion}/agree`))?.status,
    ).toBe(200);
    const [reaction] = await queryRows<{ id: string }>(
      t.db,
      sql`select id::text from reactions where user_id = ${readers[0]?.id} and discussion_id = ${discussion}::uuid`,
    );
    const events = await outbox();
    expect(events).toHaveLength(3);
    expect(events[0]?.event).toEqual({ type: "reacted", reactionId: reaction?.id });
    expect(await waiting(NOTIFICATION_OUTBOX_QUEUE)).toBe(1);

    await t.runJobs();
    expect(await outbox()).toEqual([]);
    // Written in the order they came: the entry names the newest.
    expect(await entries(author)).toEqual([
      "Col Outbox and 2 others reacted to your discussion “Boxed”",
    ]);
  });

  it("answers a toggle whose nudge failed, and keeps its event for the worker", async () => {
    const discussion = await insertDiscussionRow(t.db, { authorId: author.id, title: "Nudged" });
    const { jobs } = t.deps;
    const send = jobs.send;
    jobs.send = async (name, data, options) => {
      if (name === NOTIFICATION_OUTBOX_QUEUE) throw new Error("the job table is away");
      return send(name, data, options);
    };
    try {
      expect(
        (await readers[2]?.client.put(`/api/reactions/discussions/${discussion}/hugs`))?.status,
      ).toBe(201);
    } finally {
      jobs.send = send;
    }
    expect(await outbox()).toHaveLength(1);
    // The minute's schedule sends the job the nudge did not.
    await jobs.send(NOTIFICATION_OUTBOX_QUEUE, {});
    await t.runJobs();
    expect(await entries(author)).toContain("Col Outbox reacted to your discussion “Nudged”");
  });

  it("writes more than a batch in one run", async () => {
    const events = OUTBOX_BATCH * 2 + 5;
    // Reactions no longer there: each event is taken and tells no one.
    await t.db.execute(
      sql`insert into notification_outbox (event)
          select jsonb_build_object('type', 'reacted', 'reactionId', (1000000000 + n)::text)
          from generate_series(1, ${events}) n`,
    );
    await t.deps.jobs.send(NOTIFICATION_OUTBOX_QUEUE, {});
    await t.runJobs();
    expect(await outbox()).toEqual([]);
  });

  it("hands a failing batch to the events queue, where the good events are still written", async () => {
    const discussion = await insertDiscussionRow(t.db, { authorId: author.id, title: "Spoilt" });
    // An id that is not a number fails the fan-out's statement, and the batch with it.
    await t.db.execute(
      sql`insert into notification_outbox (event)
          values (jsonb_build_object('type', 'reacted', 'reactionId', 'not a number'))`,
    );
    expect(
      (await readers[1]?.client.put(`/api/reactions/discussions/${discussion}/wow`))?.status,
    ).toBe(201);
    await t.runJobs();
    expect(await outbox()).toEqual([]);
    expect(await entries(author)).toContain("Bea Outbox reacted to your discussion “Spoilt”");
    // The bad one is its own job, failing and retried on its own.
    const [bad] = await queryRows<{ state: string }>(
      t.db,
      sql`select state from ${sql.raw(JOB_SCHEMA)}.job
          where name = ${NOTIFICATION_EVENTS_QUEUE} and data->>'reactionId' = 'not a number'`,
    );
    expect(bad?.state).toBe("retry");
  });
});
