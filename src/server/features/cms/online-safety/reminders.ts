// The review reminder (decision 076): once a day a job on the queue (decision 019) finds the
// records whose review date has come and gives each admin an in-app notification and a mail,
// once per record and date (online_safety_reminders remembers which it sent). One transaction:
// the mail is queued in it, so a failed run sends nothing and the next one sends it all.
import { sql } from "drizzle-orm";
import type { AppDeps } from "@/server/context";
import { type Db, queryRows } from "@/server/db/client";
import type { Mailer } from "@/server/lib/mail";
import { REVIEWED_RECORDS } from "@/shared/online-safety-reviewed";
import { reviewDueMail } from "./review-mail";

export const ONLINE_SAFETY_REVIEW_QUEUE = "online-safety-review-due";

export type ReminderDeps = {
  db: Db;
  mailer: Mailer;
  site: { siteName: string; siteUrl: string };
};

/** Notifies admins of reviews due on or before `now` not yet notified; returns how many records. */
export async function remindDueReviews(
  deps: ReminderDeps,
  now: Date = new Date(),
): Promise<number> {
  return deps.db.transaction(async (transaction) => {
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
    if (due.length === 0) return 0;
    // The same admins for every record: one read. Verified addresses only, as every
    // notification mail (notification-mail.ts).
    const admins = await queryRows<{ email: string }>(
      tx,
      sql`select u.email from user_roles ur join "user" u on u.id = ur.user_id
          where ur.role = 'admin' and u.email_verified order by u.email`,
    );
    for (const row of due) {
      await tx.execute(
        sql`insert into notifications (user_id, kind, data)
            select ur.user_id, 'online_safety_review',
              ${JSON.stringify({ record: row.record_key, dueOn: row.due_on })}::jsonb
            from user_roles ur where ur.role = 'admin'`,
      );
      for (const admin of admins) {
        await deps.mailer.send(reviewDueMail(deps.site, admin.email, row.record_key, row.due_on), {
          tx,
        });
      }
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
      const sent = await remindDueReviews({
        db: deps.db,
        mailer: deps.mailer,
        site: { siteName: deps.env.siteName, siteUrl: deps.env.siteUrl },
      });
      if (sent > 0) deps.logger.info({ sent }, "online safety review reminders written");
    },
  });
}
