// npm run bench:start: how long a built server takes from its start to the first 200 of `/`
// (a visitor's home page) on the embedded database with data already there (issue 35's target:
// ≤ 3 s), and the CPU and memory it used by then. Two commands take turns, so that whatever
// else the shared machine does hits both alike: the built server itself
// (`node dist/server/main.js`, what a systemd unit runs) and `npm start` (its build check, then
// the same server). The data directory is made once with the demo data (seed-demo).
//   npm run bench:start
// Options (environment): BENCH_PORT (3450), BENCH_RUNS (5 per command), BENCH_DATA_DIR (a data
// directory to start on instead of the demo data).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { formatLoad, loadAverage } from "./lib/machine-load";
import { quantile } from "./lib/percentiles";
import { ensureBuilt, ROOT } from "./lib/server-process";

const port = Number(process.env.BENCH_PORT ?? 3450);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TICKS_PER_SECOND = 100;

type Command = { label: string; program: string; args: string[] };
const COMMANDS: Command[] = [
  { label: "node dist/server/main.js", program: process.execPath, args: ["dist/server/main.js"] },
  { label: "npm start", program: "npm", args: ["start", "--silent"] },
];

type Run = { wallS: number; cpuS: number; rssMb: number };

/** Every process under `root` (itself included), from /proc: npm starts a shell, which starts node. */
function processTree(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const ppid = statFields(pid)?.[1];
    if (ppid === undefined) continue;
    parents.set(Number(ppid), [...(parents.get(Number(ppid)) ?? []), pid]);
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(parents.get(tree[i] as number) ?? []));
  return tree;
}

function statFields(pid: number): string[] | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name may hold spaces and parentheses: fields start after the last ")".
    return text.slice(text.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

/** CPU seconds of the tree: each process's own and that of its children that have ended. */
function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    const fields = statFields(pid);
    if (fields) ticks += [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
  }
  return ticks / TICKS_PER_SECOND;
}

function rssMb(pids: number[]): number {
  let kb = 0;
  for (const pid of pids) {
    try {
      kb += Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+)/m)?.[1] ?? 0);
    } catch {
      // ended between the listing and the read
    }
  }
  return kb / 1024;
}

async function firstOk(url: string, child: ChildProcess): Promise<void> {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    // A short poll: the figure is the wait, so the poll must not add much to it.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`No 200 from ${url} within 120 s`);
}

async function startOnce(command: Command, dataDir: string): Promise<Run> {
  const started = performance.now();
  const child = spawn(command.program, command.args, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await firstOk(`http://127.0.0.1:${port}/`, child);
    const wallS = (performance.now() - started) / 1000;
    const tree = processTree(child.pid as number);
    return { wallS, cpuS: cpuSeconds(tree), rssMb: rssMb(tree) };
  } finally {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  }
}

function seededDataDir(): string {
  if (process.env.BENCH_DATA_DIR) return process.env.BENCH_DATA_DIR;
  const dataDir = mkdtempSync(path.join(tmpdir(), "rc-bench-start-"));
  const seed = spawnSync(process.execPath, ["dist/server/seed-demo.js"], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (seed.status !== 0) throw new Error("seeding the demo data failed (see above)");
  return dataDir;
}

ensureBuilt();
const dataDir = seededDataDir();
console.log(
  `Start to the first 200 of / on the embedded database (${dataDir}), ${RUNS} runs per command, ` +
    `taking turns; Node ${process.version}, ${os.cpus().length} cores, load ${formatLoad(loadAverage())}`,
);
// One start first, not counted: the first read of dist/ and node_modules after a build comes
// from the disk, every later one from the page cache, as on a server that has run before.
await startOnce(COMMANDS[0] as Command, dataDir);
const runs = new Map<string, Run[]>(COMMANDS.map((command) => [command.label, []]));
for (let i = 0; i < RUNS; i++) {
  for (const command of COMMANDS) {
    const run = await startOnce(command, dataDir);
    runs.get(command.label)?.push(run);
    console.log(
      `  ${command.label.padEnd(26)} ${run.wallS.toFixed(2)} s wall, ${run.cpuS.toFixed(2)} s CPU, ${run.rssMb.toFixed(0)} MB`,
    );
  }
}
const median = (values: number[]) => quantile(values, 0.5);
for (const [label, list] of runs) {
  console.log(
    `${label.padEnd(28)} median ${median(list.map((r) => r.wallS)).toFixed(2)} s wall ` +
      `(${Math.min(...list.map((r) => r.wallS)).toFixed(2)}-${Math.max(...list.map((r) => r.wallS)).toFixed(2)}), ` +
      `${median(list.map((r) => r.cpuS)).toFixed(2)} s CPU, ${median(list.map((r) => r.rssMb)).toFixed(0)} MB resident at the first 200`,
  );
}
console.log(`load average after: ${formatLoad(loadAverage())}`);
