// A memory cgroup for a benchmark's server: a hard limit as a small server has, where Linux lets
// this process make one (root, cgroup v2 with the memory controller, or v1's memory hierarchy).
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import path from "node:path";

export type MemoryCgroup = {
  procsFile: string;
  read(): { limitMb: number; peakMb: number; oomKills: number };
  remove(): void;
};

/** A memory cgroup (v2, else v1) with a hard limit and no swap, removed after the run. */
export function memoryCgroup(limitMb: number): MemoryCgroup {
  const bytes = String(limitMb * 1024 * 1024);
  const name = `rc-bench-memory-${process.pid}-${Date.now()}`;
  const v2 = "/sys/fs/cgroup";
  const v1 = "/sys/fs/cgroup/memory";
  if (
    existsSync(`${v2}/cgroup.controllers`) &&
    readFileSync(`${v2}/cgroup.controllers`, "utf8").includes("memory")
  ) {
    const dir = path.join(v2, name);
    mkdirSync(dir);
    writeFileSync(`${dir}/memory.max`, bytes);
    if (existsSync(`${dir}/memory.swap.max`)) writeFileSync(`${dir}/memory.swap.max`, "0");
    return {
      procsFile: `${dir}/cgroup.procs`,
      read: () => ({
        limitMb,
        peakMb: existsSync(`${dir}/memory.peak`)
          ? Number(readFileSync(`${dir}/memory.peak`, "utf8")) / 1024 / 1024
          : Number.NaN,
        oomKills: Number(
          readFileSync(`${dir}/memory.events`, "utf8").match(/oom_kill (\d+)/)?.[1] ?? 0,
        ),
      }),
      remove: () => rmdirSync(dir),
    };
  }
  if (existsSync(`${v1}/memory.limit_in_bytes`)) {
    const dir = path.join(v1, name);
    mkdirSync(dir);
    writeFileSync(`${dir}/memory.limit_in_bytes`, bytes);
    if (existsSync(`${dir}/memory.memsw.limit_in_bytes`))
      writeFileSync(`${dir}/memory.memsw.limit_in_bytes`, bytes);
    return {
      procsFile: `${dir}/cgroup.procs`,
      read: () => ({
        limitMb,
        peakMb: Number(readFileSync(`${dir}/memory.max_usage_in_bytes`, "utf8")) / 1024 / 1024,
        oomKills: Number(
          readFileSync(`${dir}/memory.oom_control`, "utf8").match(/oom_kill (\d+)/)?.[1] ?? 0,
        ),
      }),
      remove: () => rmdirSync(dir),
    };
  }
  throw new Error(
    "No memory cgroup this process can make (cgroup v2 with the memory controller, or v1's memory hierarchy)",
  );
}
