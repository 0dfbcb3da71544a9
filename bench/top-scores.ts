// npm run bench:top-scores: what the Top sort's jobs cost on a loaded database (issue 45;
// docs/decisions/078). Opens the database as the server does (the requests' 15 s bound, the
// background connections' longer one) and brings each period up to date [runs] times in a row
// (default 3), as `refreshTopScores` does for the jobs: the first run writes what moved since the
// last one; the later ones find nothing moved, which is the cost of a quiet ten minutes.
//   DATABASE_URL=postgres://postgres@127.0.0.1:55432/bench npm run bench:top-scores -- [runs]
import path from "node:path";
import { openDatabase } from "@/server/db/client";
import { lockDataDir } from "@/server/db/data-dir-lock";
import { refreshTopScores } from "@/server/domain/reactions/top-scores";
import { loadEnv } from "@/server/env";
import { TOP_PERIODS } from "@/shared/reactions";
import { formatLoad, loadAverage } from "./lib/machine-load";

async function main() {
  const runs = Number(process.argv[2] ?? 3);
  const env = loadEnv();
  const release = env.databaseUrl ? () => {} : lockDataDir(env.dataDir);
  const database = env.databaseUrl
    ? await openDatabase({ engine: "postgres", url: env.databaseUrl })
    : await openDatabase({ engine: "pglite", dataDir: path.join(env.dataDir, "pg") });
  try {
    console.log(`load average at the start: ${formatLoad(loadAverage())}`);
    for (const period of TOP_PERIODS) {
      for (let run = 1; run <= runs; run += 1) {
        const started = performance.now();
        const { scored, written, removed } = await refreshTopScores(database.backgroundDb, period);
        const seconds = (performance.now() - started) / 1000;
        console.log(
          `${period.padEnd(5)} run ${run}: ${seconds.toFixed(1)} s; ${scored.toLocaleString("en")} ` +
            `scored, ${written.toLocaleString("en")} written, ${removed.toLocaleString("en")} removed`,
        );
      }
    }
    console.log(`load average at the end: ${formatLoad(loadAverage())}`);
  } finally {
    await database.close();
    release();
  }
}

await main();
