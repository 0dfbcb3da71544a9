// Each Playwright worker runs a site of its own (docs/decisions/055): a copy of the data
// directory global-setup.ts seeded with a pool of sign-ups, and the server on its own port.
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type RunningServer, startServer } from "./server";

/** A sign-up waiting for its confirmation: the address and the token its mail would carry. */
export type PooledSignUp = { email: string; token: string };

/** More than the whole suite makes (about 100 accounts): one worker may run every file. */
export const POOL_SIZE = 150;

/** Where global-setup.ts tells the workers it left the seeded folder. */
export const SEEDED_DIR_VARIABLE = "E2E_SEEDED_DIR";

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
  const seeded = process.env[SEEDED_DIR_VARIABLE];
  if (!seeded) throw new Error(`${SEEDED_DIR_VARIABLE} is set by e2e/support/global-setup.ts`);
  const port = workerPort(parallelIndex);
  const folder = mkdtempSync(path.join(tmpdir(), `rc-e2e-${port}-`));
  const dataDir = path.join(folder, "data");
  cpSync(path.join(seeded, "data"), dataDir, { recursive: true });
  const pool = JSON.parse(
    readFileSync(path.join(seeded, "sign-ups.json"), "utf8"),
  ) as PooledSignUp[];
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
