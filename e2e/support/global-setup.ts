// Once per run: a data directory holding the pool of sign-ups (seed-signups.ts), which each
// worker copies before starting its server (account-pool.ts, decision 055).
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { POOL_SIZE, SEEDED_DIR_VARIABLE } from "./account-pool";

export default async function globalSetup() {
  const folder = mkdtempSync(path.join(tmpdir(), "rc-e2e-seeded-"));
  try {
    await promisify(execFile)(
      process.execPath,
      [
        "--import",
        "tsx",
        "e2e/support/seed-signups.ts",
        path.join(folder, "data"),
        String(POOL_SIZE),
        path.join(folder, "sign-ups.json"),
      ],
      { cwd: fileURLToPath(new URL("../..", import.meta.url)) },
    );
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  // The workers inherit it.
  process.env[SEEDED_DIR_VARIABLE] = folder;
  return () => rmSync(folder, { recursive: true, force: true });
}
