// Suspensions (docs/decisions/027): a member is suspended while a row is not lifted and its end
// (null: for good) is in the future. Nothing has to run at the end: the next request after it
// finds no active row.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { microsecondText } from "@/server/lib/page-cursor";
import type { SuspensionInfo } from "@/shared/moderation";

/** The active condition over suspensions s. */
export const ACTIVE_SUSPENSION = sql`s.lifted_at is null and (s.ends_at is null or s.ends_at > now())`;

export type ActiveSuspension = SuspensionInfo & { id: string };

/** The member's active suspension (the longest, when several), or no row. */
const activeSuspensionRow = (userId: string) =>
  sql`from suspensions s
      where s.user_id = ${userId} and ${ACTIVE_SUSPENSION}
      order by s.ends_at desc nulls first
      limit 1`;

/**
 * activeSuspension as a subquery's one JSON value (null when none), for a statement that asks
 * other things of the member too (auth/roles.ts, memberStanding).
 */
export const activeSuspensionJson = (userId: string) =>
  sql`select json_build_object('id', s.id, 'reason', s.reason,
        'endsAt', ${microsecondText(sql`s.ends_at`)}) ${activeSuspensionRow(userId)}`;

/** The member's active suspension (the longest, when several), or null. */
export async function activeSuspension(db: Db, userId: string): Promise<ActiveSuspension | null> {
  const [row] = await queryRows<{ id: string; reason: string; ends_at: string | null }>(
    db,
    sql`select s.id, s.reason, ${microsecondText(sql`s.ends_at`)} as ends_at
        ${activeSuspensionRow(userId)}`,
  );
  return row ? { id: row.id, reason: row.reason, endsAt: row.ends_at } : null;
}
