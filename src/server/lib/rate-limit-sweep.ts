// Every address, member and email a limit has counted keeps a row in rate_limit_hits; a row
// whose window has long ended counts for nothing (the next hit starts a new window), so this
// hourly job on the queue (docs/decisions/019) deletes those, and the table holds about a day
// of hits instead of every address that ever came.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import type { JobQueue } from "./jobs";
import type { Logger } from "./logger";
import { LONGEST_WINDOW_SECONDS } from "./rate-limit";

export const RATE_LIMIT_SWEEP_QUEUE = "remove-ended-rate-limit-counts";

/** Rows per statement: on PGlite's one connection a request waits for one batch at most. */
const BATCH = 1000;

/** Deletes the counts whose window ended more than the longest window ago; returns how many. */
export async function removeEndedRateLimitCounts(db: Db): Promise<number> {
  let removed = 0;
  for (;;) {
    const rows = await queryRows<{ key: string }>(
      db,
      sql`delete from rate_limit_hits where key in (
            select key from rate_limit_hits
            where window_started_at <= now() - make_interval(secs => ${LONGEST_WINDOW_SECONDS})
            limit ${BATCH})
          returning key`,
    );
    removed += rows.length;
    if (rows.length < BATCH) return removed;
  }
}

export function defineRateLimitSweep(jobs: JobQueue, db: Db, logger: Logger): void {
  jobs.define({
    name: RATE_LIMIT_SWEEP_QUEUE,
    policy: "short",
    // Every hour at :47, away from the other sweeps' minutes.
    cron: "47 * * * *",
    handler: async () => {
      const removed = await removeEndedRateLimitCounts(db);
      if (removed > 0) logger.info({ removed }, "removed ended rate-limit counts");
    },
  });
}
