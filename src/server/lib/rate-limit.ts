// Fixed-window rate limits for our own endpoints (better-auth limits its own), counted in the
// database so that they hold across app instances. One atomic upsert per check.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { HttpError } from "./http-error";

/**
 * No rule counts over a longer window, so a count whose window started longer ago than this
 * counts for nothing and the hourly sweep (rate-limit-sweep.ts) deletes it.
 */
export const LONGEST_WINDOW_SECONDS = 24 * 3600;

export type RateLimitRule = {
  /** Names the limit in keys and messages, e.g. "newsletter". */
  name: string;
  /** Requests allowed per window, before RATE_LIMIT_MULTIPLIER. */
  max: number;
  windowSeconds: number;
  /** Shown to the client with the 429, e.g. "Too many subscriptions. Please wait a minute." */
  message: string;
};

export type RateLimiter = {
  /** Counts one request for `subject` (an address, a user id, an email); throws 429 when over. */
  hit(rule: RateLimitRule, subject: string): Promise<void>;
  /**
   * Counts one use for `subject` and says whether it is within the limit, without throwing:
   * for limits the client must not learn about, such as mail to an address a stranger typed.
   */
  allow(rule: RateLimitRule, subject: string): Promise<boolean>;
  /**
   * The same limits counted through `tx`: a create that claims an Idempotency-Key counts
   * inside its transaction, after the claim, so a retry waiting on the claim counts nothing
   * (docs/decisions/033). On PGlite a query outside an open transaction would wait for it.
   */
  within(tx: Db): RateLimiter;
};

export function createRateLimiter(db: Db, multiplier: number): RateLimiter {
  const count = async (rule: RateLimitRule, subject: string) => {
    if (rule.windowSeconds > LONGEST_WINDOW_SECONDS) {
      // A programming error: the sweep would delete its counts before their window ends.
      throw new Error(`Rate limit ${rule.name}: a window over ${LONGEST_WINDOW_SECONDS} s`);
    }
    const max = Math.max(1, Math.round(rule.max * multiplier));
    const key = `${rule.name}|${subject}`;
    const [row] = await queryRows<{ count: number; retry_after: number }>(
      db,
      sql`insert into rate_limit_hits (key, count, window_started_at)
            values (${key}, 1, now())
            on conflict (key) do update set
              count = case when rate_limit_hits.window_started_at <= now() - make_interval(secs => ${rule.windowSeconds})
                           then 1 else rate_limit_hits.count + 1 end,
              window_started_at = case when rate_limit_hits.window_started_at <= now() - make_interval(secs => ${rule.windowSeconds})
                           then now() else rate_limit_hits.window_started_at end
            returning count,
              greatest(1, ceil(extract(epoch from (window_started_at + make_interval(secs => ${rule.windowSeconds}) - now()))))::int as retry_after`,
    );
    return { over: row !== undefined && row.count > max, retryAfter: row?.retry_after ?? 1 };
  };
  return {
    async hit(rule, subject) {
      const { over, retryAfter } = await count(rule, subject);
      if (over) {
        throw new HttpError(429, rule.message, { headers: { "retry-after": String(retryAfter) } });
      }
    },
    async allow(rule, subject) {
      return !(await count(rule, subject)).over;
    },
    within: (tx) => createRateLimiter(tx, multiplier),
  };
}
