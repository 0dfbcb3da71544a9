// How long the inbox keeps what people sent (docs/product.md §4.14): contact messages, and data
// requests once completed, for RETENTION_MONTHS (24 by default; /privacy states the same
// figure), counted from receipt and from completion; the address a visitor reported with for as
// long after the report was closed (the report stays, without it: decision 079). Data exports go
// when their link expires.
// A daily job on the queue (docs/decisions/019) removes the rest; with several instances the
// cron sends one job for all of them, and the deletes are idempotent whoever runs them.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { forgetEndedSuspensionAddresses } from "@/server/domain/moderation/suspended-addresses";
import type { JobQueue } from "@/server/lib/jobs";
import type { Logger } from "@/server/lib/logger";

export const RETENTION_SWEEP_QUEUE = "remove-past-retention";

/** Rows per statement: on PGlite's one connection a request waits for one batch at most. */
export const RETENTION_BATCH = 1000;

export type RetentionResult = {
  contactMessages: number;
  dataRequests: number;
  exports: number;
  /** Visitors' addresses taken off reports closed longer ago than the period. */
  reporterAddresses: number;
  /** Kept hashes of suspended members' addresses whose suspension ended (decision 047). */
  suspendedAddresses: number;
};

async function deleteInBatches(db: Db, statement: (limit: number) => ReturnType<typeof sql>) {
  let removed = 0;
  for (;;) {
    const rows = await queryRows<{ id: string }>(db, statement(RETENTION_BATCH));
    removed += rows.length;
    if (rows.length < RETENTION_BATCH) return removed;
  }
}

/** Removes what is past its time; returns how many of each. */
export async function removePastRetention(db: Db, months: number): Promise<RetentionResult> {
  const cutoff = sql`now() - make_interval(months => ${months})`;
  const contactMessages = await deleteInBatches(
    db,
    (limit) =>
      sql`delete from contact_messages where id in (
            select id from contact_messages where created_at < ${cutoff} limit ${limit})
          returning id`,
  );
  // A request completed before completion times were kept counts from its last change.
  const dataRequests = await deleteInBatches(
    db,
    (limit) =>
      sql`delete from data_requests where id in (
            select id from data_requests where status = 'completed'
              and coalesce(completed_at, updated_at) < ${cutoff} limit ${limit})
          returning id`,
  );
  const exports = await deleteInBatches(
    db,
    (limit) =>
      sql`delete from data_exports where id in (
            select id from data_exports where expires_at < now() limit ${limit})
          returning id`,
  );
  const reporterAddresses = await deleteInBatches(
    db,
    (limit) =>
      sql`update reports set reporter_email = null where id in (
            select id from reports where reporter_email is not null and reporter_id is null
              and resolved_at < ${cutoff} limit ${limit})
          returning id`,
  );
  const suspendedAddresses = await forgetEndedSuspensionAddresses(db);
  return { contactMessages, dataRequests, exports, reporterAddresses, suspendedAddresses };
}

export function defineRetentionSweep(jobs: JobQueue, db: Db, logger: Logger, months: number): void {
  jobs.define({
    name: RETENTION_SWEEP_QUEUE,
    policy: "short",
    // Every day at 04:23 UTC, away from the notification sweep (03:41) and the digest (08:00).
    cron: "23 4 * * *",
    handler: async () => {
      const removed = await removePastRetention(db, months);
      if (Object.values(removed).some((count) => count > 0)) {
        logger.info(removed, "removed records past their retention");
      }
    },
  });
}
