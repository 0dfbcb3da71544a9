// The job queue's worker alone, on PostgreSQL, as a child process the digest bench measures
// (its peak memory is this process's): the same dependencies and queues as the server (deps.ts,
// background.ts). Configuration from the environment (env.ts): DATABASE_URL, DATA_DIR (the dev
// mailbox, as no SMTP_URL is set), AUTH_SECRET.
import { defineBackgroundWork } from "../../src/server/background";
import { openDatabase } from "../../src/server/db/client";
import { createDeps } from "../../src/server/deps";
import { loadEnv } from "../../src/server/env";

const env = loadEnv();
if (!env.databaseUrl) throw new Error("the digest worker runs on PostgreSQL: set DATABASE_URL");
const database = await openDatabase({ engine: "postgres", url: env.databaseUrl });
const deps = createDeps({
  env,
  database,
  printMailLinks: false,
  clientIp: () => "127.0.0.1",
  jobs: { work: true, pollingIntervalSeconds: 0.5 },
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
