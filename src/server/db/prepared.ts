// Named prepared statements for reads whose plan does not depend on their values (bench/
// RESULTS.md, "Planning"). A statement sent without a name is parsed and planned on every
// request: for one discussion by id, planning took seven times as long as running it (0.29 ms
// against 0.04 ms, pg_stat_statements under load). With a name, node-postgres parses it once
// per pooled connection, and PostgreSQL, after five executions, keeps a generic plan when it
// costs no more than the custom ones: no planning.
//
// Only for reads whose best plan is the same for any values: a primary key, the forum list's
// index walk with a keyset cursor, a LIMIT written into the text (`limitLiteral`). Not for
// searches (the plan depends on the words), nor for a statement whose generic plan would read
// a range whole: a thread's page read with its rows sorted all 10,000 replies of the long
// thread, so a page is chosen by keys first (features/replies/queries.ts, threadRows). The
// name is a hash of the text, so a name always means one text; at most
// MAX_PREPARED_TEXTS texts are prepared. PGlite ignores the name.
import { createHash } from "node:crypto";
import { SQL, StringChunk, sql } from "drizzle-orm";
import { NodePgPreparedQuery } from "drizzle-orm/node-postgres";
import { PgDialect } from "drizzle-orm/pg-core";
import { type Db, queryRows } from "./client";

const dialect = new PgDialect();

/** The prepared statement's name for a statement text: the same text, the same name. */
export function preparedStatementName(text: string): string {
  return `rc_${createHash("sha1").update(text).digest("base64url").slice(0, 20)}`;
}

/**
 * At most this many texts are prepared (per process, so per pooled connection too); later ones
 * run unnamed. The call sites' texts number a few dozen; the cap holds whatever a client sends
 * (every page size, every filter) to a bounded memory in PostgreSQL.
 */
const MAX_PREPARED_TEXTS = 200;

/** The prepared form of one text: its name, and drizzle's query object for each session. */
type PreparedText = {
  name: string;
  /**
   * Made once per session (the pool's, or a transaction's): drizzle's query object sets up its
   * configuration and type parsers when made, a cost every request paid when it made its own
   * (bench/RESULTS.md §12). Its values are placeholders by position, filled at each run.
   */
  runs: WeakMap<object, Run>;
};

type Run = (values: unknown[]) => Promise<{ rows: unknown[] }>;

/** The parts of drizzle's node-postgres query object (NodePgPreparedQuery) a run needs. */
type NodePgQuery = {
  client: { query(config: object, values: unknown[]): Promise<{ rows: unknown[] }> };
  rawQueryConfig: { text: string };
  logger: { logQuery(text: string, params: unknown[]): void };
};

/**
 * How to run drizzle's query object `prepared`. On node-postgres: its own configuration (name,
 * text, drizzle's type parsers) straight to its pool or transaction client, logged as drizzle
 * logs it. drizzle's execute() puts that one call inside five promises (tracing spans, a cache
 * check), which cost more than the driver's own work for one row (bench/RESULTS.md §12). On
 * PGlite, or if a later drizzle keeps them elsewhere: execute(), values by position.
 */
function runOf(prepared: unknown): Run {
  const query = prepared as Partial<NodePgQuery>;
  if (
    prepared instanceof NodePgPreparedQuery &&
    typeof query.client?.query === "function" &&
    typeof query.rawQueryConfig?.text === "string" &&
    typeof query.logger?.logQuery === "function"
  ) {
    const { client, rawQueryConfig, logger } = query as NodePgQuery;
    return (values) => {
      logger.logQuery(rawQueryConfig.text, values);
      return client.query(rawQueryConfig, values);
    };
  }
  const execute = (prepared as { execute(values: unknown): Promise<{ rows: unknown[] }> }).execute;
  return (values) => execute.call(prepared, values);
}

/**
 * The texts run as prepared statements so far (hashed once per text, not per request). The
 * benchmark's ceiling prepares the same texts.
 */
export const preparedTexts = new Map<string, PreparedText>();

type Built = { sql: string; params: unknown[] };

/** `.inlineParams()` writes the values into the text: drizzle renders those (private in its types). */
const inlinesParams = (query: SQL) =>
  (query as unknown as { shouldInlineParams: boolean }).shouldInlineParams;

/**
 * drizzle's text and values for a statement made only of text, nested `sql` and plain values
 * (strings, numbers, booleans, null), as our prepared reads are; null for anything else, which
 * drizzle then renders. drizzle checks each piece against every kind it knows (columns, tables,
 * placeholders, ...) and merges a result object per piece: for the thread's page, 6.5 µs a
 * statement, the largest cost left of a read after the socket (bench/RESULTS.md §12). The text
 * is the same as drizzle's, to the character (prepared.test.ts).
 */
export function renderPlain(query: SQL): Built | null {
  const built: Built = { sql: "", params: [] };
  return inlinesParams(query) || !renderChunks(query.queryChunks, built) ? null : built;
}

/** Adds `chunks` to `built`; false for a chunk renderPlain leaves to drizzle. */
function renderChunks(chunks: readonly unknown[], built: Built): boolean {
  for (const chunk of chunks) {
    if (chunk instanceof StringChunk) {
      built.sql += chunk.value.join("");
    } else if (chunk instanceof SQL) {
      if (inlinesParams(chunk) || !renderChunks(chunk.queryChunks, built)) return false;
    } else if (
      chunk === null ||
      typeof chunk === "string" ||
      typeof chunk === "number" ||
      typeof chunk === "boolean"
    ) {
      built.params.push(chunk);
      built.sql += `$${built.params.length}`;
    } else if (chunk !== undefined) {
      return false;
    }
  }
  return true;
}

/** Rows of a read, as a named prepared statement on PostgreSQL (see above). */
export async function queryPreparedRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const built = renderPlain(query) ?? dialect.sqlToQuery(query);
  let text = preparedTexts.get(built.sql);
  if (text === undefined) {
    if (preparedTexts.size >= MAX_PREPARED_TEXTS) return queryRows<Row>(db, query);
    text = { name: preparedStatementName(built.sql), runs: new WeakMap() };
    preparedTexts.set(built.sql, text);
  }
  const session = db._.session;
  let run = text.runs.get(session);
  if (run === undefined) {
    const params = built.params.map((_, index) => sql.placeholder(String(index)));
    run = runOf(session.prepareQuery({ sql: built.sql, params }, undefined, text.name, false));
    text.runs.set(session, run);
  }
  // The values by position: "0" in the array is its first value.
  const result = await run(built.params);
  return result.rows as Row[];
}

/**
 * A fragment without values (column lists, joins, the display-name rule), rendered to its text
 * once. drizzle walks every chunk of a statement each time it is built, and the long select
 * lists of the forum and the thread made that walk the app's largest cost per request after
 * the socket writes (bench/RESULTS.md §10, CPU profile of "one discussion"): built from one raw
 * chunk, the same text costs a string copy. A fragment holding a value is refused, since its
 * placeholder number would be wrong in any other statement.
 */
export function renderedOnce(fragment: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  if (params.length > 0) throw new Error(`A fragment with values cannot be rendered once: ${text}`);
  return sql.raw(text);
}

/**
 * A page size as a literal in the statement's text. As a parameter, a prepared statement's
 * generic plan would assume a tenth of the table and PostgreSQL would keep planning each time;
 * as a literal, each size (validated, at most a page) is a statement of its own.
 */
export function limitLiteral(limit: number): SQL {
  if (!Number.isInteger(limit) || limit < 1 || limit > 1_000) {
    throw new Error(`Not a page size: ${limit}`);
  }
  return sql.raw(String(limit));
}
