// How long notification entries are kept (docs/product.md §2.23 "Kept for"): a read entry
// 90 days after its last activity, any entry a year. A daily job on the queue (decision 019)
// removes the rest; with several instances the cron sends one job for all of them, and the
// delete is idempotent whoever runs it.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import type { JobQueue } from "@/server/lib/jobs";
import type { Logger } from "@/server/lib/logger";

export const READ_NOTIFICATION_DAYS = 90;
export const ANY_NOTIFICATION_DAYS = 365;

export const NOTIFICATION_SWEEP_QUEUE = "remove-old-notifications";

/**
 * Rows per delete statement: on PGlite's one connection a request waits for one batch at most,
 * however much a first sweep finds.
 */
export const SWEEP_BATCH = 1000;

/** Removes entries past their time (read: 90 days, any: a year); returns how many. */
export async function removeOldNotifications(db: Db): Promise<number> {
  let removed = 0;
  for (;;) {
    // The oldest first; their actors go with them (notification_actors cascades).
    const rows = await queryRows<{ id: string }>(
      db,
      sql`delete from notifications where id in (
            select id from notifications
            where updated_at < now() - make_interval(days => ${ANY_NOTIFICATION_DAYS})
              or (read_at is not null
                and updated_at < now() - make_interval(days => ${READ_NOTIFICATION_DAYS}))
            limit ${SWEEP_BATCH})
          returning id`,
    );
    removed += rows.length;
    if (rows.length < SWEEP_BATCH) return removed;
  }
}

export function defineNotificationSweep(jobs: JobQueue, db: Db, logger: Logger): void {
  jobs.define({
    name: NOTIFICATION_SWEEP_QUEUE,
    policy: "short",
    // Every day at 03:41 UTC, away from the digest (08:00) and the hourly account sweep (:17).
    cron: "41 3 * * *",
    handler: async () => {
      const removed = await removeOldNotifications(db);
      if (removed > 0) logger.info({ removed }, "removed old notifications");
    },
  });
}
