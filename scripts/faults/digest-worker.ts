// The queue's worker alone, as a child process the digest-crash scenario can kill -9: the same
// dependencies and queues as the server (deps.ts, background.ts) with short timings. Every
// quarter second it prints the digest rows still queued or sending ("open N"): the scenario
// cannot read PGlite while this process holds it. Configuration from the environment (env.ts):
// DATA_DIR or DATABASE_URL, SMTP_URL, AUTH_SECRET.
import path from "node:path";
import { sql } from "drizzle-orm";
import { defineBackgroundWork } from "../../src/server/background";
import { openDatabase, queryRows } from "../../src/server/db/client";
import { createDeps } from "../../src/server/deps";
import { loadEnv } from "../../src/server/env";
import { DIGEST_CRASH_JOB_OPTIONS } from "./lib/digest-crash-options";

const env = loadEnv();
const database = env.databaseUrl
  ? await openDatabase({ engine: "postgres", url: env.databaseUrl })
  : await openDatabase({ engine: "pglite", dataDir: path.join(env.dataDir, "pg") });
const deps = createDeps({
  env,
  database,
  printMailLinks: false,
  clientIp: () => "127.0.0.1",
  jobs: { ...DIGEST_CRASH_JOB_OPTIONS, work: true },
});
defineBackgroundWork(deps);
await deps.jobs.start();
process.stdout.write("worker ready\n");
const reporting = setInterval(() => {
  void queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from digest_deliveries where status in ('queued', 'sending')`,
  ).then(([row]) => process.stdout.write(`open ${row?.n ?? 0}\n`));
}, 250);
process.on("SIGTERM", () => {
  clearInterval(reporting);
  void deps.jobs
    .stop()
    .then(() => database.close())
    .then(() => process.exit(0));
});
