// The newsletter's records (docs/product.md §4.3, docs/decisions/028). Each path is one atomic
// statement, so that two requests for one address at the same moment cannot both insert (the
// unique index on lower(email) decides).
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import type { NewsletterResult, NewsletterStatus } from "@/shared/api-types";

/** Unconfirmed addresses are removed after this many days; a confirmation link lasts as long. */
export const PENDING_DAYS = 7;

type Prior = { prior: NewsletterStatus | null };

/**
 * A signed-in member's own verified address: active at once, no confirmation needed. No
 * record, or one never confirmed: "subscribed". Inactive: active again with a new subscribed
 * time, "reactivated". Active: left alone, "already_subscribed".
 */
export async function subscribeOwnAddress(
  db: Db,
  { email, userId }: { email: string; userId: string },
): Promise<Exclude<NewsletterResult["status"], "check_email">> {
  const [row] = await queryRows<Prior>(
    db,
    sql`with prior as (select status from newsletter_subscribers where lower(email) = ${email})
        insert into newsletter_subscribers
          (email, user_id, consent_given, status, subscribed_at, confirmed_at)
        values (${email}, ${userId}, true, 'active', now(), now())
        on conflict (lower(email)) do update
          set status = 'active', consent_given = true, subscribed_at = now(),
              confirmed_at = now(), updated_at = now(),
              user_id = coalesce(newsletter_subscribers.user_id, excluded.user_id)
          where newsletter_subscribers.status <> 'active'
        returning (select status from prior) as prior`,
  );
  if (!row) return "already_subscribed";
  return row.prior === "inactive" ? "reactivated" : "subscribed";
}

/**
 * Anyone else's request: a pending record when there is none; any existing record is left as
 * it is (only its owner's confirmation changes it). Returns the address's state, which decides
 * the mail its owner gets, never the answer.
 */
export async function requestSubscription(db: Db, email: string): Promise<NewsletterStatus> {
  const [row] = await queryRows<{ status: NewsletterStatus }>(
    db,
    sql`insert into newsletter_subscribers (email, consent_given, status)
        values (${email}, false, 'pending')
        on conflict (lower(email)) do update set updated_at = now()
        returning status`,
  );
  return row?.status ?? "pending";
}

/**
 * The owner's confirmation (the link's page): active with consent. The record is made again
 * if it was removed meanwhile: the link is the owner's consent, whenever it is used.
 */
export async function confirmSubscription(
  db: Db,
  email: string,
): Promise<"confirmed" | "already_subscribed"> {
  const [row] = await queryRows<Prior>(
    db,
    sql`with prior as (select status from newsletter_subscribers where lower(email) = ${email})
        insert into newsletter_subscribers
          (email, consent_given, status, subscribed_at, confirmed_at)
        values (${email}, true, 'active', now(), now())
        on conflict (lower(email)) do update
          set status = 'active', consent_given = true, subscribed_at = now(),
              confirmed_at = now(), updated_at = now()
          where newsletter_subscribers.status <> 'active'
        returning (select status from prior) as prior`,
  );
  return row ? "confirmed" : "already_subscribed";
}

/** Marks the address inactive; true when it was on the list (active or pending). */
export async function unsubscribe(db: Db, email: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update newsletter_subscribers set status = 'inactive', updated_at = now()
        where lower(email) = ${email.toLowerCase()} and status <> 'inactive'
        returning id`,
  );
  return rows.length > 0;
}

/** The state of one address; `none` without a record. */
export async function subscriptionStatus(
  db: Db,
  email: string,
): Promise<NewsletterStatus | "none"> {
  const [row] = await queryRows<{ status: NewsletterStatus }>(
    db,
    sql`select status from newsletter_subscribers where lower(email) = ${email.toLowerCase()}`,
  );
  return row?.status ?? "none";
}

/** Removes addresses never confirmed within PENDING_DAYS; returns how many. */
export async function removeUnconfirmed(db: Db): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`delete from newsletter_subscribers
        where status = 'pending' and created_at < now() - make_interval(days => ${PENDING_DAYS})
        returning id`,
  );
  return rows.length;
}
