// npm run bench:reaction-data: issue 45's reactions added to a database bench:data filled before
// reactions were (bench:data now adds them itself): [reactions] rows (5 per reply in the data by
// default: 5,000,000 at the full size), loaded with the count trigger off, recounted, and each
// Top period's scores made (bench/lib/reaction-data.ts). Run it again to make them afresh.
//   DATABASE_URL=postgres://postgres@127.0.0.1:55432/bench npm run bench:reaction-data -- [reactions]
import { sql } from "drizzle-orm";
import { queryRows } from "@/server/db/client";
import { openBenchDatabase } from "./lib/bench-database";
import { loadReactions, REACTIONS_PER_REPLY } from "./lib/reaction-data";

async function main() {
  const database = await openBenchDatabase({ poolSize: 2 });
  try {
    // As the server would at start: a database from before reactions gets their tables.
    await database.migrate();
    const [replies] = await queryRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from discussion_replies`,
    );
    const count = Number(process.argv[2] ?? REACTIONS_PER_REPLY * (replies?.count ?? 0));
    await loadReactions(database.db, count);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
