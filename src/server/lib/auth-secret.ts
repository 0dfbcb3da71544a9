import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const secretFile = (dataDir: string) => path.join(dataDir, "auth-secret");

/**
 * The secret kept in $DATA_DIR (AUTH_SECRET unset), or null when there is none: what a backup
 * carries, so that a restored site's sessions and mailed links keep working.
 */
export function keptAuthSecret(configured: string | undefined, dataDir: string): string | null {
  if (configured) return null;
  try {
    return readFileSync(secretFile(dataDir), "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** Keeps `secret` as $DATA_DIR's secret (a restore), replacing the one there. */
export function keepAuthSecret(dataDir: string, secret: string): void {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(secretFile(dataDir), secret, { mode: 0o600 });
}

/** AUTH_SECRET when set; otherwise a secret generated once and kept in $DATA_DIR. */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = secretFile(dataDir);
  try {
    return readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
  return secret;
}
