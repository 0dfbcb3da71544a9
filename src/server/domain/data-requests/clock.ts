// The one-month clock of data requests (docs/product.md §1.2, §2.21.6): an answer is due 30
// days after receipt; a request not completed by then is overdue. Written once, for the inbox's
// list and the CMS Overview's counts.
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { DATA_REQUEST_RESPONSE_DAYS } from "@/shared/constants";

/** `days` after `from`: the clock's one rule, also complaints' due date (docs/decisions/081). */
export const deadlineAfter = (from: SQL, days: number) =>
  sql`(${from} + make_interval(days => ${days}))`;

/** A data_requests row's deadline. */
export const deadlineOf = deadlineAfter(sql`created_at`, DATA_REQUEST_RESPONSE_DAYS);

/** Whole days until `deadline`, negative once past it (as the inbox shows them). */
export const daysLeftUntil = (deadline: SQL) =>
  sql`ceil(extract(epoch from ${deadline} - now()) / 86400)::int`;

/** Past its deadline and not completed. */
export const overdueRequest = sql`(status <> 'completed' and ${deadlineOf} < now())`;

/** Requests not completed, and those of them past their deadline (data_requests_open_idx). */
export async function countOpenDataRequests(db: Db): Promise<{ open: number; overdue: number }> {
  const [row] = await queryRows<{ open: number; overdue: number }>(
    db,
    sql`select count(*)::int as open, count(*) filter (where ${overdueRequest})::int as overdue
        from data_requests where status <> 'completed'`,
  );
  return { open: Number(row?.open ?? 0), overdue: Number(row?.overdue ?? 0) };
}
