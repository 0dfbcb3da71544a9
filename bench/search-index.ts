// npm run bench:search-index: what full-text search (issue 44, decision 074) costs in space and
// in build time on the benchmark data: the four GIN indexes' sizes and the tsvector columns'
// share of their tables, the time to compute every vector (what migration 0045's UPDATEs spend
// beyond writing the rows), to build each index from scratch (REINDEX, as CREATE INDEX would) and
// to rebuild the words "Did you mean" offers. REINDEX locks each table against writes while it
// runs: run it on benchmark data only. PostgreSQL (DATABASE_URL) or the embedded PGlite (DATA_DIR).
//   DATABASE_URL=postgres://postgres@127.0.0.1:54351/search_1m npm run bench:search-index
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { rebuildSearchWords } from "@/server/features/search/words";
import { openBenchDatabase } from "./lib/bench-database";
import { formatLoad, loadAverage } from "./lib/machine-load";

const GIN_INDEXES = [
  "discussions_search_idx",
  "discussion_replies_search_idx",
  "blog_posts_search_idx",
  "profiles_search_idx",
  "search_words_trgm_idx",
];

/** The vector of each row, as the triggers (and migration 0045's UPDATEs) compute it. */
const VECTORS = [
  {
    table: "discussions",
    vector: "discussion_search_vector(title, coalesce(plain_content, content))",
  },
  { table: "discussion_replies", vector: "reply_search_vector(coalesce(plain_content, content))" },
];

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, (performance.now() - started) / 1000];
}

async function sizes(db: Db) {
  for (const { table } of VECTORS) {
    const [row] = await queryRows<{ rows: number; vectors: number; heap: number; total: number }>(
      db,
      sql.raw(`select count(*)::int as rows,
        coalesce(sum(pg_column_size(search_vector)), 0)::float8 as vectors,
        pg_table_size('${table}')::float8 as heap,
        pg_total_relation_size('${table}')::float8 as total
        from ${table}`),
    );
    if (!row) continue;
    console.log(
      `${table}: ${row.rows.toLocaleString("en")} rows; search_vector ${mb(row.vectors)} ` +
        `(${((100 * row.vectors) / row.heap).toFixed(0)} % of the table's ${mb(row.heap)} with TOAST; ` +
        `${mb(row.total)} with every index)`,
    );
  }
  for (const name of GIN_INDEXES) {
    const [row] = await queryRows<{ bytes: number }>(
      db,
      sql`select pg_relation_size(${name}::regclass)::float8 as bytes`,
    );
    console.log(`  ${name}: ${mb(row?.bytes ?? 0)}`);
  }
}

async function main() {
  const database = await openBenchDatabase({ poolSize: 1, queryMs: 3600 * 1000 });
  const { db } = database;
  try {
    console.log(`${database.engine}; load average at start ${formatLoad(loadAverage())}\n`);
    await sizes(db);
    console.log("");
    for (const { table, vector } of VECTORS) {
      const [, seconds] = await timed(() =>
        db.execute(sql.raw(`select sum(length(${vector})) from ${table}`)),
      );
      console.log(`vectors computed for every row of ${table}: ${seconds.toFixed(1)} s`);
    }
    for (const name of GIN_INDEXES) {
      const [, seconds] = await timed(() => db.execute(sql.raw(`reindex index ${name}`)));
      console.log(`${name} built (REINDEX): ${seconds.toFixed(1)} s`);
    }
    const [, seconds] = await timed(() => rebuildSearchWords(db));
    console.log(`search_words rebuilt: ${seconds.toFixed(1)} s`);
    console.log("\nAfter the rebuild:");
    await sizes(db);
    console.log(`\nload average at end ${formatLoad(loadAverage())}`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
