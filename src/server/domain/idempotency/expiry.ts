// Idempotency keys are remembered for a day (docs/decisions/033). Lookups already ignore older
// keys and a create takes an expired key over; this hourly job on the queue (docs/decisions/019)
// deletes them, so the table holds about a day of keyed creates.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import type { JobQueue } from "@/server/lib/jobs";
import type { Logger } from "@/server/lib/logger";
import { IDEMPOTENCY_KEY_HOURS } from "./idempotent-create";

export const IDEMPOTENCY_SWEEP_QUEUE = "remove-expired-idempotency-keys";

/** Rows per statement: on PGlite's one connection a request waits for one batch at most. */
const BATCH = 1000;

/** Deletes the keys past their time; returns how many. */
export async function removeExpiredIdempotencyKeys(db: Db): Promise<number> {
  let removed = 0;
  for (;;) {
    const rows = await queryRows<{ key: string }>(
      db,
      sql`delete from idempotency_keys where (scope, key) in (
            select scope, key from idempotency_keys
            where created_at <= now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})
            limit ${BATCH})
          returning key`,
    );
    removed += rows.length;
    if (rows.length < BATCH) return removed;
  }
}

export function defineIdempotencySweep(jobs: JobQueue, db: Db, logger: Logger): void {
  jobs.define({
    name: IDEMPOTENCY_SWEEP_QUEUE,
    policy: "short",
    // Every hour at :37, away from the other sweeps' minutes.
    cron: "37 * * * *",
    handler: async () => {
      const removed = await removeExpiredIdempotencyKeys(db);
      if (removed > 0) logger.info({ removed }, "removed expired idempotency keys");
    },
  });
}
