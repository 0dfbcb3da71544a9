// How a browser-test worker runs the site: the command and environment live here only.
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";

/**
 * The built server, as `npm start` runs it once dist/ is current (`npm run test:e2e` builds
 * first: decisions 055, 056).
 */
const SERVER_COMMAND = ["node", "dist/server/main.js"];

/** The environment of a worker's server, also the account pool's seeder's (seed-signups.ts). */
export function siteEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SITE_URL: `http://localhost:${port}`,
    LOG_LEVEL: "warn",
    // A browser test fills a form in milliseconds: the minimum fill time would hold it.
    SPAM_MIN_FILL_SECONDS: "0",
    ADMIN_EMAILS: "e2e-admin@example.com",
    // Every test comes from 127.0.0.1: keep the limits, raised well above what tests use.
    RATE_LIMIT_MULTIPLIER: "100",
  };
}

export type RunningServer = { url: string; stop(): Promise<void> };

const START_TIMEOUT_MS = 60_000;

/** Starts the site on `port` over `dataDir` and waits until it answers. */
export async function startServer(port: number, dataDir: string): Promise<RunningServer> {
  const env = siteEnv(port, dataDir);
  // A worker restarted after a failure takes its predecessor's port: never mistake the old
  // server, still shutting down, for the new one.
  await untilPortFree(port);
  const [command, ...args] = SERVER_COMMAND as [string, ...string[]];
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit"],
    // Its own process group: stop() ends npx and the node it started together.
    detached: true,
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const url = env.SITE_URL as string;
  await waitUntilAnswering(`${url}/api/session`, child, exited);
  return {
    url,
    async stop() {
      // The whole group: npx exits before the server it started has finished shutting down,
      // and the data directory is removed after this.
      signalGroup(child, "SIGTERM");
      const deadline = Date.now() + 10_000;
      while (groupAlive(child) && Date.now() < deadline) await delay(100);
      if (groupAlive(child)) signalGroup(child, "SIGKILL");
      await exited;
    },
  };
}

function groupAlive(child: ChildProcess): boolean {
  try {
    if (child.pid) process.kill(-child.pid, 0);
    return child.pid !== undefined;
  } catch {
    return false;
  }
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // Gone already.
  }
}

async function untilPortFree(port: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await portFree(port))) {
    if (Date.now() > deadline) throw new Error(`port ${port} is taken: set another E2E_PORT`);
    await delay(200);
  }
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntilAnswering(
  url: string,
  child: ChildProcess,
  exited: Promise<number | null>,
): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  while (Date.now() < deadline) {
    if (gone) throw new Error(`the server on ${url} exited with ${child.exitCode} as it started`);
    const answered = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return;
    await delay(100);
  }
  signalGroup(child, "SIGKILL");
  throw new Error(`the server did not answer ${url} within ${START_TIMEOUT_MS} ms`);
}
