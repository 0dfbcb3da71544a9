// Suspensions outlive re-sign-up (docs/decisions/047): a keyed hash of every address a
// suspended account has held (at suspension, and at each email change while suspended) is kept
// while the suspension lasts, through the account's erasure. An account that becomes active
// (verification) or changes its email to such an address is suspended alike, by the system.
// Lifted and ended suspensions' hashes go at the lift and in the daily sweep; the lookup ignores
// them meanwhile.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { keyedHash } from "@/server/lib/keyed-hash";
import { recordModerationAction } from "./log";
import { ACTIVE_SUSPENSION } from "./suspensions";

const PURPOSE = "suspended-address v1";

/** The kept form of an address: lower-cased and trimmed, then hashed under the secret. */
export function addressHash(secret: string, email: string): string {
  return keyedHash(secret, PURPOSE, email.trim().toLowerCase());
}

/** Keeps `email`'s hash for each of member `userId`'s active suspensions. */
export async function rememberSuspendedAddress(
  tx: Db,
  secret: string,
  member: { id: string; email: string },
): Promise<void> {
  await tx.execute(
    sql`insert into suspended_address_hashes (address_hash, suspension_id, reason, ends_at)
        select ${addressHash(secret, member.email)}, s.id, s.reason, s.ends_at
        from suspensions s where s.user_id = ${member.id} and ${ACTIVE_SUSPENSION}
        on conflict (suspension_id, address_hash) do nothing`,
  );
}

/**
 * Suspends account `member` alike when its address's hash belongs to a suspension that still
 * lasts (the longest, when several) and it has none of its own; logged as the system's action
 * (no actor). Hashes left by an erased account are taken over by the new suspension, so
 * lifting it ends them. True when it suspended.
 */
export async function suspendIfAddressSuspended(
  tx: Db,
  secret: string,
  member: { id: string; email: string },
): Promise<boolean> {
  const hash = addressHash(secret, member.email);
  const [found] = await queryRows<{ reason: string; ends_at: string | null }>(
    tx,
    sql`select h.reason, to_json(h.ends_at)#>>'{}' as ends_at
        from suspended_address_hashes h left join suspensions s on s.id = h.suspension_id
        where h.address_hash = ${hash} and (h.ends_at is null or h.ends_at > now())
          and (h.suspension_id is null or (s.lifted_at is null and s.user_id <> ${member.id}))
        order by h.ends_at desc nulls first
        limit 1`,
  );
  if (!found) return false;
  const [own] = await queryRows<{ id: string }>(
    tx,
    sql`select s.id from suspensions s where s.user_id = ${member.id} and ${ACTIVE_SUSPENSION}`,
  );
  if (own) return false;
  await tx.execute(
    sql`insert into suspensions (user_id, reason, ends_at, created_by)
        values (${member.id}, ${found.reason}, ${found.ends_at}::timestamptz, null)`,
  );
  await recordModerationAction(tx, {
    actorId: null,
    action: "suspend",
    targetKind: "member",
    targetId: member.id,
    subjectId: member.id,
    reason: found.reason,
    endsAt: found.ends_at,
  });
  await rememberSuspendedAddress(tx, secret, member);
  await tx.execute(
    sql`delete from suspended_address_hashes
        where address_hash = ${hash} and suspension_id is null`,
  );
  return true;
}

/** Removes the hashes of lifted and ended suspensions; returns how many. */
export async function forgetEndedSuspensionAddresses(db: Db): Promise<number> {
  const removed = await queryRows<{ id: string }>(
    db,
    sql`delete from suspended_address_hashes h
        where (h.ends_at is not null and h.ends_at <= now())
          or h.suspension_id in (select id from suspensions where lifted_at is not null)
        returning h.id`,
  );
  return removed.length;
}
