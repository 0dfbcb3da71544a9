// Each Playwright worker runs a site of its own (docs/decisions/055): a fresh DATA_DIR, seeded
// with a pool of sign-ups while no server holds it, then the server on a port of the worker's.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { type RunningServer, startServer } from "./server";

/** A sign-up waiting for its confirmation: the address and the token its mail would carry. */
export type PooledSignUp = { email: string; token: string };

/** More than the whole suite makes (about 100 accounts): a worker may run every file. */
const POOL_SIZE = 150;

export type WorkerSite = {
  url: string;
  dataDir: string;
  /** The next unused sign-up, or undefined when the pool is spent. */
  takeSignUp(): PooledSignUp | undefined;
  stop(): Promise<void>;
};

let current: WorkerSite | undefined;

/** The site of this worker (test.ts starts it before the worker's first test). */
export function workerSite(): WorkerSite {
  if (!current) throw new Error("no site: import test from e2e/support/test.ts");
  return current;
}

/**
 * E2E_PORT (default 3199) is the first worker's port, the next worker takes the next one: two
 * runs share a machine when their E2E_PORTs are further apart than their worker counts.
 */
export function workerPort(parallelIndex: number): number {
  return Number(process.env.E2E_PORT ?? 3199) + parallelIndex;
}

export async function startWorkerSite(parallelIndex: number): Promise<WorkerSite> {
  const port = workerPort(parallelIndex);
  const folder = mkdtempSync(path.join(tmpdir(), `rc-e2e-${port}-`));
  const dataDir = path.join(folder, "data");
  const poolFile = path.join(folder, "sign-ups.json");
  await promisify(execFile)(
    process.execPath,
    [
      "--import",
      "tsx",
      "e2e/support/seed-signups.ts",
      String(port),
      dataDir,
      String(POOL_SIZE),
      poolFile,
    ],
    { cwd: fileURLToPath(new URL("../..", import.meta.url)), env: process.env },
  );
  const pool = JSON.parse(readFileSync(poolFile, "utf8")) as PooledSignUp[];
  let server: RunningServer;
  try {
    server = await startServer(port, dataDir);
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  current = {
    url: server.url,
    dataDir,
    takeSignUp: () => pool.shift(),
    async stop() {
      await server.stop();
      current = undefined;
      rmSync(folder, { recursive: true, force: true });
    },
  };
  return current;
}
