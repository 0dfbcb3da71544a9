// The app built in this process, on a database the caller opened: the in-process run and the SQL
// capture use it. Its dependencies are the server's (src/server/deps.ts) with limits out of the
// way and no mail; no HTTP listener, no control file; the built client only when asked (the
// page-weight runs).
import { type CreateAppOptions, createApp } from "@/server/app";
import type { Database } from "@/server/db/client";
import { createDeps } from "@/server/deps";
import { loadEnv } from "@/server/env";

export function createBenchApp(database: Database, options: CreateAppOptions = {}) {
  const env = loadEnv({
    LOG_LEVEL: "silent",
    DATA_DIR: "/tmp/rc-bench",
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret",
    RATE_LIMIT_MULTIPLIER: "1000000",
    SPAM_MIN_FILL_SECONDS: "0",
  });
  const deps = createDeps({
    env,
    database,
    mailer: { send: async () => {} },
    clientIp: () => "127.0.0.1",
  });
  const app = createApp(deps, options);
  return { app, env, close: () => deps.live.close() };
}
