// The Online Safety Act records (docs/decisions/076): each save appends a version, numbered
// within its record in the same statement, so two admins saving at once get 1 and 2, never a
// lost write. The current record is its highest version.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { displayName } from "@/server/db/display-name";
import type { OnlineSafetyRecordKey, RecordVersion } from "@/shared/online-safety";

type VersionRow = {
  record_key: string;
  version: number;
  content: unknown;
  saved_at: Date | string;
  saved_by_name: string;
};

function toVersion<Content>(row: VersionRow): RecordVersion<Content> {
  return {
    version: Number(row.version),
    content: row.content as Content,
    savedAt: new Date(row.saved_at).toISOString(),
    savedByName: row.saved_by_name,
  };
}

/**
 * JSON for a jsonb column. A text column stores half a surrogate pair as U+FFFD (the driver's
 * UTF-8); JSON.stringify writes it as `\ud800`, which jsonb refuses: make it U+FFFD the same.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function storedJson(content: object): string {
  return JSON.stringify(content, (_key, value: unknown) =>
    typeof value === "string" ? value.replace(LONE_SURROGATE, "\ufffd") : value,
  );
}

/** Appends `content` as the record's next version, saved by `saverId`; returns it. */
export async function saveRecordVersion<Content extends object>(
  db: Db,
  key: OnlineSafetyRecordKey,
  content: Content,
  saverId: string,
): Promise<RecordVersion<Content>> {
  // The unique (record_key, version) index turns a concurrent save's clash into an error the
  // caller retries once, with the next number.
  for (let attempt = 1; ; attempt++) {
    try {
      const [row] = await queryRows<VersionRow>(
        db,
        sql`insert into online_safety_record_versions
              (record_key, version, content, saved_by, saved_by_name)
            select ${key},
              coalesce((select max(version) from online_safety_record_versions
                        where record_key = ${key}), 0) + 1,
              ${storedJson(content)}::jsonb, ${saverId},
              coalesce((select ${displayName(sql`p.full_name`, sql`p.email`)} from profiles p
                         where p.id = ${saverId}), 'Unknown')
            returning record_key, version, content, saved_at, saved_by_name`,
      );
      if (!row) throw new Error("saving an online safety record returned no row");
      return toVersion<Content>(row);
    } catch (error) {
      if (attempt >= 3 || (error as { code?: unknown })?.code !== "23505") throw error;
    }
  }
}

/** The newest version of every record, by key. */
export async function currentRecords(db: Db): Promise<Map<string, RecordVersion<unknown>>> {
  const rows = await queryRows<VersionRow>(
    db,
    sql`select distinct on (record_key) record_key, version, content, saved_at, saved_by_name
        from online_safety_record_versions
        order by record_key, version desc`,
  );
  return new Map(rows.map((row) => [row.record_key, toVersion(row)]));
}

/** Every version of one record, newest first. */
export async function recordVersions(
  db: Db,
  key: OnlineSafetyRecordKey,
): Promise<RecordVersion<unknown>[]> {
  const rows = await queryRows<VersionRow>(
    db,
    sql`select record_key, version, content, saved_at, saved_by_name
        from online_safety_record_versions
        where record_key = ${key}
        order by version desc`,
  );
  return rows.map((row) => toVersion(row));
}

/** Every version of every record, by key then newest first: the whole set for a regulator. */
export async function allRecordVersions(db: Db): Promise<Map<string, RecordVersion<unknown>[]>> {
  const rows = await queryRows<VersionRow>(
    db,
    sql`select record_key, version, content, saved_at, saved_by_name
        from online_safety_record_versions
        order by record_key, version desc`,
  );
  const byKey = new Map<string, RecordVersion<unknown>[]>();
  for (const row of rows) {
    const list = byKey.get(row.record_key) ?? [];
    list.push(toVersion(row));
    byKey.set(row.record_key, list);
  }
  return byKey;
}
