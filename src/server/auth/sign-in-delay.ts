// Failed sign-ins slow further sign-ins to the same account from the same place (decision 051):
// counted per account and client network (lib/client-prefix.ts) or known device, in the
// database so that every instance sees them. A delay, never a lockout: an attacker elsewhere
// never delays the owner, and an attempt while delayed is refused before the password is read.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { HttpError } from "@/server/lib/http-error";

/** Failures that cost nothing: typos, a forgotten caps lock, a password manager's old entry. */
export const FREE_FAILURES = 5;
export const FIRST_DELAY_SECONDS = 5;
/** A few minutes at most: slow for a guesser, bearable for an owner behind the same network. */
export const MAX_DELAY_SECONDS = 300;
/** A day after the last failure, the place starts afresh. */
export const FAILURE_MEMORY_HOURS = 24;

/** Seconds the next attempt waits after `failures` failures in a row: 0, then doubling, capped. */
export function delayAfterFailures(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_SECONDS, FIRST_DELAY_SECONDS * 2 ** (failures - FREE_FAILURES));
}

/** The curve as a Postgres array indexed by failures + 1; the last entry holds from there on. */
const DELAYS: number[] = [];
for (let failures = 0; DELAYS.at(-1) !== MAX_DELAY_SECONDS; failures += 1) {
  DELAYS.push(delayAfterFailures(failures));
}
const delayOf = (failures: ReturnType<typeof sql>) =>
  // Numbers from the code above, never input: safe to write into the statement.
  sql`make_interval(secs => (${sql.raw(`array[${DELAYS.join(",")}]`)})[least(${failures}, ${DELAYS.length - 1}) + 1])`;

const forgotten = sql`sign_in_failures.last_failed_at <= now() - make_interval(hours => ${FAILURE_MEMORY_HOURS})`;

export function tooManyAttemptsMessage(seconds: number): string {
  return `Too many attempts. Please try again in ${seconds} ${seconds === 1 ? "second" : "seconds"}.`;
}

/** Whose failures an attempt counts under: an account (by address as typed) and a place. */
export type SignInPlace = { email: string; subject: string };

/**
 * Counts the attempt as a failure before the password is checked, so that attempts sent at
 * the same moment cannot all pass a check made before any failed; `settleSignInAttempt` then
 * keeps, clears or takes back the count. Throws 429 with Retry-After while the place waits.
 */
export async function claimSignInAttempt(db: Db, place: SignInPlace): Promise<void> {
  const [claimed] = await queryRows<{ failures: number }>(
    db,
    sql`insert into sign_in_failures (email, subject, failures, last_failed_at)
          values (${place.email}, ${place.subject}, 1, now())
        on conflict (email, subject) do update set
          failures = case when ${forgotten} then 1 else sign_in_failures.failures + 1 end,
          last_failed_at = now()
        where ${forgotten}
          or sign_in_failures.last_failed_at + ${delayOf(sql`sign_in_failures.failures`)} <= now()
        returning failures`,
  );
  if (claimed) return;
  const [waiting] = await queryRows<{ retry_after: number }>(
    db,
    sql`select greatest(1, ceil(extract(epoch from
              (last_failed_at + ${delayOf(sql`failures`)} - now()))))::int as retry_after
        from sign_in_failures where email = ${place.email} and subject = ${place.subject}`,
  );
  const seconds = waiting?.retry_after ?? 1;
  throw new HttpError(429, tooManyAttemptsMessage(seconds), {
    headers: { "retry-after": String(seconds) },
  });
}

/**
 * After better-auth answered: a wrong password keeps the count; a right one clears the place's
 * failures; anything else (the per-address limit, a bad request, an outage) judged no password
 * and takes the count back.
 */
export async function settleSignInAttempt(
  db: Db,
  place: SignInPlace,
  outcome: "wrong-password" | "signed-in" | "not-judged",
): Promise<void> {
  if (outcome === "wrong-password") return;
  const where = sql`email = ${place.email} and subject = ${place.subject}`;
  if (outcome === "signed-in") {
    await db.execute(sql`delete from sign_in_failures where ${where}`);
  } else {
    await db.execute(
      sql`update sign_in_failures set failures = greatest(0, failures - 1) where ${where}`,
    );
  }
}

/** Deletes the failures no attempt counts any more; returns how many (the hourly sweep). */
export async function removeForgottenSignInFailures(db: Db): Promise<number> {
  const rows = await queryRows<{ email: string }>(
    db,
    sql`delete from sign_in_failures where ${forgotten} returning email`,
  );
  return rows.length;
}
