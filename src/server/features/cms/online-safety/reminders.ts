// The review reminder (decision 076): once a day a job on the queue (decision 019) finds the
// records whose review date has come and writes each admin an in-app notification, once per
// record and date (online_safety_reminders remembers which it sent), in one transaction.
import { sql } from "drizzle-orm";
import type { AppDeps } from "@/server/context";
import { type Db, queryRows } from "@/server/db/client";

export const ONLINE_SAFETY_REVIEW_QUEUE = "online-safety-review-due";

/** The records that carry a review date. */
const REVIEWED_RECORDS = ["assessment", "children-access"] as const;

/** Notifies admins of reviews due on or before `now` not yet notified; returns how many records. */
export async function remindDueReviews(db: Db, now: Date = new Date()): Promise<number> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const due = await queryRows<{ record_key: string; due_on: string }>(
      tx,
      sql`insert into online_safety_reminders (record_key, due_on)
          select c.record_key, (c.content->>'reviewDueOn')::date
          from (select distinct on (record_key) record_key, content
                from online_safety_record_versions
                where record_key in (${sql.join(
                  REVIEWED_RECORDS.map((key) => sql`${key}`),
                  sql`, `,
                )})
                order by record_key, version desc) c
          where (c.content->>'reviewDueOn')::date <= ${now.toISOString().slice(0, 10)}::date
          on conflict do nothing
          returning record_key, due_on::text`,
    );
    for (const row of due) {
      await tx.execute(
        sql`insert into notifications (user_id, kind, data)
            select ur.user_id, 'online_safety_review',
              ${JSON.stringify({ record: row.record_key, dueOn: row.due_on })}::jsonb
            from user_roles ur where ur.role = 'admin'`,
      );
    }
    return due.length;
  });
}

export function defineOnlineSafetyReminders(deps: AppDeps): void {
  deps.jobs.define({
    name: ONLINE_SAFETY_REVIEW_QUEUE,
    policy: "short",
    // Every day at 07:17 UTC, before the digest (08:00), away from the other sweeps.
    cron: "17 7 * * *",
    handler: async () => {
      const sent = await remindDueReviews(deps.db);
      if (sent > 0) deps.logger.info({ sent }, "online safety review reminders written");
    },
  });
}
