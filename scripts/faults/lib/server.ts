// The real server (src/server/main.ts) as a child process, as `npm start` runs it: node with tsx
// as a loader, so the child's pid is the server itself (kill -9 hits the server, not a wrapper).
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export type ServerOptions = {
  port: number;
  dataDir: string;
  /** Unset: the embedded database in dataDir. */
  databaseUrl?: string;
  env?: Record<string, string>;
};

export type Server = {
  url: string;
  pid: number;
  /** Everything the server printed, for the report when something goes wrong. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  signal(signal: NodeJS.Signals): void;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
  stop(graceMs?: number): Promise<void>;
};

export async function startServer(options: ServerOptions): Promise<Server> {
  const url = `http://127.0.0.1:${options.port}`;
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(ROOT, "src/server/main.ts")],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(options.port),
        HOST: "127.0.0.1",
        SITE_URL: url,
        DATA_DIR: options.dataDir,
        DATABASE_URL: options.databaseUrl ?? "",
        LOG_LEVEL: "warn",
        // The runs sign up through the API, without a form's signed time (docs/decisions/034).
        SPAM_MIN_FILL_SECONDS: "0",
        ...options.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-200_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  await waitUntilReady(`${url}/api/health`, child, () => output);
  return {
    url,
    pid: child.pid as number,
    output: () => output,
    exited,
    signal: (signal) => child.kill(signal),
    stop: (graceMs = 15_000) => stop(child, exited, graceMs),
  };
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string) {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited with code ${child.exitCode}:\n${output()}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill("SIGKILL");
  throw new Error(`no answer from ${url} within 120 s:\n${output()}`);
}

async function stop(child: ChildProcess, exited: Promise<unknown>, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const force = setTimeout(() => child.kill("SIGKILL"), graceMs);
  child.kill("SIGTERM");
  await exited;
  clearTimeout(force);
}
