// Several app instances on one PostgreSQL database share one job queue (docs/decisions/019):
// each job runs once, whichever instance takes it. PGlite is one process's database, so this
// runs in the PostgreSQL pass only (`npm run test:pg`, CI).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Database, queryRows } from "@/server/db/client";
import { createTestApp, type TestApp } from "@/server/test/test-app";
import { openSecondInstance, testDatabaseUrl } from "@/server/test/test-database";
import { JOB_SCHEMA } from "./job-schema";
import { createJobQueue, type JobQueue } from "./jobs";

const QUEUE = "instances-test";
const JOBS = 200;

// The app is made inside the describe: on PGlite the describe is skipped, and so is its set-up.
describe.skipIf(!testDatabaseUrl())("two instances' job queues on one PostgreSQL database", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("run each job once between them (PostgreSQL only: skipped on PGlite, which has one process)", async () => {
    const runs: number[] = [];
    const byInstance = [0, 0];
    const databases: Database[] = [];
    const queues: JobQueue[] = [];
    try {
      for (const instance of [0, 1]) {
        const database = await openSecondInstance(t.db);
        databases.push(database);
        const queue = createJobQueue(database, {
          logger: t.logger,
          work: true,
          pollingIntervalSeconds: 0.5,
        });
        queue.define<{ n: number }>({
          name: QUEUE,
          batchSize: 5,
          handler: async ({ n }) => {
            runs.push(n);
            byInstance[instance] = (byInstance[instance] ?? 0) + 1;
            // Long enough that both instances poll while the other holds a batch.
            await new Promise((resolve) => setTimeout(resolve, 5));
          },
        });
        queues.push(queue);
      }
      await Promise.all(queues.map((queue) => queue.start()));
      await queues[0]?.sendMany(
        QUEUE,
        Array.from({ length: JOBS }, (_, n) => ({ data: { n } })),
      );

      // Every job completed in the database: none is left for a second run.
      await vi.waitFor(
        async () => {
          const [row] = await queryRows<{ left: number }>(
            t.db,
            sql`select count(*)::int as left from ${sql.identifier(JOB_SCHEMA)}.job
                  where name = ${QUEUE} and state <> 'completed'`,
          );
          expect(row?.left).toBe(0);
          expect(runs.length).toBeGreaterThanOrEqual(JOBS);
        },
        { timeout: 30_000, interval: 100 },
      );

      expect(runs).toHaveLength(JOBS);
      expect(new Set(runs).size).toBe(JOBS);
      expect(byInstance[0]).toBeGreaterThan(0);
      expect(byInstance[1]).toBeGreaterThan(0);
    } finally {
      for (const queue of queues) await queue.stop();
      for (const database of databases) await database.close();
    }
  }, 60_000);
});
