import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "@/server/context";
import { RETRY_AFTER_SECONDS } from "@/server/lib/database-errors";

const PROBE_TIMEOUT_MS = 2_000;

export type HealthResponse = {
  status: "ok" | "unavailable";
  database: { state: "up" | "down"; latencyMs: number | null };
};

/** GET /api/health: 200 when the database answers, 503 when it does not (for load balancers). */
export const healthRoutes = new Hono<AppEnv>().get("/", async (c) => {
  c.header("cache-control", "no-store");
  const started = performance.now();
  const probe = c.var.deps.db.execute(sql`select 1`);
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error("database probe timed out")), PROBE_TIMEOUT_MS).unref(),
  );
  try {
    await Promise.race([probe, timeout]);
    const body: HealthResponse = {
      status: "ok",
      database: { state: "up", latencyMs: Math.round(performance.now() - started) },
    };
    return c.json(body);
  } catch (error) {
    probe.catch(() => {});
    c.var.deps.logger.warn({ err: error }, "health check: database down");
    c.header("retry-after", String(RETRY_AFTER_SECONDS));
    const body: HealthResponse = {
      status: "unavailable",
      database: { state: "down", latencyMs: null },
    };
    return c.json(body, 503);
  }
});
