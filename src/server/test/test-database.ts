// Where API tests get their database: a copy of a migrated template, one per test file.
import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { access, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import pg from "pg";
import {
  type Database,
  type Db,
  migrationsFolder,
  openDatabase,
  type QueryLogger,
  queryRows,
} from "@/server/db/client";
import { loadEnv } from "@/server/env";

export const TEMPLATE_DATABASE = "rc_test_template";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/**
 * What a migrated template depends on: the migrations, and the versions of the engine and of
 * the job engine whose schema `migrate()` also makes.
 */
function templateKey(): string {
  const hash = createHash("sha256");
  for (const name of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    if (name.endsWith(".sql") || name.endsWith(".json")) {
      hash.update(name).update(readFileSync(path.join(migrationsFolder, name)));
    }
  }
  for (const dependency of ["@electric-sql/pglite", "pg-boss"]) {
    hash.update(readFileSync(path.join(root, "node_modules", dependency, "package.json")));
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * The PGlite template, made once per machine and kept while what it depends on is unchanged
 * (issue 34): migrating a fresh one cost every run several seconds. An uncompressed tarball
 * (43 MB against 5): every test file opens it, and unzipping was a fifth of that (decision 054).
 */
export const TEMPLATE_DUMP = path.join(root, ".tmp", `test-template-${templateKey()}.tar`);

/** Removes the PGlite template: the next run makes it again. */
export async function forgetTestTemplate(): Promise<void> {
  await rm(TEMPLATE_DUMP, { force: true });
}

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

export async function openTestDatabase(logQuery?: QueryLogger): Promise<Database> {
  const url = testDatabaseUrl();
  if (!url) {
    const dump = await readFile(TEMPLATE_DUMP);
    return openDatabase({ engine: "pglite", loadDataDir: new Blob([dump]), logQuery });
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
    logQuery,
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

/** The app's job queues, made in the template (test-app.ts says why). */
async function createQueues(template: Database): Promise<void> {
  // Loaded only here: the app's modules, when a template is being made.
  const { createAppQueues } = await import("./app-queues");
  await createAppQueues(template);
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
    await createQueues(template);
    await template.close();
    return;
  }
  if (
    await access(TEMPLATE_DUMP).then(
      () => true,
      () => false,
    )
  )
    return;
  const template = await openDatabase({ engine: "pglite" });
  await template.migrate();
  await createQueues(template);
  // Written to the data files now: otherwise every copy replays the migrations' log as it opens
  // (a quarter of its opening time, decision 054).
  await template.db.execute(sql`checkpoint`);
  const dump = await template.dumpDataDir?.("none");
  await template.close();
  if (!dump) throw new Error("PGlite could not dump its data directory");
  await mkdir(path.dirname(TEMPLATE_DUMP), { recursive: true });
  // Written aside, then renamed: a run cut short never leaves half a template under the name.
  const partial = `${TEMPLATE_DUMP}.${process.pid}.partial`;
  await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
  await rename(partial, TEMPLATE_DUMP);
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
