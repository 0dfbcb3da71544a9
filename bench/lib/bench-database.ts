// The benchmark data's database, opened from the environment as the server would: PostgreSQL at
// DATABASE_URL, else PGlite in DATA_DIR behind the data-dir lock (two processes on one PGlite
// directory corrupt it). close() also releases the lock.
import path from "node:path";
import { type Database, openDatabase } from "@/server/db/client";
import { lockDataDir } from "@/server/db/data-dir-lock";
import { loadEnv } from "@/server/env";

/** Bench statements (counters, bulk inserts, VACUUM, REINDEX) outlast the app's 15 s timeout. */
const LONG_STATEMENT_MS = 3 * 3600 * 1000;

export async function openBenchDatabase({
  poolSize,
  queryMs = LONG_STATEMENT_MS,
}: {
  /** PostgreSQL only: connections the script uses at once. */
  poolSize: number;
  /** PostgreSQL only: the statement timeout. */
  queryMs?: number;
}): Promise<Database> {
  const env = loadEnv();
  const release = env.databaseUrl ? () => {} : lockDataDir(env.dataDir);
  const database = env.databaseUrl
    ? await openDatabase({
        engine: "postgres",
        url: env.databaseUrl,
        poolSize,
        timeouts: { connectMs: 5_000, queryMs },
      })
    : await openDatabase({ engine: "pglite", dataDir: path.join(env.dataDir, "pg") });
  return {
    ...database,
    async close() {
      await database.close();
      release();
    },
  };
}
