// The app's dependencies (context.ts AppDeps), built one way for the server (main.ts), the API
// tests (test/test-app.ts), the benchmarks and the demo seeder. What differs between them is an
// option; everything else follows the configuration (env.ts).

import { createAuth, scaledAuthRateLimits } from "./auth/auth";
import type { AppDeps } from "./context";
import type { Database } from "./db/client";
import { createReadPositionBuffer } from "./domain/reading/position-buffer";
import type { Env } from "./env";
import { resolveAuthSecret } from "./lib/auth-secret";
import { createJobQueue, type JobQueueOptions } from "./lib/jobs";
import { createLiveBus } from "./lib/live-bus";
import { openStreamTotal } from "./lib/live-stream-cap";
import { createLogger, type Logger } from "./lib/logger";
import { createMailTransport, type Mailer, type MailTransport } from "./lib/mail";
import { defineMailQueue } from "./lib/mail-queue";
import { createMetrics } from "./lib/metrics";
import { createRateLimiter } from "./lib/rate-limit";
import { s3Storage } from "./lib/s3-storage";
import { diskStorage, type FileStorage, uploadsDirectory } from "./lib/storage";

export type DepsOptions = {
  env: Env;
  /** Opened (and migrated) by the caller, who also closes it. */
  database: Database;
  /** The client's address: the socket's on the server, a test's choosing in tests. */
  clientIp: AppDeps["clientIp"];
  /** Default: one at env.logLevel. */
  logger?: Logger;
  /** Default: the mail queue (lib/mail-queue.ts); the seeder and benchmarks pass a no-op. */
  mailer?: Mailer;
  /** What the mail queue delivers through. Default: SMTP when SMTP_URL is set, else the dev
   * mailbox under $DATA_DIR/mail. */
  mailTransport?: MailTransport;
  /** The job queue's polling and timings: the server works (polls); tests drain by hand. */
  jobs?: Partial<Omit<JobQueueOptions, "logger">>;
  /** Whether the dev mailbox prints each message's links on the console (default: yes). */
  printMailLinks?: boolean;
  /** Sign-in and sign-up attempts per address per minute; default: scaled by the multiplier. */
  authRateLimits?: { signIn: number; signUp: number; other?: number };
  /** Lets local command-line tools act through the running server (lib/control-file.ts). */
  controlToken?: string;
  /** Default: S3 when configured, else the disk under $DATA_DIR/uploads. */
  storage?: FileStorage;
};

export function createDeps(options: DepsOptions): AppDeps {
  const { env, database } = options;
  const logger = options.logger ?? createLogger(env.logLevel);
  // AUTH_SECRET when set, else the one kept in $DATA_DIR.
  const secret = resolveAuthSecret(env.authSecret, env.dataDir);
  const jobs = createJobQueue(database, { logger, work: false, ...options.jobs });
  const live = createLiveBus(database, { logger });
  const metrics = createMetrics(
    {
      poolStats: database.poolStats,
      openStreams: () => openStreamTotal(live),
      waitingJobs: () => jobs.waitingCounts(),
    },
    { process: env.metricsToken !== undefined },
  );
  const transportOf = (pooled: boolean) =>
    options.mailTransport ??
    createMailTransport({
      smtpUrl: env.smtpUrl,
      from: env.mailFrom,
      dataDir: env.dataDir,
      logger,
      printLinks: options.printMailLinks ?? true,
      pooled,
    });
  const mailTransport = transportOf(false);
  // The newsletter's sender keeps its SMTP connections open (docs/decisions/028).
  const bulkMailTransport = transportOf(true);
  const mailer =
    options.mailer ??
    defineMailQueue({
      jobs,
      secret,
      host: new URL(env.siteUrl).hostname,
      logger,
      metrics,
      transport: mailTransport,
    });
  const rateLimiter = createRateLimiter(database.db, env.rateLimitMultiplier);
  const auth = createAuth({
    db: database.db,
    secret,
    siteUrl: env.siteUrl,
    siteName: env.siteName,
    adminEmails: env.adminEmails,
    mailer,
    logger,
    rateLimits: options.authRateLimits ?? scaledAuthRateLimits(env.rateLimitMultiplier),
    rateLimiter,
  });
  return {
    env,
    db: database.db,
    backgroundDb: database.backgroundDb,
    auth,
    mailer,
    bulkMailTransport,
    jobs,
    secret,
    logger,
    rateLimiter,
    live,
    metrics,
    readPositions: createReadPositionBuffer(database.db, logger),
    storage:
      options.storage ?? (env.s3 ? s3Storage(env.s3) : diskStorage(uploadsDirectory(env.dataDir))),
    controlToken: options.controlToken,
    clientIp: options.clientIp,
  };
}
