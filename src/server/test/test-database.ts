// Where API tests get their database: a copy of a migrated template, one per test file.
import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type Database, type Db, openDatabase, queryRows } from "@/server/db/client";
import { loadEnv } from "@/server/env";

export const TEMPLATE_DATABASE = "rc_test_template";
export const TEMPLATE_DUMP = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../.tmp/test-template.tar.gz",
);

/**
 * With DATABASE_URL set (`npm run test:pg`), tests run on that PostgreSQL server, each file in
 * a database of its own created from a template; otherwise on PGlite.
 */
export function testDatabaseUrl(): string | undefined {
  return loadEnv().databaseUrl;
}

function withDatabase(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.href;
}

export async function openTestDatabase(): Promise<Database> {
  const url = testDatabaseUrl();
  if (!url) {
    const dump = await readFile(TEMPLATE_DUMP);
    return openDatabase({ engine: "pglite", loadDataDir: new Blob([dump]) });
  }
  const name = `rc_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  await admin.end();
  const database = await openDatabase({
    engine: "postgres",
    url: withDatabase(url, name),
    poolSize: 5,
  });
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export async function createTemplate(): Promise<void> {
  const url = testDatabaseUrl();
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    await admin.end();
    const template = await openDatabase({
      engine: "postgres",
      url: withDatabase(url, TEMPLATE_DATABASE),
      poolSize: 1,
    });
    await template.migrate();
    await template.close();
    return;
  }
  const template = await openDatabase({ engine: "pglite" });
  await template.migrate();
  const dump = await template.dumpDataDir?.();
  await template.close();
  if (!dump) throw new Error("PGlite could not dump its data directory");
  await mkdir(path.dirname(TEMPLATE_DUMP), { recursive: true });
  await writeFile(TEMPLATE_DUMP, new Uint8Array(await dump.arrayBuffer()));
}

/**
 * A second connection pool on the database `db` uses, as another app instance on the same
 * PostgreSQL would have (PostgreSQL only: `npm run test:pg`).
 */
export async function openSecondInstance(db: Db, poolSize = 3): Promise<Database> {
  const url = testDatabaseUrl();
  if (!url) throw new Error("A second instance needs PostgreSQL (DATABASE_URL)");
  const [current] = await queryRows<{ name: string }>(db, sql`select current_database() as name`);
  return openDatabase({
    engine: "postgres",
    url: withDatabase(url, current?.name ?? ""),
    poolSize,
  });
}
