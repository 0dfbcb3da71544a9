// npm run bench:growth: the growth table of bench/RESULTS.md. The same load run (bench:load) on
// 100,000 and on 1,000,000 discussions, each endpoint's median p99 and ratio side by side.
//   BENCH_SERVER=postgres://postgres@127.0.0.1:55432 npm run bench:growth
// For each size, a database of its own on that server (bench_100k, bench_1m): created and filled
// by bench:data when missing (10,000 members, the size in discussions, 1,000,000 replies),
// reused when it holds that size already. Then bench:load runs on each in turn, and the table
// is printed in Markdown. Options: BENCH_SIZES (discussions, "100000,1000000"), BENCH_OUT (a
// folder for each size's figures as JSON; a temporary one by default); bench:load's own
// options (BENCH_RUNS, BENCH_DURATION, BENCH_PORT, ...) pass through.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { LoadReport } from "./lib/load-report";
import { formatLoad } from "./lib/machine-load";
import { ROOT } from "./lib/server-process";

const MEMBERS = 10_000;
const REPLIES = 1_000_000;

const server = process.env.BENCH_SERVER;
const sizes = (process.env.BENCH_SIZES ?? "100000,1000000").split(",").map(Number);
const outDir = process.env.BENCH_OUT ?? mkdtempSync(path.join(tmpdir(), "rc-bench-growth-"));

/** 100000 → "100k", 1000000 → "1m". */
const label = (size: number) =>
  size % 1_000_000 === 0 ? `${size / 1_000_000}m` : `${Math.round(size / 1_000)}k`;

function databaseUrl(name: string): string {
  const url = new URL(server as string);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs a script; false when it failed (bench:load fails a run whose requests failed). */
function run(script: string, args: string[], env: Record<string, string>): boolean {
  const child = spawnSync(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  return child.status === 0;
}

/** The size's database, filled by bench:data unless it holds that many discussions already. */
async function prepare(size: number): Promise<string> {
  const name = `bench_${label(size)}`;
  const admin = new pg.Client({ connectionString: databaseUrl("postgres") });
  await admin.connect();
  try {
    const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (exists.rowCount === 0) {
      await admin.query(`create database "${name}"`);
      console.log(`\n=== ${name}: bench:data ${MEMBERS} ${size} ${REPLIES} ===\n`);
      const filled = run(
        "bench/generate-data.ts",
        [String(MEMBERS), String(size), String(REPLIES)],
        { DATABASE_URL: databaseUrl(name) },
      );
      if (!filled) throw new Error(`bench:data failed for ${name}`);
      return name;
    }
  } finally {
    await admin.end();
  }
  const client = new pg.Client({ connectionString: databaseUrl(name) });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from discussions where status = 'active'",
    );
    if (rows[0]?.n !== size) {
      throw new Error(
        `${name} holds ${rows[0]?.n} discussions, not ${size}: drop it (dropdb ${name}) to have it made again`,
      );
    }
  } finally {
    await client.end();
  }
  console.log(`\n=== ${name}: ${size} discussions there already ===`);
  return name;
}

function table(reports: Array<{ size: number; report: LoadReport }>): string {
  const names = reports[0]?.report.endpoints.map((endpoint) => endpoint.name) ?? [];
  const head = reports.map(({ size }) => `${label(size)} p99 ms | ${label(size)} ratio (spread)`);
  const lines = [
    `| endpoint | ${head.join(" | ")} |`,
    `|---|${reports.map(() => "---:|---:").join("|")}|`,
  ];
  for (const name of names) {
    const cells = reports.map(({ report }) => {
      const found = report.endpoints.find((endpoint) => endpoint.name === name);
      if (!found) return "- | -";
      const m = found.median;
      return `${m.p99} | ${m.ratio.toFixed(2)} (${m.ratioMin.toFixed(2)}-${m.ratioMax.toFixed(2)})`;
    });
    lines.push(`| ${name} | ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}

async function main() {
  if (!server) {
    console.error(
      "Set BENCH_SERVER to a PostgreSQL server (postgres://user@host:port) where the benchmark may create databases.",
    );
    process.exit(1);
  }
  mkdirSync(outDir, { recursive: true });
  const names = [];
  for (const size of sizes) names.push(await prepare(size));
  const reports: Array<{ size: number; report: LoadReport }> = [];
  const failed: string[] = [];
  for (const [index, size] of sizes.entries()) {
    const name = names[index] as string;
    const file = path.join(outDir, `${name}.json`);
    console.log(`\n=== ${name}: bench:load ===\n`);
    // A run with failed requests still writes its figures: the table shows them, and the
    // failure is said below it (the 1M home page timed out on 2026-11-28: §21).
    if (!run("bench/load.ts", [], { DATABASE_URL: databaseUrl(name), BENCH_JSON: file })) {
      failed.push(name);
    }
    reports.push({ size, report: JSON.parse(readFileSync(file, "utf8")) as LoadReport });
  }
  console.log("\n=== Growth table (medians) ===\n");
  for (const { size, report } of reports) {
    console.log(
      `${label(size)}: ${report.data.discussions.toLocaleString("en")} discussions, ` +
        `${report.data.replies.toLocaleString("en")} replies; started ${report.startedAt}, ` +
        `load average ${formatLoad(report.machine.loadAtStart)} at start, ` +
        `${formatLoad(report.machine.loadAtEnd)} at end; ${report.options.runs} runs per side`,
    );
  }
  console.log(`\n${table(reports)}\n\nFigures: ${outDir}`);
  if (failed.length > 0) {
    console.error(
      `Requests failed in the load runs of ${failed.join(", ")}: see their logs above.`,
    );
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
