// npm run bench: the whole benchmark suite, one script after another (each prints its figures;
// bench/RESULTS.md records them). Parts that need the 100,000-discussion data on PostgreSQL run
// when DATABASE_URL is set:
//   npm run bench:data                       # once: generate the data (PostgreSQL or PGlite)
//   DATABASE_URL=postgres://... npm run bench
// Each part runs alone too: bench:size, bench:explain, bench:load, bench:live, bench:memory,
// bench:start, bench:lighthouse. Take figures on a quiet machine: they share its cores with the server,
// PostgreSQL and the load generator.
import { spawnSync } from "node:child_process";
import os from "node:os";
import { ROOT } from "./lib/server-process";

const hasDatabase = Boolean(process.env.DATABASE_URL);
const PARTS: Array<{ script: string; what: string; needsDatabase: boolean }> = [
  { script: "size", what: "page weight per route", needsDatabase: false },
  { script: "explain", what: "query plans at 100,000 discussions", needsDatabase: true },
  { script: "load", what: "load runs beside the bare-handler ceiling", needsDatabase: true },
  { script: "live-latency", what: "live-update latency across two instances", needsDatabase: true },
  { script: "memory", what: "server memory, PostgreSQL and PGlite", needsDatabase: false },
  {
    script: "start-time",
    what: "start to the first answer, embedded database",
    needsDatabase: false,
  },
  { script: "lighthouse", what: "Lighthouse, mobile preset", needsDatabase: false },
];

console.log(
  `Benchmark suite on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown CPU"}), ` +
    `${(os.totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version}, ${new Date().toISOString()}`,
);
if (!hasDatabase) {
  console.log(
    "DATABASE_URL is unset: the plan, load and live-latency parts need the benchmark data on " +
      "PostgreSQL (DATABASE_URL=postgres://... npm run bench:data, then npm run bench with it).",
  );
}

const failed: string[] = [];
for (const part of PARTS) {
  if (part.needsDatabase && !hasDatabase) continue;
  console.log(`\n=== ${part.what} (bench/${part.script}.ts) ===\n`);
  const run = spawnSync("npx", ["tsx", `bench/${part.script}.ts`], {
    cwd: ROOT,
    stdio: "inherit",
    env: process.env,
  });
  if (run.status !== 0) failed.push(part.script);
}
console.log(failed.length ? `\nParts that failed: ${failed.join(", ")}` : "\nAll parts ran.");
process.exitCode = failed.length ? 1 : 0;
