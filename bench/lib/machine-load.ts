// How busy the machine is, for a load run that shares it: the load average, and the CPU that
// processes other than the run's own used while it measured. The run's own processes are this
// one (autocannon runs in it), the app and the ceiling, and the PostgreSQL server they talk to
// (its postmaster and every process it started); on a machine whose cores are shared, anything
// else is noise in the figures. Linux only (/proc); elsewhere the share is unknown.
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

export type LoadAverage = { one: number; five: number; fifteen: number; cores: number };

export function loadAverage(): LoadAverage {
  const [one = 0, five = 0, fifteen = 0] = os.loadavg();
  return { one, five, fifteen, cores: os.cpus().length };
}

/**
 * Busy: something else is using half a core or more of the cores the run is about to saturate,
 * measured (`othersCores`), or where that is unknown, a load average of half the cores.
 */
export function isBusy(load: LoadAverage, othersCores: number | null): boolean {
  return othersCores === null ? load.one >= load.cores / 2 : othersCores >= 0.5;
}

export const formatLoad = (load: LoadAverage) =>
  `${load.one.toFixed(2)} ${load.five.toFixed(2)} ${load.fifteen.toFixed(2)}`;

function readText(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

/** Busy ticks of the whole machine (all but idle and iowait). */
function machineTicks(): number | null {
  const line = readText("/proc/stat")?.split("\n")[0];
  if (!line?.startsWith("cpu ")) return null;
  const [user, nice, system, _idle, _iowait, irq, softirq, steal] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return [user, nice, system, irq, softirq, steal].reduce<number>((sum, n) => sum + (n ?? 0), 0);
}

/**
 * A process's parent and CPU ticks, from /proc/<pid>/stat: its own (utime, stime) and its
 * children's that have ended (cutime, cstime: PostgreSQL's autovacuum workers come and go).
 */
function processStat(pid: number): { ppid: number; ticks: number } | null {
  const text = readText(`/proc/${pid}/stat`);
  if (!text) return null;
  // The command name may hold spaces and parentheses: fields start after the last ")".
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  const ticks = [11, 12, 13, 14].reduce((sum, field) => sum + Number(fields[field]), 0);
  return { ppid: Number(fields[1]), ticks };
}

/** A process's own CPU time (user and system, all its threads) in ms; null when unknown. */
export function processCpuMs(pid: number): number | null {
  const text = readText(`/proc/${pid}/stat`);
  if (!text) return null;
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** The CPU ticks of `roots` and of every process below them. */
function treeTicks(roots: number[]): number {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const stat = processStat(pid);
    if (stat) stats.set(pid, stat);
  }
  const inTree = new Set(roots);
  // Parents come before children in pid order only mostly: repeat until nothing is added.
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, stat] of stats) {
      if (!inTree.has(pid) && inTree.has(stat.ppid)) {
        inTree.add(pid);
        grew = true;
      }
    }
  }
  let ticks = 0;
  for (const pid of inTree) ticks += stats.get(pid)?.ticks ?? 0;
  return ticks;
}

/**
 * Starts measuring; `stop()` answers how many cores' worth of CPU other processes used since,
 * or null where /proc cannot tell.
 */
export function othersCpu(ownRoots: number[]): { stop(): number | null } {
  const started = performance.now();
  const machine = machineTicks();
  const own = machine === null ? 0 : treeTicks(ownRoots);
  return {
    stop() {
      const machineNow = machineTicks();
      if (machine === null || machineNow === null) return null;
      const seconds = (performance.now() - started) / 1000;
      const others = machineNow - machine - (treeTicks(ownRoots) - own);
      return Math.max(0, others / TICKS_PER_SECOND / seconds);
    },
  };
}

/** The PostgreSQL server's postmaster, when it runs on this machine (null otherwise). */
export function postmasterOf(backendPid: number): number | null {
  if (readText(`/proc/${backendPid}/comm`)?.trim() !== "postgres") return null;
  return processStat(backendPid)?.ppid ?? null;
}
