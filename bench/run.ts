// npm run bench: requests per second and latency percentiles for a few endpoints, in process
// (app.request on a migrated embedded database), so the figure measures our code and queries.
// The load runs against PostgreSQL and the ceiling comparison come with the benchmark issue.
import { performance } from "node:perf_hooks";
import { createApp } from "../src/server/app";
import { createAuth } from "../src/server/auth/auth";
import { openDatabase } from "../src/server/db/client";
import { loadEnv } from "../src/server/env";
import { createLiveBus } from "../src/server/lib/live-bus";
import { createLogger } from "../src/server/lib/logger";
import { createRateLimiter } from "../src/server/lib/rate-limit";

const CONCURRENCY = 20;
const DURATION_MS = 3_000;

async function main() {
  const env = loadEnv({ LOG_LEVEL: "silent", DATA_DIR: "/tmp/rc-bench" });
  const logger = createLogger("silent");
  const database = await openDatabase({ engine: "pglite" });
  await database.migrate();
  const mailer = { send: async () => {} };
  const auth = createAuth({
    db: database.db,
    secret: "bench-secret-bench-secret-bench-secret",
    siteUrl: env.siteUrl,
    siteName: env.siteName,
    adminEmails: [],
    rateLimits: { signIn: 1e6, signUp: 1e6 },
    mailer,
    logger,
  });
  const app = createApp({
    rateLimiter: createRateLimiter(database.db, 1),
    live: createLiveBus(database, { logger }),
    env,
    db: database.db,
    auth,
    mailer,
    logger,
    clientIp: () => "127.0.0.1",
  });

  for (const url of ["/api/session", "/api/nothing"]) {
    const latencies: number[] = [];
    const until = performance.now() + DURATION_MS;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < until) {
          const start = performance.now();
          const response = await app.request(url);
          await response.arrayBuffer();
          latencies.push(performance.now() - start);
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const pick = (q: number) => (latencies[Math.floor(q * (latencies.length - 1))] ?? 0).toFixed(2);
    console.log(
      `${url.padEnd(16)} ${(latencies.length / (DURATION_MS / 1000)).toFixed(0).padStart(7)} req/s   p50 ${pick(0.5)} ms   p99 ${pick(0.99)} ms`,
    );
  }
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
