// Starts the real server (src/server/main.ts) as a child process, as `npm start` would run it,
// and waits until it answers. The child is node itself (tsx as a loader), so its pid is the
// process whose memory we read.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { rssMb } from "./rss";

export const ROOT = path.resolve(import.meta.dirname, "../..");

export type ServerProcess = {
  url: string;
  pid: number;
  rssMb(): number;
  stop(): Promise<void>;
};

export type ServerOptions = {
  port: number;
  /** Unset: the embedded database in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  env?: Record<string, string>;
  /** The script to run; the app's main.ts unless given. */
  script?: string;
  /** A path that answers 200 once the server is ready. */
  readyPath?: string;
  /** Extra node flags, e.g. --cpu-prof. */
  nodeArgs?: string[];
};

export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const script = options.script ?? path.join(ROOT, "src/server/main.ts");
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), "--import", "tsx", script], {
    cwd: ROOT,
    env: {
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
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${options.port}`;
  await waitUntilAnswering(`${url}${options.readyPath ?? "/api/session"}`, child);
  const pid = child.pid as number;
  return {
    url,
    pid,
    rssMb: () => rssMb(pid),
    stop: () => stopChild(child),
  };
}

async function waitUntilAnswering(url: string, child: ChildProcess, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
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
