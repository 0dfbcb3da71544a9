// The Top sort's scores (issue 45, docs/decisions/075): the `top-scores` job (every ten minutes)
// and `POST /api/control/top-scores` rewrite each period's scores in one transaction per period,
// so the list reads one index and never counts.
// score = reactions + 2 × replies, both made within the period, on posts a visitor reads, for
// active discussions a visitor reads. "All time" reads the counters the triggers keep.
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
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

function periodScores(period: TopPeriod): SQL {
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

/** Rewrites one period's scores; returns how many discussions have one. */
export async function refreshTopScores(db: Db, period: TopPeriod): Promise<number> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.execute(sql`delete from top_scores where period = ${period}`);
    const result = (await tx.execute(
      sql`insert into top_scores (period, discussion_id, score)
          select ${period}, s.discussion_id, (sum(s.n) + ${REPLY_WEIGHT} * sum(s.replies))::int
          from (${periodScores(period)}) s
          join discussions d on d.id = s.discussion_id
          where d.status = 'active' and d.hidden_at is null
          group by s.discussion_id
          having sum(s.n) + sum(s.replies) > 0`,
    )) as unknown as { affectedRows?: number; rowCount?: number };
    return result.affectedRows ?? result.rowCount ?? 0;
  });
}

export async function refreshAllTopScores(db: Db): Promise<void> {
  for (const period of ["today", "week", "month", "year", "all"] as const) {
    await refreshTopScores(db, period);
  }
}
