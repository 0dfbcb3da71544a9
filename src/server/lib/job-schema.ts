// pg-boss's schema and its SQL over the app's own database connection (lib/jobs.ts). Apart
// from the queue, so that db/client.ts can install the schema as it migrates without the queue
// (which speaks of Db) and the database importing each other.
import PgBoss from "pg-boss";

export const JOB_SCHEMA = "pgboss";

type Executor = PgBoss.Db;

type RawClient = {
  query(text: string, values?: unknown[]): Promise<unknown>;
  exec?: (text: string) => Promise<unknown[]>;
};

type Result = { rows: unknown[] };

/**
 * pg-boss's SQL over a raw client: PGlite's `query` takes one statement, so pg-boss's
 * multi-statement scripts (BEGIN; ...; COMMIT, never with parameters) go through `exec`.
 */
export function executorOf(client: RawClient): Executor {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return (await client.query(text, values)) as Result;
      if (client.exec) return ((await client.exec(text)).at(-1) as Result) ?? { rows: [] };
      const result = (await client.query(text)) as Result | Result[];
      return Array.isArray(result) ? (result.at(-1) ?? { rows: [] }) : result;
    },
  };
}

/**
 * The raw client under a Drizzle database or transaction (a pg Pool or PoolClient, a PGlite
 * instance or its transaction): Drizzle keeps it as `session.client`.
 */
export function rawClientOf(db: object): RawClient {
  const client = (db as unknown as { session?: { client?: RawClient } }).session?.client;
  if (!client) throw new Error("No database client under this Drizzle object");
  return client;
}

/** pg-boss's schema on `database`, made or migrated now (the test template has it). */
export async function installJobSchema(database: { db: object }): Promise<void> {
  const boss = new PgBoss({
    db: executorOf(rawClientOf(database.db)),
    schema: JOB_SCHEMA,
    supervise: false,
    schedule: false,
  });
  boss.on("error", () => {});
  await boss.start();
  await boss.stop({ graceful: false, wait: true, close: false });
}
