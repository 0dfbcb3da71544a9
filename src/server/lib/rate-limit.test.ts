import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/server/db/client";
import { createTestApp, type TestApp } from "@/server/test/test-app";
import { HttpError } from "./http-error";
import { createRateLimiter, LONGEST_WINDOW_SECONDS, type RateLimitRule } from "./rate-limit";
import { RATE_LIMIT_SWEEP_QUEUE } from "./rate-limit-sweep";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const rule: RateLimitRule = { name: "test", max: 2, windowSeconds: 60, message: "Slow down." };

async function outcome(promise: Promise<void>) {
  try {
    await promise;
    return "allowed";
  } catch (error) {
    return error instanceof HttpError
      ? `${error.status} ${error.message} retry=${error.headers?.["retry-after"]}`
      : String(error);
  }
}

describe("the database rate limiter", () => {
  it("allows max hits per window, then answers 429 with Retry-After", async () => {
    const limiter = createRateLimiter(t.db, 1);
    expect(await outcome(limiter.hit(rule, "a"))).toBe("allowed");
    expect(await outcome(limiter.hit(rule, "a"))).toBe("allowed");
    expect(await outcome(limiter.hit(rule, "a"))).toMatch(/^429 Slow down\. retry=(60|59)$/);
    expect(await outcome(limiter.hit(rule, "b"))).toBe("allowed");
  });

  it("starts a new window once the old one has passed", async () => {
    const limiter = createRateLimiter(t.db, 1);
    await limiter.hit(rule, "c");
    await limiter.hit(rule, "c");
    await t.db.execute(
      sql`update rate_limit_hits set window_started_at = now() - interval '61 seconds' where key = 'test|c'`,
    );
    expect(await outcome(limiter.hit(rule, "c"))).toBe("allowed");
  });

  it("is shared by every limiter on the same database (as app instances are)", async () => {
    await createRateLimiter(t.db, 1).hit(rule, "d");
    await createRateLimiter(t.db, 1).hit(rule, "d");
    expect(await outcome(createRateLimiter(t.db, 1).hit(rule, "d"))).toMatch(/^429/);
  });

  it("scales the limit by the multiplier", async () => {
    const limiter = createRateLimiter(t.db, 2);
    for (let i = 0; i < 4; i++) expect(await outcome(limiter.hit(rule, "e"))).toBe("allowed");
    expect(await outcome(limiter.hit(rule, "e"))).toMatch(/^429/);
  });

  it("counts concurrent hits exactly", async () => {
    const limiter = createRateLimiter(t.db, 5);
    const results = await Promise.all(
      Array.from({ length: 15 }, () => outcome(limiter.hit(rule, "f"))),
    );
    expect(results.filter((r) => r === "allowed")).toHaveLength(10);
  });

  it("refuses a rule whose window is longer than the sweep keeps counts", async () => {
    const long = { ...rule, name: "long", windowSeconds: LONGEST_WINDOW_SECONDS + 1 };
    expect(await outcome(createRateLimiter(t.db, 1).hit(long, "g"))).toMatch(/over 86400 s/);
  });
});

describe("the hourly sweep of ended counts", () => {
  it("deletes the counts whose window ended a day ago, and keeps the rest counting", async () => {
    const limiter = createRateLimiter(t.db, 1);
    const dayRule = { ...rule, name: "day", max: 1, windowSeconds: LONGEST_WINDOW_SECONDS };
    await limiter.hit(rule, "old");
    await limiter.hit(dayRule, "current");
    await t.db.execute(
      sql`update rate_limit_hits set window_started_at = now() - interval '1 day 1 second' where key = 'test|old'`,
    );
    await t.db.execute(
      sql`update rate_limit_hits set window_started_at = now() - interval '23 hours' where key = 'day|current'`,
    );
    await t.deps.jobs.send(RATE_LIMIT_SWEEP_QUEUE, {});
    await t.deps.jobs.drain();
    const keys = await queryRows<{ key: string }>(
      t.db,
      sql`select key from rate_limit_hits where key in ('test|old', 'day|current')`,
    );
    expect(keys).toEqual([{ key: "day|current" }]);
    // The day's count still holds its limit after the sweep.
    expect(await outcome(limiter.hit(dayRule, "current"))).toMatch(/^429/);
  });
});
