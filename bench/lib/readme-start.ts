// Starts the site the way README tells a newcomer to, `npm start` (package.json: build when the
// sources changed, then `exec node … dist/server/main.js`), and finds the server's own process
// under npm: the process whose memory a small server pays for. Optionally the whole tree (npm
// included, as under systemd's `npm start`) runs in a memory cgroup with a hard limit, to see
// whether the kernel kills anything.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { memoryCgroup } from "./memory-cgroup";
import { ROOT, serverEnv, waitUntilAnswering } from "./server-process";

export type StartOptions = {
  port: number;
  /** Unset: the embedded database in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  env?: Record<string, string>;
  /**
   * Node's flags for the server instead of the start script's own, for comparing choices: the
   * start script runs with its `exec node` flags replaced. Unset: `npm start` itself.
   */
  nodeFlags?: string[];
  /** Runs npm and the server in a memory cgroup with this hard limit (MB), where Linux allows. */
  memoryLimitMb?: number;
  /** Pins npm and the server to these CPUs (`taskset -c`), as a small server's one core. */
  cpus?: string;
};

export type StartedSite = {
  url: string;
  /** The server's process (node running dist/server/main.js), not npm's. */
  pid: number;
  /** Whether the server is still running. */
  running(): boolean;
  /** Under a cgroup limit: what the kernel saw. */
  cgroup(): { limitMb: number; peakMb: number; oomKills: number } | null;
  stop(): Promise<void>;
};

const START_SCRIPT = (
  JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
    scripts: { start: string };
  }
).scripts.start;
const EXEC_SERVER = /exec node((?: --?\S+)*) dist\/server\/main\.js/;

/** Node's flags in the start script (`exec node <flags> dist/server/main.js`). */
export function startScriptNodeFlags(): string[] {
  const match = START_SCRIPT.match(EXEC_SERVER);
  if (!match)
    throw new Error(`package.json's start script no longer execs the server: ${START_SCRIPT}`);
  return (match[1] ?? "").trim().split(/\s+/).filter(Boolean);
}

function startCommand(nodeFlags: string[] | undefined): string {
  if (!nodeFlags) return "exec npm start";
  startScriptNodeFlags();
  return START_SCRIPT.replace(
    EXEC_SERVER,
    ["exec node", ...nodeFlags, "dist/server/main.js"].join(" "),
  );
}

export async function readmeStart(options: StartOptions): Promise<StartedSite> {
  const cgroup = options.memoryLimitMb ? memoryCgroup(options.memoryLimitMb) : null;
  const command = options.cpus
    ? `exec taskset -c ${options.cpus} sh -c '${startCommand(options.nodeFlags).replaceAll("'", "'\\''")}'`
    : startCommand(options.nodeFlags);
  const child = spawn(
    "sh",
    ["-c", cgroup ? `echo $$ > ${cgroup.procsFile} && ${command}` : command],
    {
      cwd: ROOT,
      env: serverEnv(options),
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  const url = `http://127.0.0.1:${options.port}`;
  try {
    // A first start on a busy machine: 180 s, not the benchmarks' usual 120.
    await waitUntilAnswering(`${url}/api/session`, child, 180_000);
  } catch (error) {
    cgroup?.remove();
    throw error;
  }
  const pid = serverPid(child.pid as number);
  const running = () => existsSync(`/proc/${pid}`) && !isZombie(pid);
  return {
    url,
    pid,
    running,
    cgroup: () => cgroup?.read() ?? null,
    async stop() {
      if (running()) process.kill(pid, "SIGTERM");
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const force = setTimeout(() => child.kill("SIGKILL"), 20_000);
        child.once("exit", () => {
          clearTimeout(force);
          resolve();
        });
      });
      cgroup?.remove();
    },
  };
}

/** The process running dist/server/main.js: `pid` itself (sh exec'd into it) or under npm. */
function serverPid(pid: number): number {
  const isServer = (candidate: number) =>
    readFileSync(`/proc/${candidate}/cmdline`, "utf8").includes("dist/server/main.js");
  if (isServer(pid)) return pid;
  for (const child of childrenOf(pid)) {
    if (isServer(child)) return child;
  }
  throw new Error(`No server process under ${pid}`);
}

function childrenOf(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, "utf8")
      .split(" ")
      .filter(Boolean)
      .map(Number),
  );
}

const isZombie = (pid: number) => /^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, "utf8"));
