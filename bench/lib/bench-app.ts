// The app built in this process, on a database the caller opened: the in-process run and the SQL
// capture use it. The server's own wiring is in src/server/main.ts; this mirrors it without the
// HTTP listener and the control file; the built client only when asked (the page-weight runs).
import { type CreateAppOptions, createApp } from "../../src/server/app";
import { createAuth } from "../../src/server/auth/auth";
import type { Database } from "../../src/server/db/client";
import { loadEnv } from "../../src/server/env";
import { createLiveBus } from "../../src/server/lib/live-bus";
import { createLogger } from "../../src/server/lib/logger";
import { createRateLimiter } from "../../src/server/lib/rate-limit";

export function createBenchApp(database: Database, options: CreateAppOptions = {}) {
  const env = loadEnv({ LOG_LEVEL: "silent", DATA_DIR: "/tmp/rc-bench" });
  const logger = createLogger("silent");
  const mailer = { send: async () => {} };
  const auth = createAuth({
    db: database.db,
    secret: "bench-secret-bench-secret-bench-secret",
    siteUrl: env.siteUrl,
    siteName: env.siteName,
    adminEmails: [],
    rateLimits: { signIn: 1e6, signUp: 1e6 },
    rateLimiter: createRateLimiter(database.db, 1e6),
    mailer,
    logger,
  });
  const live = createLiveBus(database, { logger });
  const app = createApp(
    {
      rateLimiter: createRateLimiter(database.db, 1e6),
      live,
      env,
      db: database.db,
      auth,
      mailer,
      logger,
      clientIp: () => "127.0.0.1",
    },
    options,
  );
  return { app, env, close: () => live.close() };
}
