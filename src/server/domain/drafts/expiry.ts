// Drafts untouched for 30 days are removed (issue 40, docs/decisions/065) by a daily job on
// the queue (docs/decisions/019); the delete is idempotent whichever instance runs it.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import type { JobQueue } from "@/server/lib/jobs";
import type { Logger } from "@/server/lib/logger";
import { DRAFT_KEPT_DAYS } from "@/shared/drafts";

export const DRAFT_SWEEP_QUEUE = "remove-old-drafts";

/** Rows per statement: on PGlite's one connection a request waits for one batch at most. */
const BATCH = 1000;

/** Deletes drafts last saved more than DRAFT_KEPT_DAYS ago; returns how many. */
export async function removeOldDrafts(db: Db): Promise<number> {
  let removed = 0;
  for (;;) {
    const rows = await queryRows<{ place: string }>(
      db,
      sql`delete from drafts where (user_id, place) in (
            select user_id, place from drafts
            where updated_at < now() - make_interval(days => ${DRAFT_KEPT_DAYS})
            limit ${BATCH})
          returning place`,
    );
    removed += rows.length;
    if (rows.length < BATCH) return removed;
  }
}

export function defineDraftSweep(jobs: JobQueue, db: Db, logger: Logger): void {
  jobs.define({
    name: DRAFT_SWEEP_QUEUE,
    policy: "short",
    // Every day at 04:53 UTC, away from the other sweeps' minutes.
    cron: "53 4 * * *",
    handler: async () => {
      const removed = await removeOldDrafts(db);
      if (removed > 0) logger.info({ removed }, "removed old drafts");
    },
  });
}
