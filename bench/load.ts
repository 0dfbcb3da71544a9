// npm run bench:load: the app under load on PostgreSQL, beside the ceiling (a bare node:http
// handler running the same SQL through pg, see ceiling-server.ts), endpoint by endpoint, in
// the same run. Needs DATABASE_URL pointing at the benchmark data (npm run bench:data).
//   DATABASE_URL=postgres://postgres@127.0.0.1:55432/bench npm run bench:load
// Options (environment): BENCH_PORT (3410; the ceiling uses +1), BENCH_CONNECTIONS (50),
// BENCH_DURATION (10 s per run), BENCH_WARMUP (3 s), BENCH_GZIP=1 (send Accept-Encoding: gzip
// as browsers do; both sides compress then), BENCH_ONLY (a name fragment: run matching endpoints),
// BENCH_CPU_PROF (a folder for the app's CPU profile).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { captureSql } from "./lib/capture-sql";
import { loadEndpoints, sampleIds } from "./lib/endpoints";
import { type LoadFigures, measure } from "./lib/load";
import { ROOT, startServer } from "./lib/server-process";

const databaseUrl = process.env.DATABASE_URL;
const port = Number(process.env.BENCH_PORT ?? 3410);
const options = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  duration: Number(process.env.BENCH_DURATION ?? 10),
  warmup: Number(process.env.BENCH_WARMUP ?? 3),
  headers: process.env.BENCH_GZIP === "1" ? { "accept-encoding": "gzip" } : undefined,
};
const TARGET_P99_MS = 50;
/** Written by node:http itself for each response. */
const PER_CONNECTION_HEADERS = new Set([
  "date",
  "connection",
  "keep-alive",
  "content-length",
  "transfer-encoding",
]);
const TARGET_RATIO = 0.7;

async function main() {
  if (!databaseUrl) {
    console.error("Set DATABASE_URL to the benchmark database (see npm run bench:data).");
    process.exit(1);
  }
  const only = process.env.BENCH_ONLY;
  const endpoints = loadEndpoints(await sampleIds(databaseUrl)).filter(
    (endpoint) => !only || endpoint.name.includes(only),
  );
  const captured = await captureSql(databaseUrl, endpoints);
  const workDir = mkdtempSync(path.join(tmpdir(), "rc-bench-load-"));

  // BENCH_CPU_PROF=<dir>: the app writes a CPU profile there when it stops (chrome://inspect).
  const profileDir = process.env.BENCH_CPU_PROF;
  const app = await startServer({
    port,
    databaseUrl,
    dataDir: path.join(workDir, "data"),
    nodeArgs: profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [],
  });
  // The ceiling answers with the app's own headers (security headers, cache-control, ...):
  // the same response, minus the work of producing it.
  const withHtml = await Promise.all(
    captured.map(async (endpoint) => {
      const response = await fetch(`${app.url}${endpoint.path}`);
      const body = await response.text();
      const headers = Object.fromEntries(
        [...response.headers].filter(([name]) => !PER_CONNECTION_HEADERS.has(name)),
      );
      return endpoint.shape === "html"
        ? { ...endpoint, headers, html: body }
        : { ...endpoint, headers };
    }),
  );
  const endpointsFile = path.join(workDir, "endpoints.json");
  writeFileSync(endpointsFile, JSON.stringify(withHtml));
  const ceiling = await startServer({
    port: port + 1,
    databaseUrl,
    dataDir: workDir,
    script: path.join(ROOT, "bench/ceiling-server.ts"),
    env: { ENDPOINTS_FILE: endpointsFile },
    readyPath: withHtml[0]?.path ?? "/",
  });

  console.log(
    `Load: ${options.connections} connections, ${options.duration} s per run after ${options.warmup} s warm-up` +
      `${options.headers ? ", Accept-Encoding: gzip" : ""}; app pid ${app.pid}, ceiling pid ${ceiling.pid}`,
  );
  console.log(`App RSS before load: ${app.rssMb().toFixed(0)} MB`);
  const rows: Array<{ name: string; ours: LoadFigures; bare: LoadFigures; bytes: string }> = [];
  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, app.rssMb());
  }, 250);
  try {
    for (const endpoint of withHtml) {
      const ours = await measure(`${app.url}${endpoint.path}`, options);
      const bare = await measure(`${ceiling.url}${endpoint.path}`, options);
      const [ourBody, bareBody] = await Promise.all(
        [app.url, ceiling.url].map(
          async (base) => (await (await fetch(`${base}${endpoint.path}`)).arrayBuffer()).byteLength,
        ),
      );
      rows.push({ name: endpoint.name, ours, bare, bytes: `${ourBody}/${bareBody}` });
      print(rows.at(-1) as (typeof rows)[number], endpoint.path, endpoint.statements.length);
    }
  } finally {
    clearInterval(sampler);
    console.log(`App RSS under load (peak): ${peakRss.toFixed(0)} MB`);
    await Promise.all([app.stop(), ceiling.stop()]);
  }

  const missed = rows.filter(
    (row) =>
      row.ours.p99 > TARGET_P99_MS ||
      row.ours.requestsPerSecond / row.bare.requestsPerSecond < TARGET_RATIO,
  );
  console.log(
    missed.length === 0
      ? `\nAll endpoints within p99 ≤ ${TARGET_P99_MS} ms and ≥ ${TARGET_RATIO} of the ceiling.`
      : `\nMissed targets (p99 ≤ ${TARGET_P99_MS} ms, ≥ ${TARGET_RATIO} of the ceiling): ${missed.map((row) => row.name).join(", ")}`,
  );
  const failures = rows.filter((row) => row.ours.failures + row.bare.failures > 0);
  if (failures.length > 0) {
    console.error(`Requests failed during: ${failures.map((row) => row.name).join(", ")}`);
    process.exitCode = 1;
  }
}

let headerPrinted = false;
function print(
  row: { name: string; ours: LoadFigures; bare: LoadFigures; bytes: string },
  urlPath: string,
  statements: number,
) {
  if (!headerPrinted) {
    headerPrinted = true;
    console.log(
      `\n${"endpoint".padEnd(24)}${"req/s".padStart(8)}${"p50".padStart(7)}${"p99".padStart(7)}` +
        `   | ceiling${"req/s".padStart(7)}${"p50".padStart(7)}${"p99".padStart(7)}` +
        `  | ratio  SQL  bytes (ours/ceiling)`,
    );
  }
  const f = (figures: LoadFigures) =>
    `${figures.requestsPerSecond.toFixed(0).padStart(8)}${`${figures.p50}`.padStart(7)}${`${figures.p99}`.padStart(7)}`;
  const ratio = row.ours.requestsPerSecond / row.bare.requestsPerSecond;
  console.log(
    `${row.name.padEnd(24)}${f(row.ours)}   |        ${f(row.bare).slice(1)}  | ${ratio.toFixed(2).padStart(5)}  ${String(statements).padStart(3)}  ${row.bytes}   ${urlPath}` +
      (row.ours.failures || row.bare.failures
        ? `  FAILURES ours ${row.ours.failures} ceiling ${row.bare.failures}`
        : ""),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
