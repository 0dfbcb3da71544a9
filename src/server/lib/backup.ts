// One backup file for either engine (docs/decisions/032-backups.md): every row of every table
// in the app's schema, read in one consistent snapshot, and every uploaded file, as lines of
// JSON (gzipped by the command that writes the file). The same code runs in `npm run backup`
// (its own connection on PostgreSQL, or the embedded database while the server is stopped) and
// in the running server (POST /api/control/backup, while it holds the embedded database).
// `npm run restore` loads such a file into an empty database made by the same version.
import { sql } from "drizzle-orm";
import type { Db, Tx } from "@/server/db/client";
import { queryRows } from "@/server/db/client";
import { type FileStorage, isStorageKey } from "./storage";

export const BACKUP_FORMAT = "rant-community-backup";
const BACKUP_VERSION = 1;
/** Rows per line: big enough to be quick, small enough to hold in memory while restoring. */
const ROWS_PER_LINE = 500;

export type BackupHeader = {
  kind: "header";
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** Migrations applied to the database backed up: a restore needs the same. */
  migrations: number;
};

export type BackupLine =
  | BackupHeader
  | { kind: "rows"; table: string; rows: Record<string, unknown>[] }
  | { kind: "file"; key: string; contentType: string; data: string }
  | { kind: "secret"; value: string }
  | { kind: "end"; tables: Record<string, number>; files: number };

export type BackupSummary = { tables: Record<string, number>; files: number };

/** The app's own tables (schema public); pg-boss's jobs and Drizzle's journal stay out. */
async function appTables(db: Db | Tx): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((row) => row.name);
}

/**
 * Numbers that count on from the rows (a reply's seq, a discussion's): each identity's
 * sequence continues after the largest restored value, or a new reply would take a number a
 * restored one has, and read positions would count it as read (docs/decisions/071).
 */
async function continueIdentities(tx: Db | Tx): Promise<void> {
  const identities = await queryRows<{ table_name: string; column_name: string }>(
    tx,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and is_identity = 'YES'`,
  );
  for (const { table_name: table, column_name: column } of identities) {
    const tableName = `public."${table.replaceAll('"', '""')}"`;
    await tx.execute(sql`select setval(pg_get_serial_sequence(${tableName}, ${column}),
      coalesce((select max(${quoted(column)}) from ${quoted(table)}), 0) + 1, false)`);
  }
}

/** Columns a row can be written with: generated ones are computed again on the way in. */
async function writableColumns(db: Db | Tx, table: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select column_name as name from information_schema.columns
        where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
        order by ordinal_position`,
  );
  return rows.map((row) => row.name);
}

async function appliedMigrations(db: Db | Tx): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  return row?.count ?? 0;
}

const quoted = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);

/**
 * Writes the backup as lines to `write`: the rows inside one read-only repeatable-read
 * transaction (a snapshot: a reply is never there without its discussion), then the files.
 */
export async function writeBackup(
  db: Db,
  storage: FileStorage,
  write: (line: string) => Promise<void>,
  options: { authSecret?: string } = {},
): Promise<BackupSummary> {
  const emit = (line: BackupLine) => write(`${JSON.stringify(line)}\n`);
  const tables: Record<string, number> = {};
  await db.transaction(
    async (tx) => {
      await emit({
        kind: "header",
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt: new Date().toISOString(),
        migrations: await appliedMigrations(tx),
      });
      for (const table of await appTables(tx)) {
        tables[table] = 0;
        // A cursor: a table of a million rows is read a page at a time, never all at once.
        await tx.execute(sql`declare backup_rows no scroll cursor for
          select row_to_json(t) as row from ${quoted(table)} t`);
        for (;;) {
          const page = await queryRows<{ row: Record<string, unknown> }>(
            tx,
            sql.raw(`fetch ${ROWS_PER_LINE} from backup_rows`),
          );
          if (page.length === 0) break;
          tables[table] += page.length;
          await emit({ kind: "rows", table, rows: page.map((item) => item.row) });
        }
        await tx.execute(sql`close backup_rows`);
      }
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  let files = 0;
  for await (const key of storage.keys()) {
    const file = await storage.read(key);
    if (!file) continue; // removed meanwhile
    files += 1;
    await emit({
      kind: "file",
      key,
      contentType: file.contentType,
      data: Buffer.from(file.body).toString("base64"),
    });
  }
  if (options.authSecret) await emit({ kind: "secret", value: options.authSecret });
  await emit({ kind: "end", tables, files });
  return { tables, files };
}

export class BackupError extends Error {}

/** Whether the database holds anything of a site's own: members or discussions. */
export async function hasSiteData(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ used: boolean }>(
    db,
    sql`select exists (select 1 from "user") or exists (select 1 from discussions) as used`,
  );
  return row?.used ?? false;
}

/**
 * Loads a backup's lines into `db` (migrated by this version, with no members or discussions
 * yet) in one transaction, so a restore that fails leaves the database as it was, and its files
 * into `storage`. The secret, if the backup has one, goes to `onSecret`.
 */
export async function restoreBackup(
  db: Db,
  storage: FileStorage,
  lines: AsyncIterable<string>,
  options: { onSecret?: (secret: string) => Promise<void> } = {},
): Promise<BackupSummary> {
  if (await hasSiteData(db)) {
    throw new BackupError(
      "The database already has members or discussions: restore into an empty DATA_DIR or database.",
    );
  }
  const summary: BackupSummary = { tables: {}, files: 0 };
  let ended = false;
  let secret: string | undefined;
  await db.transaction(async (tx) => {
    const iterator = lines[Symbol.asyncIterator]();
    const first = await iterator.next();
    const header = first.done ? null : (JSON.parse(first.value) as BackupHeader);
    if (header?.kind !== "header" || header.format !== BACKUP_FORMAT) {
      throw new BackupError("This is not a backup made by `npm run backup`.");
    }
    if (header.version !== BACKUP_VERSION) {
      throw new BackupError(`Backup format ${header.version} is not one this version reads.`);
    }
    const migrations = await appliedMigrations(tx);
    if (header.migrations !== migrations) {
      throw new BackupError(
        `The backup comes from a version with ${header.migrations} database migrations; this one has ${migrations}. Restore it with the version that made it, then upgrade.`,
      );
    }
    // Rows go in as they were: no triggers (the counters they keep are in the rows already)
    // and no foreign-key checks until the end (a reply may come before the reply it answers).
    await tx.execute(sql`set local session_replication_role = replica`).catch((error) => {
      throw new BackupError(
        `Restoring needs a database role that may set session_replication_role (a superuser): ${(error as Error).message}`,
      );
    });
    const tables = await appTables(tx);
    // What the migrations seeded (hero words, sample posts) makes way for the backup's rows.
    await tx.execute(sql.raw(`truncate ${tables.map((name) => `"${name}"`).join(", ")}`));
    const columnsOf = new Map<string, string[]>();
    for (;;) {
      const next = await iterator.next();
      if (next.done) break;
      const line = JSON.parse(next.value) as BackupLine;
      if (line.kind === "rows") {
        if (!tables.includes(line.table)) {
          throw new BackupError(`The backup has a table this version does not: ${line.table}`);
        }
        let columns = columnsOf.get(line.table);
        if (!columns) {
          columns = await writableColumns(tx, line.table);
          columnsOf.set(line.table, columns);
        }
        const list = sql.raw(columns.map((name) => `"${name.replaceAll('"', '""')}"`).join(", "));
        // The backed-up ids stand, GENERATED ALWAYS identities (a newsletter's or a digest's
        // deliveries) included: without OVERRIDING SYSTEM VALUE PostgreSQL refuses them.
        await tx.execute(sql`insert into ${quoted(line.table)} (${list}) overriding system value
          select ${list} from json_populate_recordset(null::${quoted(line.table)}, ${JSON.stringify(line.rows)}::json)`);
        summary.tables[line.table] = (summary.tables[line.table] ?? 0) + line.rows.length;
      } else if (line.kind === "file") {
        // Not undone if the restore fails later: the target is a new site's store anyway.
        if (!isStorageKey(line.key)) throw new BackupError(`Unsafe file name: ${line.key}`);
        await storage.put(line.key, Buffer.from(line.data, "base64"), line.contentType);
        summary.files += 1;
      } else if (line.kind === "secret") {
        secret = line.value;
      } else if (line.kind === "end") {
        ended = true;
      }
    }
    // A file cut short (a full disk while writing it) is refused whole.
    if (!ended) throw new BackupError("The backup file is incomplete: it has no end.");
    await continueIdentities(tx);
  });
  if (secret && options.onSecret) await options.onSecret(secret);
  return summary;
}
