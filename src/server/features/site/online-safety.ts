// The public /online-safety page's data (issue 47, docs/decisions/080): the accountable role and
// address from the named-responsibility record (decision 076; never the person), and counts per
// completed month. Counts only leave here, each under 5 as "fewer than 5", and no totals: a
// total beside its parts would give a hidden part back by subtraction.
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { recordVersions } from "@/server/domain/online-safety/records";
import { REPORT_REASONS } from "@/shared/moderation";
import type { ResponsibilityContent } from "@/shared/online-safety";
import {
  COUNTED_ACTIONS,
  type OnlineSafetyMonth,
  type OnlineSafetyPublic,
  PUBLISHED_MONTHS,
  publicCount,
  SMALL_COUNT_THRESHOLD,
} from "@/shared/online-safety-page";

/** "2026-10" for the UTC month `back` months before `now`'s. */
function monthKey(now: Date, back: number): string {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return date.toISOString().slice(0, 7);
}

const utcMonth = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM')`;

type Counted = { month: string; kind: string; count: number };

function countOf(rows: Counted[], month: string, kind: string): number {
  return Number(rows.find((row) => row.month === month && row.kind === kind)?.count ?? 0);
}

/** The role and address of the current named responsibility, or null while none is recorded. */
async function accountable(db: Db): Promise<OnlineSafetyPublic["accountable"]> {
  const [current] = await recordVersions(db, "responsibility");
  if (!current) return null;
  const { role, contactEmail } = current.content as ResponsibilityContent;
  return { role, contactEmail };
}

/** The figures for the PUBLISHED_MONTHS completed months before `now`'s, newest first. */
async function monthlyFigures(db: Db, now: Date): Promise<OnlineSafetyMonth[]> {
  const months = Array.from({ length: PUBLISHED_MONTHS }, (_, i) => monthKey(now, i + 1));
  const from = sql`${`${months.at(-1)}-01T00:00:00Z`}::timestamptz`;
  const to = sql`${`${monthKey(now, 0)}-01T00:00:00Z`}::timestamptz`;
  const [reports, actions, appeals, medians] = await Promise.all([
    queryRows<Counted>(
      db,
      sql`select ${utcMonth(sql`created_at`)} as month, reason as kind, count(*)::int as count
          from reports where created_at >= ${from} and created_at < ${to}
          group by 1, 2`,
    ),
    queryRows<Counted>(
      db,
      sql`select ${utcMonth(sql`created_at`)} as month, action as kind, count(*)::int as count
          from moderation_actions
          where created_at >= ${from} and created_at < ${to}
            and action in (${sql.join(
              COUNTED_ACTIONS.map((action) => sql`${action}`),
              sql`, `,
            )})
          group by 1, 2`,
    ),
    queryRows<Counted>(
      db,
      sql`select ${utcMonth(sql`created_at`)} as month, action as kind, count(*)::int as count
          from moderation_actions
          where created_at >= ${from} and created_at < ${to}
            and action in ('appeal-reversed', 'appeal-kept')
          group by 1, 2`,
    ),
    // Closed by a moderator's decision in the month (any action closes the item's reports).
    queryRows<{ month: string; closed: number; median: number | null }>(
      db,
      sql`select ${utcMonth(sql`resolved_at`)} as month, count(*)::int as closed,
            percentile_cont(0.5) within group
              (order by extract(epoch from resolved_at - created_at)) as median
          from reports where resolved_at >= ${from} and resolved_at < ${to}
          group by 1`,
    ),
  ]);
  return months.map((month) => {
    const closed = medians.find((row) => row.month === month);
    return {
      month,
      reportsByReason: Object.fromEntries(
        REPORT_REASONS.map((reason) => [reason, publicCount(countOf(reports, month, reason))]),
      ) as OnlineSafetyMonth["reportsByReason"],
      actionsByKind: Object.fromEntries(
        COUNTED_ACTIONS.map((action) => [action, publicCount(countOf(actions, month, action))]),
      ) as OnlineSafetyMonth["actionsByKind"],
      // A median of one to four reports is nearly their own times: not published either.
      medianSecondsToAction:
        closed && Number(closed.closed) >= SMALL_COUNT_THRESHOLD && closed.median !== null
          ? Math.round(Number(closed.median))
          : null,
      appealsUpheld: publicCount(countOf(appeals, month, "appeal-reversed")),
      appealsNotUpheld: publicCount(countOf(appeals, month, "appeal-kept")),
    };
  });
}

export async function onlineSafetyPublic(db: Db, now = new Date()): Promise<OnlineSafetyPublic> {
  const [role, months] = await Promise.all([accountable(db), monthlyFigures(db, now)]);
  return { accountable: role, months };
}
