// Background work in the database (docs/decisions/019): pg-boss 10 over the app's own
// connection, so the same queue runs on PGlite and on PostgreSQL. A job is a row; a worker
// takes it with FOR UPDATE SKIP LOCKED (several instances: each job runs once), and a job that
// fails, or whose worker died (kill -9: it stays active until its expiry), is retried with
// backoff. Jobs sent inside a transaction (`{ tx }`) exist exactly when its writes commit.
import PgBoss from "pg-boss";
import type { Database, Db } from "@/server/db/client";
import { executorOf, JOB_SCHEMA, rawClientOf } from "./job-schema";
import type { Logger } from "./logger";

export type JobContext = {
  id: string;
  name: string;
  /** This run of the job: its id and retry count (a retry after a crash is another run). */
  run: string;
  /** How long this run may take before the queue counts its worker as dead and retries it. */
  expireInSeconds: number;
  /**
   * Completes the job inside `tx`: a handler whose work is all in the database does it in
   * the same transaction, so the job is done exactly when its writes commit and a retry after
   * a crash finds nothing left to do.
   */
  completeIn(tx: Db): Promise<void>;
};

export type JobHandler<Data> = (data: Data, job: JobContext) => Promise<void>;

export type JobItem = { data: object; singletonKey?: string; startAfter?: Date };

export type QueueDefinition<Data = unknown> = {
  name: string;
  handler: JobHandler<Data>;
  /** Retries after a failure, waiting `retryDelaySeconds`, doubled each time (with jitter). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A job still active after this long (its worker died) is failed, and so retried. */
  expireInSeconds?: number;
  /** Jobs taken per poll; each is completed on its own as soon as it is done. */
  batchSize?: number;
  /** pg-boss's `short` policy keeps at most one queued job per singleton key. */
  policy?: "standard" | "short";
  /** A cron line (UTC) that sends one job with no data each time it comes round. */
  cron?: string;
};

export type SendOptions = {
  /** Send inside this transaction: the job exists only if the transaction commits. */
  tx?: Db;
  /** Seconds from now, or a time. */
  startAfter?: number | Date;
  singletonKey?: string;
};

export type JobQueue = {
  define<Data>(queue: QueueDefinition<Data>): void;
  /** Installs pg-boss's schema, creates the defined queues, and (with `work`) starts polling. */
  start(): Promise<void>;
  send(name: string, data: object, options?: SendOptions): Promise<string | null>;
  sendMany(name: string, items: JobItem[], options?: { tx?: Db }): Promise<void>;
  /**
   * Runs every job that is due now until none is left: tests call it instead of waiting for a
   * poll. `ignoreStartAfter` first makes every job waiting for a later time due now (a retry's
   * backoff, a mail held for its hour); jobs those send for later stay for later.
   */
  drain(options?: { ignoreStartAfter?: boolean }): Promise<number>;
  /** Jobs waiting to run (due or not: created, or back for a retry), by queue name. */
  waitingCounts(): Promise<Map<string, number>>;
  /**
   * What `start()` creates each defined queue with. pg-boss keeps a queue's first settings, so
   * the API tests' template, whose queues are made once (test/test-database.ts), checks its own.
   */
  queueSettings(): QueueSettings[];
  stop(): Promise<void>;
};

export type JobQueueOptions = {
  logger: Logger;
  /** Poll for jobs and run the cron schedules (the server); tests drain by hand instead. */
  work: boolean;
  pollingIntervalSeconds?: number;
  /** How often expired jobs are failed (and so retried) and old ones archived. */
  maintenanceIntervalSeconds?: number;
  /** Overrides every queue's retry delay (fault tests shorten it). */
  retryDelaySeconds?: number;
  /** Overrides every queue's expiry (fault tests shorten it). */
  expireInSeconds?: number;
  /**
   * A pause after each job. PGlite has one connection: a worker running jobs back to back
   * (a thousand-follower fan-out in parts) would hold it between every query of a request;
   * the pause lets requests through. Default: 20 ms on PGlite, none on PostgreSQL.
   */
  pauseBetweenJobsMs?: number;
};

export type QueueSettings = {
  name: string;
  policy: "standard" | "short";
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  expireInSeconds: number;
};

/** PostgreSQL's "deadlock detected". */
const DEADLOCK = "40P01";

/**
 * Runs `create` again when PostgreSQL ends it as a deadlock's victim. Instances started together
 * on a new database create the same queues at once, and each new queue attaches a partition to
 * pg-boss's job table: two such transactions can deadlock, and the losing instance would not
 * start (jobs-instances.test.ts). The retry finds the queue made, or makes it.
 */
async function retryingDeadlocks(create: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await create();
    } catch (error) {
      if (attempt >= 5 || (error as { code?: unknown })?.code !== DEADLOCK) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 50));
    }
  }
}

export function createJobQueue(
  database: Pick<Database, "db"> & Partial<Pick<Database, "engine">>,
  options: JobQueueOptions,
): JobQueue {
  const { logger } = options;
  const pauseMs = options.pauseBetweenJobsMs ?? (database.engine === "pglite" ? 20 : 0);
  const executor = executorOf(rawClientOf(database.db));
  const boss = new PgBoss({
    db: executor,
    schema: JOB_SCHEMA,
    supervise: options.work,
    schedule: options.work,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
    // Finished jobs are kept a day (then archived, then deleted after a week): enough to see
    // what happened, and mail bodies in them are sealed (lib/mail-queue.ts).
    archiveCompletedAfterSeconds: 24 * 3600,
  });
  boss.on("error", (error) => logger.error({ err: error }, "job engine error"));
  const queues = new Map<string, QueueDefinition<never>>();
  let started = false;
  const expiryOf = (queue: QueueDefinition<never>) =>
    options.expireInSeconds ?? queue.expireInSeconds ?? 15 * 60;
  const settingsOf = (queue: QueueDefinition<never>): QueueSettings => ({
    name: queue.name,
    policy: queue.policy ?? "standard",
    retryLimit: queue.retryLimit ?? 5,
    retryDelay: options.retryDelaySeconds ?? queue.retryDelaySeconds ?? 30,
    retryBackoff: true,
    expireInSeconds: expiryOf(queue),
  });

  /**
   * Runs each job on its own and completes or fails it at once, never the batch together; in
   * the order they were sent (pg-boss's UPDATE ... RETURNING hands a batch back in any order).
   */
  async function runJobs(queue: QueueDefinition<never>, batch: PgBoss.JobWithMetadata<object>[]) {
    const jobs = [...batch].sort(
      (a, b) => a.createdOn.getTime() - b.createdOn.getTime() || a.id.localeCompare(b.id),
    );
    for (const job of jobs) {
      // Set when the handler completed the job inside its own transaction: a transaction that
      // rolled back rejects, and the handler with it, so a job marked here is completed.
      let completedInTransaction = false;
      try {
        await queue.handler(job.data as never, {
          id: job.id,
          name: job.name,
          run: `${job.id}:${job.retryCount}`,
          // The job's own (set from its queue when it was sent), else the queue's.
          expireInSeconds:
            Number.isFinite(Number(job.expireInSeconds)) && Number(job.expireInSeconds) > 0
              ? Number(job.expireInSeconds)
              : expiryOf(queue),
          completeIn: async (tx) => {
            await boss.complete(
              queue.name,
              job.id,
              {},
              {
                db: executorOf(rawClientOf(tx)),
              },
            );
            completedInTransaction = true;
          },
        });
        // One statement less for each such job (a notification event is one per reaction).
        if (!completedInTransaction) await boss.complete(queue.name, job.id);
      } catch (error) {
        logger.warn({ err: error, queue: queue.name, job: job.id }, "job failed; retried later");
        await boss
          .fail(queue.name, job.id, { message: String((error as Error)?.message ?? error) })
          .catch((failError) => logger.error({ err: failError }, "could not fail a job"));
      }
      if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }

  let draining: Promise<number> = Promise.resolve(0);

  async function drainNow(drainOptions: { ignoreStartAfter?: boolean }): Promise<number> {
    let ran = 0;
    if (drainOptions.ignoreStartAfter) {
      // A second back, not now(): pg-boss fetches `start_after < now()`, and the next
      // statement can read the same now() when the clock is coarse (PGlite's is milliseconds).
      await executor.executeSql(
        `update ${JOB_SCHEMA}.job set start_after = now() - interval '1 second' where state < 'active' and start_after > now()`,
        [],
      );
    }
    for (;;) {
      let found = 0;
      for (const queue of queues.values()) {
        const jobs = (await boss.fetch(queue.name, {
          batchSize: queue.batchSize ?? 10,
          includeMetadata: true,
        })) as PgBoss.JobWithMetadata<object>[] | null;
        if (!jobs?.length) continue;
        found += jobs.length;
        await runJobs(queue, jobs);
      }
      ran += found;
      if (found === 0) return ran;
    }
  }

  return {
    define(queue) {
      if (started) throw new Error(`Queue ${queue.name} defined after the job queue started`);
      queues.set(queue.name, queue as QueueDefinition<never>);
    },
    async start() {
      started = true;
      await boss.start();
      for (const queue of queues.values()) {
        await retryingDeadlocks(() => boss.createQueue(queue.name, settingsOf(queue)));
        if (!options.work) continue;
        const batchSize = queue.batchSize ?? 10;
        await boss.work(
          queue.name,
          {
            batchSize,
            pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
            includeMetadata: true,
          },
          async (jobs) => {
            // pg-boss waits its polling interval after every batch, full or not: a queue that
            // fills faster than a batch an interval (50 reactions a second, each an event) fell
            // further behind for as long as it lasted, and pg-boss's fetch, which sorts every
            // waiting job, grew slower with it. A full batch means more are waiting: take them.
            let batch = jobs as PgBoss.JobWithMetadata<object>[];
            for (;;) {
              await runJobs(queue, batch);
              if (!started || batch.length < batchSize) return;
              batch = ((await boss.fetch(queue.name, { batchSize, includeMetadata: true })) ??
                []) as PgBoss.JobWithMetadata<object>[];
              if (batch.length === 0) return;
            }
          },
        );
        if (queue.cron) await boss.schedule(queue.name, queue.cron, {}, { tz: "UTC" });
      }
    },
    async send(name, data, sendOptions = {}) {
      return boss.send(name, data, {
        db: sendOptions.tx ? executorOf(rawClientOf(sendOptions.tx)) : undefined,
        startAfter: sendOptions.startAfter,
        singletonKey: sendOptions.singletonKey,
      });
    },
    async sendMany(name, items, sendOptions = {}) {
      if (items.length === 0) return;
      await boss.insert(
        items.map((item) => ({
          name,
          data: item.data,
          singletonKey: item.singletonKey,
          startAfter: item.startAfter?.toISOString(),
        })),
        sendOptions.tx ? { db: executorOf(rawClientOf(sendOptions.tx)) } : {},
      );
    },
    drain(drainOptions = {}) {
      // One drain at a time: a second one started meanwhile would find the first one's jobs
      // taken (active, not yet done), return at once, and its caller would read a mailbox
      // that the first is still writing (six members signing up together, on PostgreSQL).
      const run = draining.then(() => drainNow(drainOptions));
      draining = run.catch(() => 0);
      return run;
    },
    async waitingCounts() {
      const { rows } = (await executor.executeSql(
        `select name, count(*)::int as waiting from ${JOB_SCHEMA}.job
          where state < 'active' and name = any($1::text[]) group by name`,
        [[...queues.keys()]],
      )) as { rows: Array<{ name: string; waiting: number }> };
      const counts = new Map([...queues.keys()].map((name) => [name, 0]));
      for (const row of rows) counts.set(row.name, row.waiting);
      return counts;
    },
    queueSettings() {
      return [...queues.values()].map(settingsOf);
    },
    async stop() {
      if (!started) return;
      started = false;
      // Jobs in hand finish (up to 10 s); the pool stays: the caller closes the database.
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
    },
  };
}
