// What every request handler can reach: the app's dependencies and per-request values.

import type { PostedForm } from "@/shared/public-forms";
import type { Auth } from "./auth/auth";
import type { Db } from "./db/client";
import type { ReadPositionBuffer } from "./domain/reading/position-buffer";
import type { Env } from "./env";
import type { JobQueue } from "./lib/jobs";
import type { LiveBus } from "./lib/live-bus";
import type { Logger } from "./lib/logger";
import type { Mailer, MailTransport } from "./lib/mail";
import type { Metrics } from "./lib/metrics";
import type { RateLimiter } from "./lib/rate-limit";
import type { FileStorage } from "./lib/storage";

export type AppDeps = {
  env: Env;
  db: Db;
  /** For jobs whose statements are long by nature (db/client.ts Database.backgroundDb). */
  backgroundDb: Db;
  auth: Auth;
  /** Queues mail (lib/mail-queue.ts); nothing sends from inside a request. */
  mailer: Mailer;
  /**
   * Delivers mail now (SMTP with pooled connections, or the dev mailbox), bypassing the mail
   * queue: only for a worker that keeps its own per-recipient record, the newsletter sender
   * (docs/decisions/028).
   */
  bulkMailTransport: MailTransport;
  /** Background work in the database (lib/jobs.ts, docs/decisions/019). */
  jobs: JobQueue;
  /** The auth secret: signs unsubscribe links and seals queued mail. */
  secret: string;
  logger: Logger;
  rateLimiter: RateLimiter;
  /** Live updates over LISTEN/NOTIFY, relayed to browsers as SSE (lib/live-bus.ts). */
  live: LiveBus;
  /** This instance's figures; served at /metrics when METRICS_TOKEN is set (lib/metrics.ts). */
  metrics: Metrics;
  /** Read positions as members scroll, written in batches (domain/reading, decision 071). */
  readPositions: ReadPositionBuffer;
  /** Uploaded files: S3 when configured, else the disk under $DATA_DIR/uploads (lib/storage.ts). */
  storage: FileStorage;
  /** Lets local command-line tools act through the running server; see lib/control-file.ts. */
  controlToken?: string;
  /** The client's address, from the socket in production and from a test's choosing in tests. */
  clientIp: (request: Request, info: unknown) => string;
};

export type AppEnv = {
  Variables: {
    /** The app's dependencies; `logger` names this request (lib/request-log.ts). */
    deps: AppDeps;
    clientIp: string;
    /** Echoed in X-Request-Id and on the request's log lines (lib/request-log.ts). */
    requestId: string;
    /** A public form's post the page answers with (ssr/form-posts.ts, docs/decisions/061). */
    postedForm?: PostedForm;
  };
};
