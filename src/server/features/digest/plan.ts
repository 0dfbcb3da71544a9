// Which members get a digest this period (docs/decisions/073). A period ends at 07:00 in the
// site's time (Europe/London): daily ones every day, weekly ones on Mondays. An hourly job makes
// one delivery row per due member for the current period; the unique (member, period) key makes
// every later run, and a second instance, a no-op for them. A member is due when they chose that
// period, their address is verified, they are not suspended, and they have not been active
// since the period began (a member who joined during it is not due either).
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { ACTIVE_SUSPENSION } from "@/server/domain/moderation/suspensions";

export const DIGEST_TIME_ZONE = "Europe/London";
/** The hour, in the site's time, at which a period ends and its digests go. */
export const DIGEST_HOUR = 7;

export type DigestPeriod = {
  choice: "daily" | "weekly";
  /** `daily:2026-11-29`, `weekly:2026-11-23` (the Monday): the row's unique part. */
  key: string;
  /** The period's start: activity after it means the member visited. */
  since: Date;
};

/** The periods that ended last at or before `at`, in the site's time. */
export async function currentPeriods(db: Db, at: Date): Promise<DigestPeriod[]> {
  const local = sql`(${at.toISOString()}::timestamptz at time zone ${DIGEST_TIME_ZONE})
    - make_interval(hours => ${DIGEST_HOUR})`;
  // The period's end, back in absolute time, and its start a day or a week before.
  const bounds = (unit: "day" | "week", length: string) => {
    const start = sql`date_trunc(${unit}, ${local})`;
    return sql`to_char(${start}, 'YYYY-MM-DD'),
      ((${start} + make_interval(hours => ${DIGEST_HOUR})) at time zone ${DIGEST_TIME_ZONE})
        - ${length}::interval`;
  };
  const [row] = await queryRows<{
    day: string;
    day_since: string;
    week: string;
    week_since: string;
  }>(
    db,
    sql`select d.*, w.* from
      (select ${bounds("day", "1 day")}) d(day, day_since),
      (select ${bounds("week", "7 days")}) w(week, week_since)`,
  );
  if (!row) return [];
  return [
    { choice: "daily", key: `daily:${row.day}`, since: new Date(row.day_since) },
    { choice: "weekly", key: `weekly:${row.week}`, since: new Date(row.week_since) },
  ];
}

const dueMembers = (period: DigestPeriod): SQL => sql`
  select p.id, ${period.key}, ${period.since.toISOString()}::timestamptz
  from profiles p join "user" u on u.id = p.id
  where p.digest = ${period.choice} and u.email_verified
    and coalesce(p.last_active_at, p.created_at) < ${period.since.toISOString()}::timestamptz
    and not exists (select 1 from suspensions s where s.user_id = p.id and ${ACTIVE_SUSPENSION})`;

/**
 * Makes the current periods' delivery rows; the number made. Members planned already are left
 * to the unique key (on conflict), not to a `not exists` on digest_deliveries: on a table that
 * is empty or grows within the statement, PostgreSQL ran that as a nested loop over a
 * sequential scan of the rows being inserted, quadratic (96 s for 100,000 members, past the
 * 15 s statement time-out; 2.6 s without it: bench/RESULTS.md §25).
 */
export async function planDigests(db: Db, at: Date = new Date()): Promise<number> {
  let planned = 0;
  for (const period of await currentPeriods(db, at)) {
    const [made] = await queryRows<{ n: number }>(
      db,
      sql`with made as (
            insert into digest_deliveries (user_id, period, since) ${dueMembers(period)}
            on conflict (user_id, period) do nothing returning 1)
          select count(*)::int as n from made`,
    );
    planned += made?.n ?? 0;
  }
  return planned;
}
