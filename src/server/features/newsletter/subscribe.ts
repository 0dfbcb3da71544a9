// docs/product.md §4's three newsletter paths in one atomic statement, so that two requests for the same
// address at the same moment cannot both insert (the unique index on lower(email) decides).
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import type { NewsletterResult } from "@/shared/api-types";

/**
 * No record: a new active record with consent ("subscribed"). An inactive record: active again
 * with a new subscribed_at ("reactivated"). An active record: left alone ("already_subscribed").
 */
export async function subscribe(
  db: Db,
  { email, userId }: { email: string; userId: string | null },
): Promise<NewsletterResult["status"]> {
  const rows = await queryRows<{ created: boolean }>(
    db,
    sql`insert into newsletter_subscribers (email, user_id, consent_given, status, subscribed_at)
        values (${email.toLowerCase()}, ${userId}, true, 'active', now())
        on conflict (lower(email)) do update
          set status = 'active', consent_given = true, subscribed_at = now(), updated_at = now()
          where newsletter_subscribers.status <> 'active'
        returning (created_at = now()) as created`,
  );
  const [row] = rows;
  if (!row) return "already_subscribed";
  return row.created ? "subscribed" : "reactivated";
}

/** Marks the address inactive; true when it had an active subscription. */
export async function unsubscribe(db: Db, email: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update newsletter_subscribers set status = 'inactive', updated_at = now()
        where lower(email) = ${email.toLowerCase()} and status = 'active'
        returning id`,
  );
  return rows.length > 0;
}
