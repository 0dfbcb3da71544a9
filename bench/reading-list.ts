// npm run bench:reading-list: issue 42's list target. The forum list (GET /api/discussions) for
// the member with 10,000 read positions against the same list for the member with none (both made
// by bench/reading-data.ts), on one server, their runs interleaved (the order swapped every run,
// so that drift on a shared machine falls on both alike). Reports each run and the medians: the
// cost ratio (req/s without ÷ req/s with; p50 with ÷ p50 without), held to ≤ 1.25, and the p50
// with positions, held to ≤ 25 ms; the SQL statements each list runs (one for the page); and
// then that page's statement alone, for each reader in turn (what the read state costs in SQL).
//   DATABASE_URL=postgres://postgres@127.0.0.1:55432/bench npm run bench:reading-list
// Options (environment): BENCH_PORT (3420), BENCH_CONNECTIONS (10), BENCH_DURATION (10 s per
// run), BENCH_WARMUP (3 s before each run), BENCH_RUNS (6 per side: as many with each first), BENCH_PATH (/api/discussions).
import { mkdtempSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { preparedStatementName } from "@/server/db/prepared";
import { type BenchReader, benchReaderCookie } from "./lib/bench-member";
import { captureSql, type Statement } from "./lib/capture-sql";
import { READ_STATE_LISTS } from "./lib/endpoints";
import { type LoadFigures, measure } from "./lib/load";
import { formatLoad, loadAverage, othersCpu, postmasterOf } from "./lib/machine-load";
import { quantile } from "./lib/percentiles";
import { startServer } from "./lib/server-process";

const databaseUrl = process.env.DATABASE_URL;
const port = Number(process.env.BENCH_PORT ?? 3420);
const runs = Number(process.env.BENCH_RUNS ?? 6);
const listPath = process.env.BENCH_PATH ?? "/api/discussions";
const options = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  duration: Number(process.env.BENCH_DURATION ?? 10),
  warmup: Number(process.env.BENCH_WARMUP ?? 3),
};
/** Issue 42: the list with 10,000 positions costs at most 1.25× the list without. */
const TARGET_COST_RATIO = 1.25;
const TARGET_P50_MS = 25;
const OTHERS_BUSY_CORES = 0.25;
/** The statement-alone comparison: as many connections as the load, runs of a few seconds. */
const SQL_CONNECTIONS = options.connections;
const SQL_RUNS = 4;
const SQL_SECONDS = 5;

type Card = { unread?: number; isNew?: boolean };

async function readerFacts(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{
      discussions: number;
      positions: number;
      pid: number;
    }>(`select (select count(*)::int from discussions where status = 'active') as discussions,
        (select count(*)::int from read_positions rp join "user" u on u.id = rp.user_id
          where u.email = 'bench-reader-positions@example.com') as positions,
        pg_backend_pid() as pid`);
    const row = rows[0];
    if (!row) throw new Error("no answer");
    return { ...row, postmaster: postmasterOf(row.pid) };
  } finally {
    await client.end();
  }
}

const median = (values: number[]) => quantile(values, 0.5);

const readsDiscussions = (statement: Statement) => /\bfrom\s+discussions\b/i.test(statement.text);

function pageStatement(statements: Statement[]): Statement {
  const page = statements.find(readsDiscussions);
  if (!page) throw new Error("the list ran no statement reading discussions");
  return page;
}

/** SQL_SECONDS of the statement alone on SQL_CONNECTIONS connections, prepared as the app runs it. */
async function statementsPerSecond(pool: pg.Pool, { text, params }: Statement): Promise<number> {
  const name = preparedStatementName(text);
  const until = performance.now() + SQL_SECONDS * 1000;
  let count = 0;
  await Promise.all(
    Array.from({ length: SQL_CONNECTIONS }, async () => {
      while (performance.now() < until) {
        await pool.query({ name, text, values: params });
        count++;
      }
    }),
  );
  return count / SQL_SECONDS;
}

/**
 * The page's statement alone, for each reader in turn (the order swapped each run): what the
 * read state costs in PostgreSQL, without the app's fixed cost around it.
 */
async function compareSqlAlone(lists: Array<{ name: string; statement: Statement }>) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: SQL_CONNECTIONS });
  try {
    // Unmeasured, once each: every pooled connection prepares the statement and plans it before
    // PostgreSQL keeps a generic plan (the first measured run was 1.5-1.65× without this).
    for (const list of lists) await statementsPerSecond(pool, list.statement);
    const rates: number[][] = lists.map(() => []);
    for (let run = 0; run < SQL_RUNS; run++) {
      const order = run % 2 === 0 ? [0, 1] : [1, 0];
      for (const index of order) {
        const list = lists[index];
        if (list) rates[index]?.push(await statementsPerSecond(pool, list.statement));
      }
    }
    const [withPositions, withoutPositions] = rates.map((values) => median(values));
    const load = loadAverage();
    console.log(
      `\nThe page's statement alone (${SQL_CONNECTIONS} connections through pg, prepared, ${SQL_RUNS} interleaved ` +
        `runs of ${SQL_SECONDS} s; load average now ${formatLoad(load)}): ` +
        lists.map((list, index) => `${list.name} ${f0(median(rates[index] ?? []))}/s`).join(", ") +
        `; ratio ${f2((withoutPositions ?? 0) / (withPositions ?? 1))} (runs: ${rates[0]
          ?.map((rate, run) => f2((rates[1]?.[run] ?? 0) / rate))
          .join(", ")}).`,
    );
  } finally {
    await pool.end();
  }
}
const f0 = (n: number) => n.toFixed(0);
const f2 = (n: number) => n.toFixed(2);

async function main() {
  if (!databaseUrl) {
    console.error(
      "Set DATABASE_URL to the benchmark database (bench:data, then bench:reading-data).",
    );
    process.exit(1);
  }
  const facts = await readerFacts(databaseUrl);
  if (facts.positions === 0) {
    console.error("No reader with positions: run `npm run bench:reading-data` on this database.");
    process.exit(1);
  }
  const endpoints = READ_STATE_LISTS.map((endpoint) => ({ ...endpoint, path: listPath }));
  const captured = await captureSql(databaseUrl, endpoints);
  const workDir = mkdtempSync(path.join(tmpdir(), "rc-bench-reading-list-"));
  const app = await startServer({ port, databaseUrl, dataDir: path.join(workDir, "data") });
  try {
    const cookies = new Map<BenchReader, string>();
    for (const endpoint of endpoints) {
      const reader = endpoint.reader as BenchReader;
      cookies.set(reader, await benchReaderCookie(app.url, reader));
    }
    const headersOf = (reader: BenchReader) => ({ cookie: cookies.get(reader) as string });
    const start = loadAverage();
    console.log(
      `Machine: ${start.cores} cores (${os.cpus()[0]?.model ?? "unknown CPU"}), Node ${process.version}; ` +
        `load average at start ${formatLoad(start)}. Data: ${facts.discussions.toLocaleString("en")} ` +
        `discussions; the reader has ${facts.positions.toLocaleString("en")} read positions.`,
    );
    for (const [index, endpoint] of endpoints.entries()) {
      const response = await fetch(`${app.url}${endpoint.path}`, {
        headers: headersOf(endpoint.reader as BenchReader),
      });
      if (!response.ok) throw new Error(`${endpoint.path} answered ${response.status}`);
      const { items } = (await response.json()) as { items: Card[] };
      const statements = captured[index]?.statements ?? [];
      const pageStatements = statements.filter(readsDiscussions);
      console.log(
        `${endpoint.name}: ${items.length} cards, ${items.filter((card) => (card.unread ?? 0) > 0).length} ` +
          `with unread replies, ${items.filter((card) => card.isNew).length} "New"; ` +
          `${statements.length} SQL statements per request, ${pageStatements.length} of them reading discussions`,
      );
    }
    console.log(
      `Load: ${options.connections} connections, ${runs} runs per side of ${options.duration} s after ` +
        `${options.warmup} s of warm-up, the two readers in turn (the order swapped each run); app pid ${app.pid}`,
    );
    // The server's first seconds (each pooled connection planning the page before PostgreSQL
    // keeps a generic plan, caches filling) fell on run 1's first reader: a round of each first.
    for (const endpoint of endpoints) {
      await measure(
        `${app.url}${listPath}`,
        {
          ...options,
          duration: options.warmup,
          warmup: 0,
          headers: headersOf(endpoint.reader as BenchReader),
        },
        app.pid,
      );
    }
    const ownProcesses = [process.pid, app.pid, ...(facts.postmaster ? [facts.postmaster] : [])];
    const figures: Array<
      Record<BenchReader, LoadFigures> & { others: number | null; load: number }
    > = [];
    for (let run = 0; run < runs; run++) {
      const order: BenchReader[] = run % 2 === 0 ? ["positions", "none"] : ["none", "positions"];
      const load = loadAverage().one;
      const others = othersCpu(ownProcesses);
      const measured = {} as Record<BenchReader, LoadFigures>;
      for (const reader of order) {
        measured[reader] = await measure(
          `${app.url}${listPath}`,
          { ...options, headers: headersOf(reader) },
          app.pid,
        );
      }
      const row = { ...measured, others: others.stop(), load };
      figures.push(row);
      const side = (reader: BenchReader) =>
        `${f0(row[reader].requestsPerSecond).padStart(5)} req/s p50 ${String(row[reader].p50).padStart(3)} ` +
        `p99 ${String(row[reader].p99).padStart(3)} cpu ${row[reader].serverCpuMsPerRequest?.toFixed(3) ?? "?"} ms/req`;
      const failures = row.positions.failures + row.none.failures;
      console.log(
        `  run ${run + 1} (${order[0]} first, load ${f2(load)}, others' CPU ` +
          `${row.others === null ? "?" : f2(row.others)}${(row.others ?? 0) >= OTHERS_BUSY_CORES ? "*" : ""}): ` +
          `with ${side("positions")} | without ${side("none")} | ` +
          `cost ${f2(row.none.requestsPerSecond / row.positions.requestsPerSecond)}` +
          (failures ? `  FAILURES ${failures}` : ""),
      );
    }
    const ratios = figures.map(
      (row) => row.none.requestsPerSecond / row.positions.requestsPerSecond,
    );
    const p50Ratios = figures.map((row) => row.positions.p50 / row.none.p50);
    const m = (reader: BenchReader, key: keyof LoadFigures) =>
      median(figures.map((row) => Number(row[reader][key])));
    const end = loadAverage();
    console.log(
      `\nMedians of ${runs} interleaved runs (load average at start ${formatLoad(start)}, at end ` +
        `${formatLoad(end)}; others' CPU per run ${figures.map((row) => (row.others === null ? "?" : f2(row.others))).join(", ")} cores):\n`,
    );
    console.log("| list | req/s | p50 ms | p99 ms | CPU ms/req |");
    console.log("|---|---:|---:|---:|---:|");
    for (const endpoint of endpoints) {
      const reader = endpoint.reader as BenchReader;
      console.log(
        `| ${endpoint.name} | ${f0(m(reader, "requestsPerSecond"))} | ${m(reader, "p50")} | ` +
          `${m(reader, "p99")} | ${m(reader, "serverCpuMsPerRequest").toFixed(3)} |`,
      );
    }
    const costRatio = median(ratios);
    const p50Ratio = median(p50Ratios);
    const p50 = m("positions", "p50");
    const met =
      costRatio <= TARGET_COST_RATIO && p50Ratio <= TARGET_COST_RATIO && p50 <= TARGET_P50_MS;
    console.log(
      `\nCost ratio (req/s without ÷ with): median ${f2(costRatio)} (${f2(Math.min(...ratios))}-${f2(Math.max(...ratios))}); ` +
        `p50 with ÷ without: median ${f2(p50Ratio)} (${f2(Math.min(...p50Ratios))}-${f2(Math.max(...p50Ratios))}); ` +
        `p50 with positions ${p50} ms. Targets (issue 42): ratio ≤ ${TARGET_COST_RATIO}, p50 ≤ ${TARGET_P50_MS} ms: ` +
        `${met ? "met" : "MISSED"}.`,
    );
    await compareSqlAlone(
      endpoints.map((endpoint, index) => ({
        name: endpoint.name,
        statement: pageStatement(captured[index]?.statements ?? []),
      })),
    );
    if (figures.some((row) => row.positions.failures + row.none.failures > 0)) process.exitCode = 1;
  } finally {
    await app.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
