// npm run bench:reaction-data: issue 45's reactions added to a database bench:data filled before
// reactions were (bench:data now adds them itself): [reactions] rows (5 per reply in the data by
// default: 5,000,000 at the full size), loaded with the count trigger off, recounted, and each
// Top period's scores made (bench/lib/reaction-data.ts). Run it again to make them afresh.
//   DATABASE_URL=postgres://postgres@127.0.0.1:55432/bench npm run bench:reaction-data -- [reactions]
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows } from "@/server/db/client";
import { lockDataDir } from "@/server/db/data-dir-lock";
import { loadEnv } from "@/server/env";
import { loadReactions, REACTIONS_PER_REPLY } from "./lib/reaction-data";

/** The counters and the bulk insert outlast the app's 15 s statement timeout. */
const STATEMENT_TIMEOUT_MS = 3 * 3600 * 1000;

async function main() {
  const env = loadEnv();
  const release = env.databaseUrl ? () => {} : lockDataDir(env.dataDir);
  const database = env.databaseUrl
    ? await openDatabase({
        engine: "postgres",
        url: env.databaseUrl,
        poolSize: 2,
        timeouts: { connectMs: 5_000, queryMs: STATEMENT_TIMEOUT_MS },
      })
    : await openDatabase({ engine: "pglite", dataDir: path.join(env.dataDir, "pg") });
  try {
    // As the server would at start: a database from before reactions gets their tables.
    await database.migrate();
    const [replies] = await queryRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from discussion_replies`,
    );
    const count = Number(process.argv[2] ?? REACTIONS_PER_REPLY * (replies?.count ?? 0));
    await loadReactions(database.db, count);
  } finally {
    await database.close();
    release();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
