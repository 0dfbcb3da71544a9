// The outbox's worker (docs/decisions/092): events written beside a reaction, taken oldest first
// in batches, each batch one transaction that deletes its events and writes their entries. Two
// instances take different events (skip locked). A batch that fails is handed over, event by
// event, to the events queue, where each is retried and, at last, failed on its own: one bad
// event never holds up the others.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import {
  NOTIFICATION_EVENTS_QUEUE,
  type NotificationEvent,
} from "@/server/domain/notifications/events";
import { NOTIFICATION_OUTBOX_QUEUE } from "@/server/domain/notifications/outbox";
import type { JobQueue } from "@/server/lib/jobs";
import type { Logger } from "@/server/lib/logger";
import { writeNotificationEvents } from "./fan-out";

/** Events per transaction: a second of reactions at 50 a second, in one commit. */
export const OUTBOX_BATCH = 100;

/** Takes up to `limit` of the oldest events no other worker holds: gone when `tx` commits. */
async function takeEvents(tx: Db, limit: number): Promise<NotificationEvent[]> {
  const rows = await queryRows<{ id: string; event: NotificationEvent }>(
    tx,
    sql`delete from notification_outbox
        where id in (
          select id from notification_outbox order by id limit ${limit} for update skip locked)
        returning id::text, event`,
  );
  // `delete ... returning` hands rows back in no set order; a grouped entry names its newest
  // actor, so the events are written in the order they happened.
  return rows.sort((a, b) => Number(BigInt(a.id) - BigInt(b.id))).map((row) => row.event);
}

/** Writes one batch; how many events it took. */
async function writeBatch(db: Db, jobs: JobQueue): Promise<number> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const events = await takeEvents(tx, OUTBOX_BATCH);
    await writeNotificationEvents(tx, jobs, events);
    return events.length;
  });
}

/** Moves one batch to the events queue as they are, a job each; how many it moved. */
async function handOverBatch(db: Db, jobs: JobQueue): Promise<number> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const events = await takeEvents(tx, OUTBOX_BATCH);
    await jobs.sendMany(
      NOTIFICATION_EVENTS_QUEUE,
      events.map((data) => ({ data })),
      { tx },
    );
    return events.length;
  });
}

/** Empties the outbox, a batch at a time, while full batches come back. */
export async function drainOutbox(db: Db, jobs: JobQueue, logger: Logger): Promise<void> {
  for (;;) {
    let taken: number;
    try {
      taken = await writeBatch(db, jobs);
    } catch (error) {
      logger.warn({ err: error }, "an outbox batch failed; its events go to the events queue");
      taken = await handOverBatch(db, jobs);
    }
    if (taken < OUTBOX_BATCH) return;
  }
}

export function defineOutboxWork(jobs: JobQueue, db: Db, logger: Logger): void {
  jobs.define({
    name: NOTIFICATION_OUTBOX_QUEUE,
    // One waiting job at most: every nudge while it waits is the same request.
    policy: "short",
    batchSize: 1,
    retryLimit: 10,
    retryDelaySeconds: 5,
    // An event whose nudge was lost (the process ended between the two) waits a minute at most.
    cron: "* * * * *",
    handler: () => drainOutbox(db, jobs, logger),
  });
}
