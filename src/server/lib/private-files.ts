// $DATA_DIR holds the database (password hashes, emails, private bios), the auth secret, mail
// and uploads: readable by the server's own user only. The process's umask makes everything it
// creates so (0700 folders, 0600 files), PGlite's files included; tightenDataDir() fixes what
// an older version left open (PGlite's WAL used to be world-readable).
import { chmod, lstat, opendir } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "./logger";

/** From now on, files and folders this process creates are its owner's alone. */
export function keepNewFilesPrivate(): void {
  process.umask(0o077);
}

export type TightenResult = {
  /** Files and folders whose group or other permissions were removed. */
  changed: number;
  /** Paths that could not be changed (owned by another user, say), with the reason. */
  failed: string[];
};

/**
 * Removes group and other permissions from `dataDir` and everything in it, as a 077 umask
 * would have created them. Symbolic links are neither followed nor changed: what they point
 * to is not ours to change.
 */
export async function tightenDataDir(dataDir: string): Promise<TightenResult> {
  const result: TightenResult = { changed: 0, failed: [] };
  await tighten(dataDir, result);
  return result;
}

async function tighten(target: string, result: TightenResult): Promise<void> {
  let stats: Awaited<ReturnType<typeof lstat>>;
  try {
    stats = await lstat(target);
  } catch (error) {
    // Gone meanwhile (a temporary file), or never there (a first start): nothing to protect.
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  if (stats.isSymbolicLink()) return;
  if ((stats.mode & 0o077) !== 0) {
    try {
      await chmod(target, stats.mode & 0o7700);
      result.changed += 1;
    } catch (error) {
      result.failed.push(`${target}: ${(error as NodeJS.ErrnoException).code ?? error}`);
    }
  }
  if (!stats.isDirectory()) return;
  let directory: Awaited<ReturnType<typeof opendir>>;
  try {
    directory = await opendir(target);
  } catch (error) {
    result.failed.push(`${target}: ${(error as NodeJS.ErrnoException).code ?? error}`);
    return;
  }
  for await (const entry of directory) await tighten(path.join(target, entry.name), result);
}

/** Tightens `dataDir` at start and says what it did; a path it cannot change is a warning. */
export async function protectDataDir(
  dataDir: string,
  logger: Pick<Logger, "info" | "warn">,
): Promise<void> {
  const { changed, failed } = await tightenDataDir(dataDir);
  if (changed > 0) {
    logger.info({ dataDir, changed }, "made DATA_DIR's files private to the server's user");
  }
  if (failed.length > 0) {
    logger.warn(
      { dataDir, failed: failed.slice(0, 20), count: failed.length },
      "could not make these DATA_DIR files private to the server's user",
    );
  }
}
