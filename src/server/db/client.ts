// One Drizzle database over either engine: embedded PGlite (default) or a PostgreSQL server
// (DATABASE_URL). The rest of the server sees only `Database` and writes the same SQL for both.

import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { installJobSchema } from "@/server/lib/job-schema";
import { tightenDataDir } from "@/server/lib/private-files";
import { projectRoot } from "@/server/lib/project-root";
import { DEFAULT_PGLITE_SHARED_BUFFERS_MB, initdbDumpFile, pgliteVersion } from "./pglite-settings";
import * as schema from "./schema";

/** Read at run time, from the checkout: not part of the server bundle. */
export const migrationsFolder = path.join(projectRoot, "drizzle");

/** How long a request waits for a PostgreSQL connection, and for a query's answer. */
export const CONNECT_TIMEOUT_MS = 5_000;
export const QUERY_TIMEOUT_MS = 15_000;
/**
 * How long a background statement may take (Database.backgroundDb): work that reads a large
 * site whole by nature, such as the Top scores of a year (seconds at a million discussions),
 * which a request's bound would cut off every time.
 */
export const BACKGROUND_QUERY_TIMEOUT_MS = 10 * 60_000;
/** Connections the background statements may hold at once, beside the requests' pool. */
const BACKGROUND_POOL_SIZE = 2;
/** How long the requests' pool keeps a connection nobody uses (pgbouncer's default: 10 min). */
const POOL_IDLE_TIMEOUT_MS = 5 * 60_000;

// Any fixed number: instances starting together on one PostgreSQL take turns migrating.
const MIGRATION_LOCK_ID = 727_001;

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * What `db.transaction()` hands its callback. A transaction is a Db (PgTransaction extends
 * PgDatabase), so every helper that takes a Db runs inside one as well, with no cast; a helper
 * that must run inside a transaction (it locks rows for the caller) takes a Tx.
 */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type PoolStats = {
  /** Connections open, busy or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
};

export type Database = {
  db: Db;
  /**
   * The same database for background jobs whose statements are long by nature: on PostgreSQL a
   * pool of its own, whose statements wait up to BACKGROUND_QUERY_TIMEOUT_MS and never hold
   * the requests' connections; on PGlite (one connection, no timeout) the same `db`.
   */
  backgroundDb: Db;
  engine: "pglite" | "postgres";
  /**
   * Applies the committed migrations under drizzle/ that the database has not seen yet, then
   * makes or migrates the job engine's schema (lib/job-schema.ts), so every migrated database can
   * take jobs.
   */
  migrate(): Promise<void>;
  /** PostgreSQL only: the connection pool's use right now (for /metrics). */
  poolStats?: () => PoolStats;
  /**
   * PGlite only: the whole data directory as a tarball (gzipped unless "none"), for tests to
   * start from a copy.
   */
  dumpDataDir?: (compression?: "gzip" | "none") => Promise<Blob>;
  /**
   * Subscribes to a LISTEN/NOTIFY channel; resolves to an unsubscribe function. `onLost` runs
   * once if the listening connection dies (a PostgreSQL restart): the subscription is over then,
   * and notifications sent meanwhile are lost.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onLost?: (error: Error) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

/**
 * Sees every statement Drizzle sends, with its parameters, before it runs. Only the benchmarks
 * use it (bench/lib/capture-sql.ts): they replay the app's exact SQL in a bare handler.
 */
export type QueryLogger = (query: string, params: unknown[]) => void;

export type DatabaseOptions = (
  | {
      engine: "postgres";
      url: string;
      poolSize?: number;
      /** Defaults CONNECT_TIMEOUT_MS and QUERY_TIMEOUT_MS; tests shorten them. */
      timeouts?: { connectMs: number; queryMs: number };
    }
  | {
      engine: "pglite";
      dataDir?: string;
      loadDataDir?: Blob;
      /** PostgreSQL's shared_buffers inside PGlite; PGLITE_SHARED_BUFFERS_MB (decision 086). */
      sharedBuffersMb?: number;
    }
) & { logQuery?: QueryLogger };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const logger = options.logQuery ? { logQuery: options.logQuery } : undefined;
  return options.engine === "postgres"
    ? openPostgres(options.url, options.poolSize, logger, options.timeouts)
    : openPglite(options, logger);
}

type DrizzleLogger = { logQuery: QueryLogger } | undefined;

export async function createPglite(
  dataDir?: string,
  loadDataDir?: Blob,
  sharedBuffersMb = DEFAULT_PGLITE_SHARED_BUFFERS_MB,
): Promise<PGlite> {
  const client = new PGlite({
    dataDir,
    loadDataDir: loadDataDir ?? initdbDumpFor(dataDir),
    extensions: { pg_trgm },
    // The option replaces PGlite's start parameters, so its own are kept.
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${sharedBuffersMb}MB`],
  });
  await client.waitReady;
  // A new data directory's first files come in as 0666 whatever the umask (the files PGlite
  // creates afterwards follow it): they hold password hashes and emails (lib/private-files.ts).
  if (dataDir && !/^[a-z]+:\/\//i.test(dataDir)) await tightenDataDir(dataDir);
  return client;
}

/**
 * The build's new database (decision 086), for a data directory on disk that has none yet.
 * Undefined where no build of this PGlite made one: PGlite then runs initdb itself.
 */
export function initdbDumpFor(
  dataDir: string | undefined,
  buildDir = path.join(projectRoot, "dist/server"),
): Blob | undefined {
  if (!dataDir || /^[a-z]+:\/\//i.test(dataDir)) return undefined;
  if (existsSync(path.join(dataDir, "PG_VERSION"))) return undefined;
  const dump = path.join(buildDir, initdbDumpFile(pgliteVersion(projectRoot)));
  return existsSync(dump) ? new Blob([readFileSync(dump)]) : undefined;
}

async function openPglite(
  options: { dataDir?: string; loadDataDir?: Blob; sharedBuffersMb?: number },
  logger?: DrizzleLogger,
): Promise<Database> {
  const client = await createPglite(options.dataDir, options.loadDataDir, options.sharedBuffersMb);
  const db = drizzlePglite({ client, schema, logger });
  return {
    db,
    backgroundDb: db,
    engine: "pglite",
    async migrate() {
      await migratePglite(db, { migrationsFolder });
      await installJobSchema({ db });
    },
    dumpDataDir: (compression = "gzip") => client.dumpDataDir(compression),
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    close: () => client.close(),
  };
}

async function openPostgres(
  url: string,
  poolSize = 20,
  logger?: DrizzleLogger,
  timeouts = { connectMs: CONNECT_TIMEOUT_MS, queryMs: QUERY_TIMEOUT_MS },
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // A database that does not answer (a frozen server, a dropped network) fails a request
    // after these many milliseconds, as a 503, instead of holding it forever: waiting for a
    // connection (or a free one in the pool), and waiting for a query's answer.
    connectionTimeoutMillis: timeouts.connectMs,
    query_timeout: timeouts.queryMs,
    keepAlive: true,
    // A new connection is a new PostgreSQL backend, whose first statement on each table waits
    // tens of milliseconds while it loads that table's catalogue entries. pg's default closes a
    // connection after 10 s idle, so a pool that grew in a burst shrank in the next lull and
    // grew again, slowly, in the next burst: under a steady 50 toggles a second, a stall of
    // several seconds every few minutes (bench/RESULTS.md §34). A connection is kept 5 minutes.
    idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS,
  });
  // An idle client that loses its server (a PostgreSQL restart) emits 'error' on the pool;
  // unhandled, that would kill the process. The pool replaces the client by itself.
  pool.on("error", () => {});
  // Connects on first use: a site whose jobs never run a long statement opens none.
  const backgroundPool = new pg.Pool({
    connectionString: url,
    max: BACKGROUND_POOL_SIZE,
    connectionTimeoutMillis: timeouts.connectMs,
    query_timeout: Math.max(timeouts.queryMs, BACKGROUND_QUERY_TIMEOUT_MS),
    keepAlive: true,
  });
  backgroundPool.on("error", () => {});
  const listeners = new Set<pg.PoolClient>();
  const db = drizzlePg({ client: pool, schema, logger });
  return {
    db,
    backgroundDb: drizzlePg({ client: backgroundPool, schema, logger }),
    engine: "postgres",
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: poolSize,
    }),
    async migrate() {
      // One connection holds the lock for the whole migration so that two instances starting
      // together never apply the same migration twice.
      const connection = new pg.Client({ connectionString: url });
      await connection.connect();
      try {
        await connection.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        await migrateNodePg(drizzlePg({ client: connection, schema }), { migrationsFolder });
      } finally {
        await connection.end();
      }
      // pg-boss takes its own advisory lock around its schema changes.
      await installJobSchema({ db });
    },
    async listen(channel, onPayload, onLost) {
      // LISTEN needs one connection held for as long as the subscription lives.
      const connection = await pool.connect();
      listeners.add(connection);
      let released = false;
      const release = (error?: Error) => {
        if (released) return;
        released = true;
        listeners.delete(connection);
        // With an error the pool destroys the connection instead of reusing it.
        connection.release(error);
      };
      // A checked-out client that loses its server emits 'error'; unhandled, that would kill
      // the process (the pool's own handler covers idle clients only).
      connection.on("error", (error) => {
        const wasListening = !released;
        release(error);
        if (wasListening) onLost?.(error);
      });
      connection.on("notification", (message) => {
        if (message.channel === channel) onPayload(message.payload ?? "");
      });
      try {
        await connection.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
      } catch (error) {
        release(error as Error);
        throw error;
      }
      return async () => {
        if (released) return;
        await connection.query(`UNLISTEN "${channel.replaceAll('"', '""')}"`).catch(() => {});
        release();
      };
    },
    async close() {
      for (const connection of listeners) connection.release();
      listeners.clear();
      await Promise.all([pool.end(), backgroundPool.end()]);
    },
  };
}

/** Rows of a raw SQL query; both drivers answer `execute` with `{ rows }`. */
export async function queryRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
