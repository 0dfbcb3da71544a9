import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/server/app";
import { isDatabaseUnavailable } from "@/server/lib/database-errors";
import { createTestApp, type TestApp } from "@/server/test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("GET /api/health", () => {
  it("reports the database up", async () => {
    const response = await t.app.request("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok", database: { state: "up" } });
  });

  it("answers 503 when the database does not", async () => {
    const failing = {
      ...t.deps.db,
      execute: () => Promise.reject(new Error("connect ECONNREFUSED")),
    };
    const app = createApp({ ...t.deps, db: failing as never });
    const response = await app.request("/api/health");
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      status: "unavailable",
      database: { state: "down", latencyMs: null },
    });
  });
});

describe("an unreachable database", () => {
  it("is recognised through the wrappers around driver errors", () => {
    expect(
      isDatabaseUnavailable({ message: "Failed query", cause: { code: "ECONNREFUSED" } }),
    ).toBe(true);
    expect(
      isDatabaseUnavailable({
        code: "57P01",
        message: "terminating connection due to administrator command",
      }),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable({ code: "23505", message: "duplicate key" })).toBe(false);
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
  });

  it("turns into 503 with Retry-After, not 500", async () => {
    const down = Object.assign(new Error("Failed query: select"), {
      cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
        code: "ECONNREFUSED",
      }),
    });
    // The session lookup fails the way a query does when PostgreSQL is gone.
    const failing = createApp({
      ...t.deps,
      auth: { ...t.deps.auth, api: { getSession: () => Promise.reject(down) } } as never,
    });
    // With a session cookie: without one, getViewer does not look a session up at all.
    const failed = await failing.request("/api/session", {
      headers: { cookie: "rc.session_token=any-token" },
    });
    expect(failed.status).toBe(503);
    expect(failed.headers.get("retry-after")).toBe("5");
    expect(await failed.json()).toEqual({
      error: {
        code: "UNAVAILABLE",
        message: "The service is temporarily unavailable. Please try again shortly.",
      },
    });
  });
});
