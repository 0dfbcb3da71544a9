// npm run bench:load: the app under load on PostgreSQL, beside the ceiling (a bare node:http
// handler running the same SQL through pg, see ceiling-server.ts), endpoint by endpoint. The app
// runs twice: its own path with the anonymous cache off (ANONYMOUS_CACHE=off), held to a ratio of
// the ceiling, and as `npm start` runs it, where a visitor's read or page is a cache hit
// (decision 059), reported as what it is: requests per second, not a ratio. Each
// endpoint runs several times, the app, the ceiling and the cache taking turns, so that
// whatever else the shared machine does hits both sides alike; it reports the median ratio with
// its spread and the median p99, the load average at the start, and how much CPU other
// processes took during each run. Needs DATABASE_URL pointing at the benchmark data (npm run
// bench:data) and the built client and server (built first when out of date, as `npm start` does).
//   DATABASE_URL=postgres://postgres@127.0.0.1:55432/bench npm run bench:load
// Options (environment): BENCH_PORT (3410; the ceiling uses +1, the cached app +2), BENCH_CONNECTIONS (50),
// BENCH_DURATION (10 s per run), BENCH_WARMUP (3 s before each run), BENCH_RUNS (3 per side),
// BENCH_GZIP=1 (send Accept-Encoding: gzip as browsers do; both sides compress then),
// BENCH_ONLY (name fragments, comma-separated: run matching endpoints), BENCH_CPU_PROF (a folder for the app's
// CPU profile; the ceiling's goes in its "ceiling" folder; bench/cpu-profile.ts summarises one),
// BENCH_JSON (a file for the figures, as bench/growth.ts reads them).
import { mkdtempSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { type BenchReader, benchReaderCookie, signedInCookie } from "./lib/bench-member";
import { captureSql } from "./lib/capture-sql";
import { type Endpoint, FULL_PAGE_THREAD, loadEndpoints, sampleIds } from "./lib/endpoints";
import { type LoadFigures, measure } from "./lib/load";
import type { EndpointResult, LoadReport, RunFigures } from "./lib/load-report";
import {
  formatLoad,
  isBusy,
  type LoadAverage,
  loadAverage,
  othersCpu,
  postmasterOf,
} from "./lib/machine-load";
import { quantile } from "./lib/percentiles";
import { ensureBuilt, ROOT, startServer } from "./lib/server-process";

const databaseUrl = process.env.DATABASE_URL;
const port = Number(process.env.BENCH_PORT ?? 3410);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const options = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  duration: Number(process.env.BENCH_DURATION ?? 10),
  warmup: Number(process.env.BENCH_WARMUP ?? 3),
  headers: process.env.BENCH_GZIP === "1" ? { "accept-encoding": "gzip" } : undefined,
};
/** Written by node:http itself for each response. */
const PER_CONNECTION_HEADERS = new Set([
  "date",
  "connection",
  "keep-alive",
  "content-length",
  "transfer-encoding",
]);
const TARGET_P99_MS = 50;
/** Issue 15: a page rendered for a signed-in member (never kept), p99 at 50 connections. */
const TARGET_SIGNED_IN_P99_MS = 100;
/** Issue 22: JSON read endpoints at 0.8 of the ceiling; page HTML at issue 12's 0.7. */
const TARGET_RATIO = { json: 0.8, html: 0.7 };
/** Issue 14: a 10,000-reply thread's first page within 1.2× the p99 of a 10-reply one's. */
const LONG_THREAD_P99_FACTOR = 1.2;
/** A run during which other processes used this much CPU (in cores) or more is marked. */
const OTHERS_BUSY_CORES = 0.25;

async function dataSize(url: string): Promise<LoadReport["data"] & { postmaster: number | null }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{
      discussions: number;
      replies: number;
      members: number;
      pid: number;
    }>(`select (select count(*)::int from discussions where status = 'active') as discussions,
        (select count(*)::int from discussion_replies) as replies,
        (select count(*)::int from profiles) as members, pg_backend_pid() as pid`);
    const row = rows[0];
    if (!row) throw new Error("no answer");
    return { ...row, postmaster: postmasterOf(row.pid) };
  } finally {
    await client.end();
  }
}

const median = (values: number[]) => quantile(values, 0.5);
const medianOrNull = (values: Array<number | null>) =>
  values.some((value) => value === null) ? null : median(values as number[]);

function summarize(runFigures: RunFigures[]): EndpointResult["median"] {
  const ratios = runFigures.map((run) => run.ratio);
  return {
    ratio: median(ratios),
    ratioMin: Math.min(...ratios),
    ratioMax: Math.max(...ratios),
    requestsPerSecond: median(runFigures.map((run) => run.ours.requestsPerSecond)),
    p50: median(runFigures.map((run) => run.ours.p50)),
    p99: median(runFigures.map((run) => run.ours.p99)),
    ceilingRequestsPerSecond: median(runFigures.map((run) => run.bare.requestsPerSecond)),
    ceilingP99: median(runFigures.map((run) => run.bare.p99)),
    cpuMsPerRequest: medianOrNull(runFigures.map((run) => run.ours.serverCpuMsPerRequest)),
    ceilingCpuMsPerRequest: medianOrNull(runFigures.map((run) => run.bare.serverCpuMsPerRequest)),
    cachedRequestsPerSecond: medianOrNull(
      runFigures.map((run) => run.cached?.requestsPerSecond ?? null),
    ),
    cachedP99: medianOrNull(runFigures.map((run) => run.cached?.p99 ?? null)),
  };
}

async function main() {
  if (!databaseUrl) {
    console.error("Set DATABASE_URL to the benchmark database (see npm run bench:data).");
    process.exit(1);
  }
  ensureBuilt();
  const startedAt = new Date().toISOString();
  const loadAtStart = loadAverage();
  const only = process.env.BENCH_ONLY;
  const endpoints = loadEndpoints(await sampleIds(databaseUrl)).filter(
    (endpoint) => !only || only.split(",").some((fragment) => endpoint.name.includes(fragment)),
  );
  const { postmaster, ...data } = await dataSize(databaseUrl);
  // The load average lags by a minute and counts a run that just ended; the CPU other
  // processes use right now (two seconds of it) says whether they are still at work.
  const sample = othersCpu([process.pid, ...(postmaster ? [postmaster] : [])]);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const othersAtStart = sample.stop();
  console.log(
    `Machine: ${loadAtStart.cores} cores (${os.cpus()[0]?.model ?? "unknown CPU"}), Node ${process.version}; ` +
      `load average at start ${formatLoad(loadAtStart)} (1, 5, 15 min); other processes' CPU ` +
      `${othersAtStart === null ? "unknown" : `${othersAtStart.toFixed(2)} cores`} (2 s before the run)`,
  );
  if (isBusy(loadAtStart, othersAtStart)) {
    console.warn(
      `WARNING: the machine is busy (load average ${loadAtStart.one.toFixed(2)} on ${loadAtStart.cores} cores` +
        `${othersAtStart === null ? "" : `, other processes using ${othersAtStart.toFixed(2)} cores`}) ` +
        "before the run starts: other work will share the cores with the app, the ceiling and PostgreSQL. " +
        "Figures will be lower and move more; wait for a quiet moment to record them.",
    );
  }
  console.log(
    `Data: ${data.discussions.toLocaleString("en")} discussions, ${data.replies.toLocaleString("en")} replies, ` +
      `${data.members.toLocaleString("en")} members`,
  );
  const captured = await captureSql(databaseUrl, endpoints);
  const workDir = mkdtempSync(path.join(tmpdir(), "rc-bench-load-"));

  // BENCH_CPU_PROF=<dir>: the app writes a CPU profile there when it stops (chrome://inspect).
  const profileDir = process.env.BENCH_CPU_PROF;
  // The app's own path: every request through the app, the anonymous cache off.
  const app = await startServer({
    port,
    databaseUrl,
    dataDir: path.join(workDir, "data"),
    env: { ANONYMOUS_CACHE: "off" },
    nodeArgs: profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [],
  });
  const stopping: Array<() => Promise<void>> = [() => app.stop()];
  // As `npm start` runs it: visitors' reads and pages from the anonymous cache.
  const cached = await startServer({
    port: port + 2,
    databaseUrl,
    dataDir: path.join(workDir, "data-cached"),
  });
  stopping.push(() => cached.stop());
  try {
    // The ceiling answers with the app's own headers (security headers, cache-control, ...):
    // the same response, minus the work of producing it. Each answer must be a success: a
    // 404 measured at full speed would look like a fast endpoint.
    const cookie = captured.some((endpoint) => endpoint.signedIn && !endpoint.reader)
      ? await signedInCookie(app.url, databaseUrl)
      : undefined;
    // Issue 42's readers (bench/reading-data.ts), each with a session of their own.
    const readerCookies = new Map<BenchReader, string>();
    for (const reader of new Set(captured.flatMap((endpoint) => endpoint.reader ?? []))) {
      readerCookies.set(reader, await benchReaderCookie(app.url, reader));
    }
    const cookieOf = (endpoint: Endpoint) =>
      endpoint.reader ? readerCookies.get(endpoint.reader) : endpoint.signedIn ? cookie : undefined;
    const headersOf = (endpoint: Endpoint) => {
      const session = cookieOf(endpoint);
      return session ? { ...options.headers, cookie: session } : options.headers;
    };
    const withHtml = [];
    for (const endpoint of captured) {
      const response = await fetch(`${app.url}${endpoint.path}`, { headers: headersOf(endpoint) });
      const body = await response.text();
      if (!response.ok) {
        throw new Error(
          `${endpoint.path} answered ${response.status} before the load: not measuring it. ` +
            (endpoint.shape === "html" ? "Is the client built (npm run build)?" : ""),
        );
      }
      const headers = Object.fromEntries(
        [...response.headers].filter(([name]) => !PER_CONNECTION_HEADERS.has(name)),
      );
      // A reader's session goes to the ceiling too: it tells the two readers' lists apart by it.
      const session = endpoint.reader ? { cookie: cookieOf(endpoint) } : {};
      withHtml.push(
        endpoint.shape === "html"
          ? { ...endpoint, ...session, headers, html: body }
          : { ...endpoint, ...session, headers },
      );
    }
    const endpointsFile = path.join(workDir, "endpoints.json");
    writeFileSync(endpointsFile, JSON.stringify(withHtml));
    const ceiling = await startServer({
      port: port + 1,
      databaseUrl,
      dataDir: workDir,
      script: path.join(ROOT, "bench/ceiling-server.ts"),
      env: { ENDPOINTS_FILE: endpointsFile },
      // Not an endpoint's path: a page asked only with a session is 404 to the readiness check,
      // which sends none (BENCH_ONLY="signed in" waited two minutes and gave up).
      readyPath: "/__ceiling-ready",
      // The ceiling's profile beside the app's: what the app spends more is the difference.
      nodeArgs: profileDir
        ? ["--cpu-prof", `--cpu-prof-dir=${path.join(profileDir, "ceiling")}`]
        : [],
    });
    stopping.push(() => ceiling.stop());
    const ownProcesses = [
      process.pid,
      app.pid,
      ceiling.pid,
      cached.pid,
      ...(postmaster ? [postmaster] : []),
    ];

    console.log(
      `Load: ${options.connections} connections, ${runs} runs per side of ${options.duration} s, ` +
        `each after ${options.warmup} s warm-up, app (cache off), ceiling and cached app in turn` +
        `${options.headers ? ", Accept-Encoding: gzip" : ""}; app pid ${app.pid}, ceiling pid ${ceiling.pid}, ` +
        `cached app pid ${cached.pid}` +
        `${postmaster ? `, PostgreSQL pid ${postmaster}` : " (PostgreSQL not on this machine: other processes' CPU not measured)"}`,
    );
    console.log(`App RSS before load: ${app.rssMb().toFixed(0)} MB`);
    let peakRss = 0;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, app.rssMb());
    }, 250);
    const results: EndpointResult[] = [];
    try {
      for (const endpoint of withHtml) {
        const runFigures: RunFigures[] = [];
        for (let run = 0; run < runs; run++) {
          const others = othersCpu(ownProcesses);
          const asked = { ...options, headers: headersOf(endpoint) };
          const ours = await measure(`${app.url}${endpoint.path}`, asked, app.pid);
          const bare = await measure(`${ceiling.url}${endpoint.path}`, asked, ceiling.pid);
          // A member's request never comes from the cache: nothing to measure there.
          const fromCache = endpoint.signedIn
            ? undefined
            : await measure(`${cached.url}${endpoint.path}`, asked, cached.pid);
          runFigures.push({
            ours,
            bare,
            cached: fromCache,
            ratio: ours.requestsPerSecond / bare.requestsPerSecond,
            othersCores: others.stop(),
          });
          printRun(endpoint.name, run, runFigures.at(-1) as RunFigures);
        }
        const [ourBody, bareBody] = await Promise.all(
          [app.url, ceiling.url].map(
            async (base) =>
              (
                await (
                  await fetch(`${base}${endpoint.path}`, { headers: headersOf(endpoint) })
                ).arrayBuffer()
              ).byteLength,
          ),
        );
        const known = runFigures.flatMap((run) =>
          run.othersCores === null ? [] : [run.othersCores],
        );
        results.push({
          name: endpoint.name,
          path: endpoint.path,
          shape: endpoint.shape,
          signedIn: endpoint.signedIn,
          targets: endpoint.targets,
          statements: endpoint.statements.length,
          bytes: `${ourBody}/${bareBody}`,
          runs: runFigures,
          median: summarize(runFigures),
          othersCoresMax: known.length > 0 ? Math.max(...known) : null,
        });
        printSummary(results.at(-1) as EndpointResult);
      }
    } finally {
      clearInterval(sampler);
      console.log(`App RSS under load (peak): ${peakRss.toFixed(0)} MB`);
    }
    const loadAtEnd = loadAverage();
    printTable(results, loadAtStart, loadAtEnd);
    checkTargets(results);
    const jsonFile = process.env.BENCH_JSON;
    if (jsonFile) {
      const report: LoadReport = {
        startedAt,
        machine: {
          cores: loadAtStart.cores,
          cpu: os.cpus()[0]?.model ?? "unknown",
          node: process.version,
          loadAtStart,
          othersCoresAtStart: othersAtStart,
          loadAtEnd,
        },
        data,
        options: { ...options, runs },
        endpoints: results,
      };
      writeFileSync(jsonFile, `${JSON.stringify(report, null, 2)}\n`);
      console.log(`Figures written to ${jsonFile}`);
    }
  } finally {
    await Promise.all(stopping.map((stop) => stop()));
  }
}

const others = (cores: number | null) =>
  cores === null ? "?" : `${cores.toFixed(2)}${cores >= OTHERS_BUSY_CORES ? "*" : ""}`;

function printRun(name: string, run: number, figures: RunFigures) {
  const f = (side: LoadFigures) =>
    `${side.requestsPerSecond.toFixed(0).padStart(6)} req/s p50 ${String(side.p50).padStart(3)} p99 ${String(side.p99).padStart(3)}` +
    ` cpu ${side.serverCpuMsPerRequest === null ? "?" : side.serverCpuMsPerRequest.toFixed(3)} ms/req`;
  console.log(
    `  ${name.padEnd(26)} run ${run + 1}: app ${f(figures.ours)} | ceiling ${f(figures.bare)} | ` +
      `ratio ${figures.ratio.toFixed(2)}` +
      (figures.cached ? ` | cached ${f(figures.cached)}` : "") +
      ` | others' CPU ${others(figures.othersCores)} cores` +
      (figures.ours.failures || figures.bare.failures || figures.cached?.failures
        ? `  FAILURES app ${figures.ours.failures} ceiling ${figures.bare.failures} cached ${figures.cached?.failures ?? 0}`
        : ""),
  );
}

const cpu = (ms: number | null) => (ms === null ? "?" : ms.toFixed(3));

function printSummary(result: EndpointResult) {
  const m = result.median;
  console.log(
    `${result.name}: median ratio ${m.ratio.toFixed(2)} (${m.ratioMin.toFixed(2)}-${m.ratioMax.toFixed(2)}), ` +
      `median p99 ${m.p99} ms (ceiling ${m.ceilingP99} ms); server CPU per request ${cpu(m.cpuMsPerRequest)} ms ` +
      `(ceiling ${cpu(m.ceilingCpuMsPerRequest)} ms); ${result.statements} SQL, bytes ${result.bytes}` +
      `${m.cachedRequestsPerSecond == null ? "" : `; from the cache ${m.cachedRequestsPerSecond.toFixed(0)} req/s, p99 ${m.cachedP99} ms`}` +
      `  ${result.path}\n`,
  );
}

function printTable(results: EndpointResult[], start: LoadAverage, end: LoadAverage) {
  console.log(
    `\nMedians of ${runs} runs per side (load average at start ${formatLoad(start)}, at end ${formatLoad(end)}; ` +
      `* = a run during which other processes used ≥ ${OTHERS_BUSY_CORES} of a core):\n`,
  );
  console.log(
    "| endpoint | req/s (cache off) | p50 ms | p99 ms | ceiling req/s | ceiling p99 | ratio (min-max) | CPU ms/req, app / ceiling | cache hits req/s | cache p99 | others' CPU, max |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const { name, median: m, othersCoresMax } of results) {
    console.log(
      `| ${name} | ${m.requestsPerSecond.toFixed(0)} | ${m.p50} | ${m.p99} | ${m.ceilingRequestsPerSecond.toFixed(0)} | ` +
        `${m.ceilingP99} | ${m.ratio.toFixed(2)} (${m.ratioMin.toFixed(2)}-${m.ratioMax.toFixed(2)}) | ` +
        `${cpu(m.cpuMsPerRequest)} / ${cpu(m.ceilingCpuMsPerRequest)} | ` +
        `${m.cachedRequestsPerSecond == null ? "-" : m.cachedRequestsPerSecond.toFixed(0)} | ` +
        `${m.cachedP99 ?? "-"} | ${others(othersCoresMax)} |`,
    );
  }
  const busyRuns = results
    .flatMap((r) => r.runs)
    .filter((run) => (run.othersCores ?? 0) >= OTHERS_BUSY_CORES);
  if (busyRuns.length > 0) {
    console.warn(
      `\nWARNING: ${busyRuns.length} run(s) shared the machine with other work (marked *); ` +
        "the ratios hold better than the absolute figures.",
    );
  }
}

function checkTargets(results: EndpointResult[]) {
  const missed = results.filter((r) =>
    r.targets
      ? r.median.p99 > r.targets.p99Ms ||
        (r.targets.p50Ms !== undefined && r.median.p50 > r.targets.p50Ms) ||
        r.median.ratio < r.targets.ratio
      : r.signedIn
        ? r.median.p99 > TARGET_SIGNED_IN_P99_MS
        : r.median.p99 > TARGET_P99_MS ||
          r.median.ratio < (r.shape === "html" ? TARGET_RATIO.html : TARGET_RATIO.json),
  );
  const targets =
    `median p99 ≤ ${TARGET_P99_MS} ms, median ratio ≥ ${TARGET_RATIO.json}, HTML ${TARGET_RATIO.html}; ` +
    `signed-in pages p99 ≤ ${TARGET_SIGNED_IN_P99_MS} ms` +
    results
      .filter((r) => r.targets)
      .map(
        ({ name, targets: t }) =>
          `; ${name}: ${t?.p50Ms === undefined ? "" : `p50 ≤ ${t.p50Ms} ms, `}p99 ≤ ${t?.p99Ms} ms, ratio ≥ ${t?.ratio}`,
      )
      .join("");
  console.log(
    missed.length === 0
      ? `\nEvery endpoint within its targets (${targets}).`
      : `\nMissed targets (${targets}): ${missed.map((r) => r.name).join(", ")}`,
  );
  const long = results.find((r) => r.name === "thread, first page");
  const short = results.find((r) => r.name === "thread of 10, first page");
  if (long && short) {
    const factor = long.median.p99 / short.median.p99;
    console.log(
      `Thread of 10,000 vs 10, first page: median p99 ${long.median.p99} vs ${short.median.p99} ms, ` +
        `${factor.toFixed(2)}× (target ≤ ${LONG_THREAD_P99_FACTOR}×)`,
    );
  }
  // The 10-reply thread's page holds 10 replies against the long one's 50: the same comparison
  // with a page as full shows what the thread's length alone costs.
  const fullPage = results.find((r) => r.name === `thread of ${FULL_PAGE_THREAD}, first page`);
  if (long && fullPage) {
    console.log(
      `Thread of 10,000 vs ${FULL_PAGE_THREAD}, first page (50 replies each): median p99 ` +
        `${long.median.p99} vs ${fullPage.median.p99} ms, ` +
        `${(long.median.p99 / fullPage.median.p99).toFixed(2)}×`,
    );
  }
  const failures = results.filter((r) =>
    r.runs.some((run) => run.ours.failures + run.bare.failures + (run.cached?.failures ?? 0) > 0),
  );
  if (failures.length > 0) {
    console.error(`Requests failed during: ${failures.map((r) => r.name).join(", ")}`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
