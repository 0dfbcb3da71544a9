// npm run seed:demo: staff accounts, members and discussions to try the site with
// (src/server/auth/demo-data.ts). Works whether or not the server is running: while it holds
// the embedded database, the server does the seeding (docs/decisions/005).
import path from "node:path";
import { type DemoDataReport, describeDemoData, seedDemoData } from "../src/server/auth/demo-data";
import { openDatabase } from "../src/server/db/client";
import { DataDirBusyError, lockDataDir } from "../src/server/db/data-dir-lock";
import { loadEnv } from "../src/server/env";
import { resolveAuthSecret } from "../src/server/lib/auth-secret";
import { createLogger } from "../src/server/lib/logger";
import { keepNewFilesPrivate } from "../src/server/lib/private-files";
import { askRunningServer } from "./lib/running-server";

async function main(): Promise<number> {
  // It may create the embedded database's files: private to this user, as the server's are.
  keepNewFilesPrivate();
  const env = loadEnv();
  let release = () => {};
  if (!env.databaseUrl) {
    try {
      release = lockDataDir(env.dataDir);
    } catch (error) {
      if (!(error instanceof DataDirBusyError)) throw error;
      console.log("The server is running: it adds the demo data…");
      const answer = await askRunningServer<DemoDataReport>(env.dataDir, error, "seed-demo", {});
      if (!answer.ok) {
        console.error(answer.message);
        return 1;
      }
      console.log(describeDemoData(answer.body));
      return 0;
    }
  }
  const database = env.databaseUrl
    ? await openDatabase({ engine: "postgres", url: env.databaseUrl, poolSize: 2 })
    : await openDatabase({ engine: "pglite", dataDir: path.join(env.dataDir, "pg") });
  try {
    await database.migrate();
    const report = await seedDemoData({
      db: database.db,
      secret: resolveAuthSecret(env.authSecret, env.dataDir),
      siteUrl: env.siteUrl,
      siteName: env.siteName,
      logger: createLogger("warn"),
    });
    console.log(describeDemoData(report));
    return 0;
  } finally {
    await database.close();
    release();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
