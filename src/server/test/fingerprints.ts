import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";

/**
 * Every app table's row count and a checksum of its rows (in a fixed order): two databases
 * with equal fingerprints hold the same rows.
 */
export async function fingerprints(db: Db): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ count: number; checksum: string }>(
      db,
      sql.raw(`select count(*)::int as count,
        coalesce(md5(string_agg(md5(t::text), ',' order by md5(t::text))), '') as checksum
        from "${name}" t`),
    );
    result[name] = `${row?.count} ${row?.checksum}`;
  }
  return result;
}
