// npm run bench:search-pglite: issue 44's four full-text searches (bench:load's names and paths)
// on the embedded PGlite, where bench:load's ceiling (a pg client) cannot go: the built server on
// a PGlite data directory made by bench:data, its anonymous cache off, each search in turn for
// BENCH_RUNS runs of BENCH_DURATION seconds after BENCH_WARMUP at BENCH_CONNECTIONS (10);
// medians of the runs. PGlite is one connection in the server's process: no ratio to a ceiling.
//   DATA_DIR=/tmp/rc-bench-pglite-100k npm run bench:search-pglite
import os from "node:os";
import { FULL_TEXT_SEARCHES } from "./lib/endpoints";
import { type LoadFigures, measure } from "./lib/load";
import { formatLoad, loadAverage } from "./lib/machine-load";
import { quantile } from "./lib/percentiles";
import { startServer } from "./lib/server-process";

const dataDir = process.env.DATA_DIR;
const port = Number(process.env.BENCH_PORT ?? 3450);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const options = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  duration: Number(process.env.BENCH_DURATION ?? 10),
  warmup: Number(process.env.BENCH_WARMUP ?? 3),
};

async function main() {
  if (!dataDir) {
    console.error("Set DATA_DIR to a PGlite data directory made by bench:data.");
    process.exit(1);
  }
  console.log(
    `Machine: ${os.cpus().length} cores, Node ${process.version}; load average at start ` +
      `${formatLoad(loadAverage())}; ${options.connections} connections, ${runs} runs of ` +
      `${options.duration} s after ${options.warmup} s, PGlite in ${dataDir}`,
  );
  // The server takes the data directory's lock; its own files (uploads, keys) go beside it.
  const server = await startServer({
    port,
    dataDir,
    env: { ANONYMOUS_CACHE: "off" },
  });
  const rows: string[] = [];
  try {
    for (const endpoint of FULL_TEXT_SEARCHES) {
      const response = await fetch(`${server.url}${endpoint.path}`);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${endpoint.path} answered ${response.status}`);
      const figures: LoadFigures[] = [];
      for (let run = 0; run < runs; run++) {
        figures.push(await measure(`${server.url}${endpoint.path}`, options, server.pid));
        const last = figures.at(-1) as LoadFigures;
        console.log(
          `  ${endpoint.name} run ${run + 1}: ${last.requestsPerSecond.toFixed(0)} req/s, p50 ${last.p50} ms, ` +
            `p99 ${last.p99} ms${last.failures ? `, ${last.failures} FAILED` : ""}`,
        );
      }
      const median = (pick: (f: LoadFigures) => number) => quantile(figures.map(pick), 0.5);
      rows.push(
        `| ${endpoint.name} | ${median((f) => f.requestsPerSecond).toFixed(0)} | ` +
          `${median((f) => f.p50)} | ${median((f) => f.p99)} | ` +
          `${median((f) => f.serverCpuMsPerRequest ?? Number.NaN).toFixed(2)} |`,
      );
    }
  } finally {
    await server.stop();
  }
  console.log(`\nMedians of ${runs} runs (load average at end ${formatLoad(loadAverage())}):\n`);
  console.log("| search | req/s | p50 ms | p99 ms | CPU ms/req |");
  console.log("|---|---:|---:|---:|---:|");
  for (const row of rows) console.log(row);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
