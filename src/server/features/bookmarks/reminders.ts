// Bookmark reminders (issue 42, docs/decisions/072): every minute a job on the queue (decision
// 019) takes the reminders whose time has come, marks them sent and queues a notification event
// for each in the same transaction; the notifications worker writes the entry. Rows another
// instance's run holds are skipped, so each reminder goes out once.
import { sql } from "drizzle-orm";
import type { AppDeps } from "@/server/context";
import { type Db, queryRows } from "@/server/db/client";
import { NOTIFICATION_EVENTS_QUEUE } from "@/server/domain/notifications/events";

export const BOOKMARK_REMINDER_QUEUE = "bookmark-reminders-due";

/** Reminders taken per run; the next minute's run takes the rest. */
const REMINDER_BATCH = 200;

/** Queues the reminders due at `now` (the tests' clock); returns how many. */
export async function sendDueReminders(
  deps: Pick<AppDeps, "db" | "jobs">,
  now: Date = new Date(),
): Promise<number> {
  return deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`update bookmarks set reminded_at = now() where id in (
            select id from bookmarks
            where remind_at <= ${now.toISOString()}::timestamptz and reminded_at is null
            order by remind_at limit ${REMINDER_BATCH}
            for update skip locked)
          returning id`,
    );
    await deps.jobs.sendMany(
      NOTIFICATION_EVENTS_QUEUE,
      rows.map((row) => ({ data: { type: "bookmark-reminder", bookmarkId: row.id } })),
      { tx },
    );
    return rows.length;
  });
}

export function defineBookmarkReminders(deps: AppDeps): void {
  deps.jobs.define({
    name: BOOKMARK_REMINDER_QUEUE,
    policy: "short",
    cron: "* * * * *",
    handler: async () => {
      const sent = await sendDueReminders(deps);
      if (sent > 0) deps.logger.info({ sent }, "bookmark reminders queued");
    },
  });
}
