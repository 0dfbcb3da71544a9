// Starts the real server as a child process, as `npm start` runs it: the built server
// (dist/server, built first when its sources changed), and waits until it answers. The child is
// node itself, so its pid is the process whose memory we read.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { type MemoryCgroup, memoryCgroup } from "./memory-cgroup";
import { rssMb } from "./rss";

export const ROOT = path.resolve(import.meta.dirname, "../..");

export type ServerProcess = {
  url: string;
  pid: number;
  rssMb(): number;
  stop(): Promise<void>;
  /** Under `memoryLimitMb`: what the kernel saw of the server (null without a limit). */
  cgroup(): ReturnType<MemoryCgroup["read"]> | null;
};

export type ServerOptions = {
  port: number;
  /** Unset: the embedded database in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  env?: Record<string, string>;
  /** A TypeScript script to run instead (through tsx); unset: the built server. */
  script?: string;
  /** A path that answers 200 once the server is ready. */
  readyPath?: string;
  /** Extra node flags, e.g. --cpu-prof. */
  nodeArgs?: string[];
  /** Runs the server in a memory cgroup with this hard limit (MB), as on a small server. */
  memoryLimitMb?: number;
};

/** Builds the client and the server as `npm start` does: only when their sources changed. */
export function ensureBuilt() {
  const build = spawnSync(process.execPath, [path.join(ROOT, "scripts/build-if-needed.ts")], {
    cwd: ROOT,
    stdio: "inherit",
  });
  if (build.status !== 0) {
    console.error(
      "The benchmarks measure the server as `npm start` runs it, built into dist/, and building " +
        "it failed (see above). Fix the build or run `npm run build`, then run the benchmark again.",
    );
    process.exit(1);
  }
}

/** A benchmark server's environment: loopback, quiet logs, limits out of the way. */
export function serverEnv(options: {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(options.port),
    HOST: "127.0.0.1",
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl ?? "",
    LOG_LEVEL: "warn",
    // Every load-run request comes from 127.0.0.1; the limits are not what is measured.
    RATE_LIMIT_MULTIPLIER: "1000000",
    // Sign-ups through the API carry no form's signed time (docs/decisions/034).
    SPAM_MIN_FILL_SECONDS: "0",
    ...options.env,
  };
}

export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  if (!options.script) ensureBuilt();
  const program = options.script
    ? ["--import", "tsx", options.script]
    : [path.join(ROOT, "dist/server/main.js")];
  const cgroup = options.memoryLimitMb ? memoryCgroup(options.memoryLimitMb) : null;
  const argv = [process.execPath, ...(options.nodeArgs ?? []), ...program];
  // Under a limit, a shell joins the cgroup and then becomes node (exec keeps its pid), so the
  // server's memory is charged there from its first byte.
  const [command, ...args] = cgroup
    ? ["/bin/sh", "-c", `echo $$ > ${cgroup.procsFile} && exec "$@"`, "sh", ...argv]
    : argv;
  const child = spawn(command as string, args, {
    cwd: ROOT,
    env: serverEnv(options),
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${options.port}`;
  try {
    await waitUntilAnswering(`${url}${options.readyPath ?? "/api/session"}`, child);
  } catch (error) {
    cgroup?.remove();
    throw error;
  }
  const pid = child.pid as number;
  return {
    url,
    pid,
    rssMb: () => rssMb(pid),
    stop: async () => {
      await stopChild(child);
      cgroup?.remove();
    },
    cgroup: () => cgroup?.read() ?? null,
  };
}

/** Polls `url` until it answers 2xx; fails at once if `child` ends first. */
export async function waitUntilAnswering(url: string, child: ChildProcess, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`The server ended (${child.exitCode ?? child.signalCode}) before answering`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill("SIGKILL");
  throw new Error(`No answer from ${url} within ${timeoutMs / 1000} s`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
