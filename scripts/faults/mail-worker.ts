// The queue's worker alone, as a child process the mail-crash scenario can kill -9: the same
// dependencies and queues as the server (deps.ts, background.ts), polling every half second.
// Configuration from the environment (env.ts): DATA_DIR or DATABASE_URL, SMTP_URL, AUTH_SECRET.
import path from "node:path";
import { defineBackgroundWork } from "../../src/server/background";
import { openDatabase } from "../../src/server/db/client";
import { createDeps } from "../../src/server/deps";
import { loadEnv } from "../../src/server/env";
import { MAIL_CRASH_JOB_OPTIONS } from "./lib/mail-crash-options";

const env = loadEnv();
const database = env.databaseUrl
  ? await openDatabase({ engine: "postgres", url: env.databaseUrl })
  : await openDatabase({ engine: "pglite", dataDir: path.join(env.dataDir, "pg") });
const deps = createDeps({
  env,
  database,
  printMailLinks: false,
  clientIp: () => "127.0.0.1",
  jobs: { ...MAIL_CRASH_JOB_OPTIONS, work: true },
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
