// A throwaway PostgreSQL cluster for the fault runs: its own directory and port, stopped and
// started at will (the shared development cluster is never touched). Run as root, the cluster
// belongs to the `postgres` user, as in .ci/run.
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export type Cluster = {
  /** postgres://… to the cluster's `postgres` database. */
  url: string;
  port: number;
  stop(mode?: "fast" | "immediate"): void;
  start(): void;
  /** SIGSTOP / SIGCONT to the cluster's own processes: it stops answering, sockets stay open. */
  freeze(): void;
  thaw(): void;
  /** Stops and removes the cluster. */
  destroy(): void;
};

export function postgresBin(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, "bin", "pg_ctl")))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? path.join(root, newest, "bin") : null;
}

function asPostgres(bin: string, args: string[]): void {
  const command = path.join(bin, args[0] as string);
  const rest = args.slice(1);
  if (process.getuid?.() === 0) {
    const quoted = [command, ...rest].map((arg) => `'${arg.replaceAll("'", "'\\''")}'`).join(" ");
    execFileSync("su", ["postgres", "-c", quoted], { stdio: "pipe" });
  } else {
    execFileSync(command, rest, { stdio: "pipe" });
  }
}

export function createCluster(port: number): Cluster {
  const bin = postgresBin();
  if (!bin) throw new Error("PostgreSQL is not installed (/usr/lib/postgresql/*/bin)");
  const dir = mkdtempSync(path.join(tmpdir(), "rc-faults-pg-"));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, "data");
  asPostgres(bin, ["initdb", "-D", data, "-A", "trust", "-U", "postgres", "--no-instructions"]);
  const start = () =>
    asPostgres(bin, [
      "pg_ctl",
      "-D",
      data,
      "-l",
      path.join(dir, "log"),
      "-w",
      "start",
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`,
    ]);
  const stop = (mode: "fast" | "immediate" = "fast") =>
    asPostgres(bin, ["pg_ctl", "-D", data, "-m", mode, "-w", "stop"]);
  /** The postmaster (from its pid file) and its children: this cluster's processes only. */
  const pids = (): number[] => {
    const postmaster = Number(
      readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0],
    );
    const children = execFileSync("ps", ["-o", "pid=", "--ppid", String(postmaster)])
      .toString()
      .split("\n")
      .map((line) => Number(line.trim()))
      .filter((pid) => pid > 0);
    return [postmaster, ...children];
  };
  start();
  return {
    freeze() {
      for (const pid of pids()) process.kill(pid, "SIGSTOP");
    },
    thaw() {
      for (const pid of pids()) process.kill(pid, "SIGCONT");
    },
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    destroy() {
      try {
        stop("immediate");
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
