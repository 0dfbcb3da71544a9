// A queue that fills faster than a batch each polling interval keeps up (lib/jobs.ts): the
// worker takes the next batch at once while it finds them full, and waits the interval only
// when a batch was not full. pg-boss alone waits after every batch, so at 50 reactions a second
// the notification events (10 a second) fell behind without end.
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "@/server/test/test-app";
import { createJobQueue } from "./jobs";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const QUEUE = "backlog-test";

it("works through a backlog of several batches without waiting an interval between them", async () => {
  const done: number[] = [];
  const queueOf = (work: boolean) => {
    // An interval far longer than the wait below: only the full batches can explain the runs.
    const queue = createJobQueue(t.database, {
      logger: t.logger,
      work,
      pollingIntervalSeconds: 60,
      pauseBetweenJobsMs: 0,
    });
    queue.define<{ n: number }>({
      name: QUEUE,
      batchSize: 4,
      handler: async ({ n }) => {
        done.push(n);
      },
    });
    return queue;
  };
  // The backlog is there before the worker's first look: sent by an instance that does not work.
  const sender = queueOf(false);
  await sender.start();
  await sender.sendMany(
    QUEUE,
    Array.from({ length: 11 }, (_, n) => ({ data: { n } })),
  );
  await sender.stop();
  const worker = queueOf(true);
  try {
    await worker.start();
    await vi.waitFor(() => expect(done).toHaveLength(11), { timeout: 15_000, interval: 50 });
    expect(new Set(done).size).toBe(11);
  } finally {
    await worker.stop();
  }
}, 30_000);
