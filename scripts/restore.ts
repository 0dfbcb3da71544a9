// npm run restore -- <file>: loads a backup made by `npm run backup` (src/server/lib/backup.ts,
// docs/decisions/032) into an empty DATA_DIR or database: migrated first, as a first start
// would, then filled with the backup's rows in one transaction, and its files put back.
// The server must not be running on that DATA_DIR.
import { createReadStream, existsSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { createGunzip } from "node:zlib";
import { openDatabase } from "../src/server/db/client";
import { DataDirBusyError, lockDataDir } from "../src/server/db/data-dir-lock";
import { loadEnv } from "../src/server/env";
import { keepAuthSecret } from "../src/server/lib/auth-secret";
import { BackupError, restoreBackup } from "../src/server/lib/backup";
import { keepNewFilesPrivate } from "../src/server/lib/private-files";
import { s3Storage } from "../src/server/lib/s3-storage";
import { diskStorage, uploadsDirectory } from "../src/server/lib/storage";

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) {
    console.error("Name the backup file: npm run restore -- <file>");
    return 1;
  }
  if (!existsSync(file)) {
    console.error(`${file}: no such file`);
    return 1;
  }
  // It creates the embedded database's files: private to this user, as the server's are.
  keepNewFilesPrivate();
  const env = loadEnv();
  let release = () => {};
  if (!env.databaseUrl) {
    try {
      release = lockDataDir(env.dataDir);
    } catch (error) {
      if (!(error instanceof DataDirBusyError)) throw error;
      console.error(`${error.message}\nStop it first: a restore needs the database to itself.`);
      return 1;
    }
  }
  const database = env.databaseUrl
    ? await openDatabase({ engine: "postgres", url: env.databaseUrl, poolSize: 2 })
    : await openDatabase({ engine: "pglite", dataDir: path.join(env.dataDir, "pg") });
  try {
    await database.migrate();
    const lines = createInterface({
      input: createReadStream(file).pipe(createGunzip()),
      crlfDelay: Number.POSITIVE_INFINITY,
    });
    const summary = await restoreBackup(
      database.db,
      env.s3 ? s3Storage(env.s3) : diskStorage(uploadsDirectory(env.dataDir)),
      lines,
      { onSecret: async (secret) => keepAuthSecret(env.dataDir, secret) },
    );
    const rows = Object.values(summary.tables).reduce((sum, count) => sum + count, 0);
    console.log(
      `Restored ${rows} rows in ${Object.keys(summary.tables).length} tables and ${summary.files} uploaded files from ${file}.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof BackupError) {
      console.error(error.message);
      return 1;
    }
    if ((error as NodeJS.ErrnoException).code === "Z_DATA_ERROR") {
      console.error(`${file} is not a backup made by \`npm run backup\` (not gzip).`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
    release();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
