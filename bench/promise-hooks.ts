// What an `await` costs before and after the process has run an AsyncLocalStorage (bench/RESULTS.md
// §13). On Node 20 the first run() installs promise hooks for the whole process, for good;
// better-auth runs one around every session lookup, React's node renderer around every render.
//   npx tsx bench/promise-hooks.ts            both cases, three times, each in a fresh process

import { AsyncLocalStorage } from "node:async_hooks";
import { execFileSync } from "node:child_process";

const AWAITS = 20;
const ROUNDS = 100_000;

async function awaits(): Promise<number> {
  let total = 0;
  for (let i = 0; i < AWAITS; i++) total += await Promise.resolve(i);
  return total;
}

/** Nanoseconds of CPU per await, after a warm-up. */
async function measure(): Promise<number> {
  for (let i = 0; i < ROUNDS / 5; i++) await awaits();
  const start = process.cpuUsage();
  for (let i = 0; i < ROUNDS; i++) await awaits();
  const used = process.cpuUsage(start);
  return ((used.user + used.system) * 1000) / (ROUNDS * AWAITS);
}

const mode = process.argv[2];
if (mode === "plain" || mode === "after-run") {
  if (mode === "after-run") new AsyncLocalStorage().run(1, () => {});
  console.log((await measure()).toFixed(0));
} else {
  console.log(`Node ${process.version}: ns of CPU per await`);
  for (let run = 1; run <= 3; run++) {
    const figure = (which: string) =>
      execFileSync(process.execPath, ["--import", "tsx", import.meta.filename, which], {
        encoding: "utf8",
      }).trim();
    console.log(
      `  run ${run}: plain ${figure("plain")}, after an AsyncLocalStorage run ${figure("after-run")}`,
    );
  }
}
