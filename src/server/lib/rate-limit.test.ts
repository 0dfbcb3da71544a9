import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "@/server/test/test-app";
import { HttpError } from "./http-error";
import { createRateLimiter, type RateLimitRule } from "./rate-limit";

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
});
