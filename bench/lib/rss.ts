// A process's memory as the OS counts it, from Linux's /proc (the benchmarks run on Linux):
// resident now (VmRSS) and the peak since the process started or since `resetPeak` (VmHWM).
// Peaks read this way are the kernel's, never a sample that can miss a short spike.
import { readFileSync, writeFileSync } from "node:fs";

export function statusMb(pid: number, field: "VmRSS" | "VmHWM"): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"))?.[1] ?? Number.NaN);
  return kb / 1024;
}

export const rssMb = (pid: number) => statusMb(pid, "VmRSS");
export const peakMb = (pid: number) => statusMb(pid, "VmHWM");

/** Sets the process's peak (VmHWM) to its present resident memory (Linux ≥ 4.0). */
export function resetPeak(pid: number) {
  writeFileSync(`/proc/${pid}/clear_refs`, "5");
}
