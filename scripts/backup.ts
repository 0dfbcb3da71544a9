// npm run backup [-- <file>]: the whole site in one file (src/server/lib/backup.ts,
// docs/decisions/032): the database's rows and the uploaded files, gzipped JSON lines, readable
// by its owner only. Works while the server runs: on PostgreSQL through a connection of its
// own, on the embedded database through the server that holds it.
import { createWriteStream, existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { openDatabase } from "../src/server/db/client";
import { DataDirBusyError, lockDataDir } from "../src/server/db/data-dir-lock";
import { type Env, loadEnv } from "../src/server/env";
import { keptAuthSecret } from "../src/server/lib/auth-secret";
import { type BackupLine, writeBackup } from "../src/server/lib/backup";
import { keepNewFilesPrivate } from "../src/server/lib/private-files";
import { s3Storage } from "../src/server/lib/s3-storage";
import { diskStorage, uploadsDirectory } from "../src/server/lib/storage";
import { streamFromRunningServer } from "./lib/running-server";

function defaultFile(): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  return `rant-community-backup-${stamp}.jsonl.gz`;
}

/** The file, gzipped, private to this user, never over an existing one. */
function backupFile(file: string) {
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(file, { mode: 0o600, flags: "wx" }));
  return { gzip, written };
}

/** Counts what the lines hold and remembers whether the last one ended the backup. */
function lineWatcher() {
  let rest = "";
  let last: BackupLine | null = null;
  return {
    see(text: string) {
      const lines = (rest + text).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) if (line) last = JSON.parse(line) as BackupLine;
    },
    get ending(): BackupLine | null {
      return last?.kind === "end" ? last : null;
    },
  };
}

async function backUpHere(env: Env, file: string): Promise<BackupLine | null> {
  const database = env.databaseUrl
    ? await openDatabase({ engine: "postgres", url: env.databaseUrl, poolSize: 2 })
    : await openDatabase({ engine: "pglite", dataDir: path.join(env.dataDir, "pg") });
  const { gzip, written } = backupFile(file);
  const watcher = lineWatcher();
  try {
    await writeBackup(
      database.db,
      env.s3 ? s3Storage(env.s3) : diskStorage(uploadsDirectory(env.dataDir)),
      async (line) => {
        watcher.see(line);
        if (!gzip.write(line)) await new Promise((resolve) => gzip.once("drain", resolve));
      },
      { authSecret: keptAuthSecret(env.authSecret, env.dataDir) ?? undefined },
    );
  } finally {
    gzip.end();
    await written;
    await database.close();
  }
  return watcher.ending;
}

async function backUpThroughServer(
  env: Env,
  busy: DataDirBusyError,
  file: string,
): Promise<BackupLine | null> {
  const answer = await streamFromRunningServer(env.dataDir, busy, "backup");
  if (!answer.ok) throw new Error(answer.message);
  const { gzip, written } = backupFile(file);
  const watcher = lineWatcher();
  const decoder = new TextDecoder();
  await pipeline(
    Readable.fromWeb(answer.body as import("node:stream/web").ReadableStream<Uint8Array>),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        watcher.see(decoder.decode(chunk, { stream: true }));
        gzip.write(chunk, done);
      },
      final(done) {
        gzip.end();
        done();
      },
    }),
  );
  await written;
  return watcher.ending;
}

/** On PostgreSQL, or on the embedded database: here, or through the server that holds it. */
async function backUp(env: Env, file: string): Promise<BackupLine | null> {
  if (env.databaseUrl) return backUpHere(env, file);
  let release: () => void;
  try {
    release = lockDataDir(env.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    console.log("The server is running: it reads the database for the backup…");
    return backUpThroughServer(env, error, file);
  }
  try {
    return await backUpHere(env, file);
  } finally {
    release();
  }
}

async function main(): Promise<number> {
  // The embedded database's files it may touch stay private to this user, as the server's do.
  keepNewFilesPrivate();
  const env = loadEnv();
  const file = path.resolve(process.argv[2] ?? defaultFile());
  if (existsSync(file)) {
    console.error(`${file} already exists; name another file.`);
    return 1;
  }
  let ending: BackupLine | null;
  try {
    ending = await backUp(env, file);
  } catch (error) {
    // Never leave half a backup that looks like one.
    await rm(file, { force: true });
    throw error;
  }
  if (ending?.kind !== "end") {
    await rm(file, { force: true });
    console.error("The backup stopped before its end; no file was kept. See the server's log.");
    return 1;
  }
  const rows = Object.values(ending.tables).reduce((sum, count) => sum + count, 0);
  console.log(
    `Backup written to ${file}: ${rows} rows in ${Object.keys(ending.tables).length} tables, ${ending.files} uploaded files.`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
