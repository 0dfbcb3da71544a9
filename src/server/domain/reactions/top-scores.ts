// The Top sort's scores (issue 45, docs/decisions/075 and 078): the `top-scores` jobs and
// `POST /api/control/top-scores` bring each period's scores up to date, so the list reads one
// index and never counts.
// score = reactions + 2 × replies, both made within the period, on posts a visitor reads, for
// active discussions a visitor reads. "All time" reads the counters the triggers keep.
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import type { TopPeriod } from "@/shared/reactions";

/** A reply counts as much as two reactions: it took more than a click. */
export const REPLY_WEIGHT = 2;

/** Each period as a rolling window, as the forum's date ranges are (24 hours, 7 days, ...). */
const PERIOD_START: Record<Exclude<TopPeriod, "all">, string> = {
  today: "24 hours",
  week: "7 days",
  month: "30 days",
  year: "365 days",
};

/** A reply a visitor reads (the rule for a visitor, spelt for rows: decision 046). */
const SHOWN_REPLY = (alias: string) =>
  sql.raw(
    `${alias}.deleted_at is null and ${alias}.held_at is null and ${alias}.hidden_at is null`,
  );

/** Each discussion's reactions and replies in the period (exported for its plan's test). */
export function periodScores(period: TopPeriod): SQL {
  if (period === "all") {
    return sql`select rc.discussion_id, sum(rc.count)::int as n, 0 as replies
        from reaction_counts rc
        left join discussion_replies p on p.id = rc.reply_id
        where rc.count > 0 and (rc.reply_id is null or (${SHOWN_REPLY("p")}))
        group by rc.discussion_id
      union all
      select d.id, 0, d.shown_replies_count from discussions d
        where d.shown_replies_count > 0 and d.status = 'active'`;
  }
  const since = sql`now() - ${PERIOD_START[period]}::interval`;
  return sql`select x.discussion_id, count(*)::int as n, 0 as replies
      from reactions x
      left join discussion_replies p on p.id = x.reply_id
      where x.created_at >= ${since} and (x.reply_id is null or (${SHOWN_REPLY("p")}))
      group by x.discussion_id
    union all
    select r.discussion_id, 0, count(*)::int from discussion_replies r
      where r.created_at >= ${since} and ${SHOWN_REPLY("r")}
      group by r.discussion_id`;
}

/** What one period's refresh found and changed. */
export type TopScoresRefresh = {
  /** Discussions with a score in the period now. */
  scored: number;
  /** Rows written: new in the period, or a score that moved. */
  written: number;
  /** Rows removed: out of the period, or no longer read by a visitor. */
  removed: number;
};

/**
 * Brings one period's scores up to date in one statement: it computes every score, then writes
 * only the rows that differ and removes the ones that have gone (docs/decisions/078). Rewriting
 * the period whole, at a million discussions, deleted and inserted 900,000 rows of three
 * indexes each time (105 s for all time), though few scores move in ten minutes.
 */
export async function refreshTopScores(db: Db, period: TopPeriod): Promise<TopScoresRefresh> {
  const [counts] = await queryRows<TopScoresRefresh>(
    db,
    sql`with fresh as materialized (
          select s.discussion_id,
                 (sum(s.n) + ${REPLY_WEIGHT} * sum(s.replies))::int as score
          from (${periodScores(period)}) s
          join discussions d on d.id = s.discussion_id
          where d.status = 'active' and d.hidden_at is null
          group by s.discussion_id
          having sum(s.n) + sum(s.replies) > 0
        ),
        gone as (
          delete from top_scores t
          where t.period = ${period}
            and not exists (select 1 from fresh f where f.discussion_id = t.discussion_id)
          returning 1
        ),
        written as (
          insert into top_scores (period, discussion_id, score)
          select ${period}, f.discussion_id, f.score from fresh f
          on conflict (period, discussion_id) do update set score = excluded.score
            where top_scores.score <> excluded.score
          returning 1
        )
        select (select count(*) from fresh)::int as scored,
               (select count(*) from written)::int as written,
               (select count(*) from gone)::int as removed`,
  );
  return counts as TopScoresRefresh;
}

/**
 * Periods whose scores move within minutes, refreshed every ten (features/reactions); a year's
 * and all time's move little in an hour and cost the most to read, so they are hourly.
 */
export const FREQUENT_TOP_PERIODS = ["today", "week", "month"] as const satisfies TopPeriod[];
export const HOURLY_TOP_PERIODS = ["year", "all"] as const satisfies TopPeriod[];

export async function refreshAllTopScores(
  db: Db,
  periods: readonly TopPeriod[] = [...FREQUENT_TOP_PERIODS, ...HOURLY_TOP_PERIODS],
): Promise<void> {
  for (const period of periods) await refreshTopScores(db, period);
}
