// Resident memory of a process, from Linux's /proc (the benchmarks run on Linux).
import { readFileSync } from "node:fs";

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(status.match(/^VmRSS:\s+(\d+) kB/m)?.[1] ?? Number.NaN);
  return kb / 1024;
}
