// The job queue's worker alone, as a child process the newsletter bench can kill -9: the same
// dependencies and queues as the server (deps.ts, background.ts). Configuration from the
// environment (env.ts: DATA_DIR, SMTP_URL, AUTH_SECRET, NEWSLETTER_*); BENCH_SHORT_TIMINGS=1
// shortens the job expiry so that a killed worker's send comes back within seconds.
import path from "node:path";
import { defineBackgroundWork } from "../../src/server/background";
import { openDatabase } from "../../src/server/db/client";
import { createDeps } from "../../src/server/deps";
import { loadEnv } from "../../src/server/env";

const env = loadEnv();
const short = process.env.BENCH_SHORT_TIMINGS === "1";
const database = await openDatabase({ engine: "pglite", dataDir: path.join(env.dataDir, "pg") });
const deps = createDeps({
  env,
  database,
  printMailLinks: false,
  clientIp: () => "127.0.0.1",
  jobs: short
    ? {
        work: true,
        pollingIntervalSeconds: 0.5,
        maintenanceIntervalSeconds: 1,
        expireInSeconds: 6,
        retryDelaySeconds: 1,
      }
    : { work: true, pollingIntervalSeconds: 0.5 },
});
defineBackgroundWork(deps);
await deps.jobs.start();
process.stdout.write("worker ready\n");
process.on("SIGTERM", () => {
  void deps.jobs
    .stop()
    .then(() => database.close())
    .then(() => process.exit(0));
});
