// The CMS Tags tab (issue 41, docs/decisions/067): every tag with its count, and staff's
// writes: add a curated tag, rename, merge into another (delete is domain/tags' deleteTag,
// which the Reports queue uses too). The triggers of migration 0037 move the counts; each
// write locks the tag rows it touches, so two staff merging at once cannot both move the same
// discussions.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { HttpError } from "@/server/lib/http-error";
import { startsWithPattern } from "@/server/lib/like-pattern";
import { microsecondText } from "@/server/lib/page-cursor";
import type { CmsTag } from "@/shared/api-types";
import { SAME_TAG, TAG_NAME_TAKEN, TAG_NOT_FOUND } from "@/shared/tags";

type CmsTagRow = {
  id: string;
  name: string;
  discussions_count: number;
  curated: boolean;
  created_at: string;
};

const COLUMNS = sql`id, name, discussions_count, curated,
  ${microsecondText(sql`created_at`)} as created_at`;

const toCmsTag = (row: CmsTagRow): CmsTag => ({
  id: row.id,
  name: row.name,
  discussions: Number(row.discussions_count),
  curated: row.curated,
  createdAt: row.created_at,
});

export const CMS_TAG_PAGE = 100;

/** Tags in name order after `after`, starting with `prefix` when given: a page at a time. */
export async function listCmsTags(
  db: Db,
  options: { prefix?: string; after?: string },
): Promise<{ tags: CmsTag[]; nextAfter: string | null }> {
  const conditions = [sql`true`];
  if (options.prefix) {
    conditions.push(sql`name like ${startsWithPattern(options.prefix)}`);
  }
  if (options.after) conditions.push(sql`name > ${options.after}`);
  const rows = await queryRows<CmsTagRow>(
    db,
    sql`select ${COLUMNS} from tags where ${sql.join(conditions, sql` and `)}
        order by name limit ${CMS_TAG_PAGE + 1}`,
  );
  const page = rows.slice(0, CMS_TAG_PAGE);
  return {
    tags: page.map(toCmsTag),
    nextAfter: rows.length > CMS_TAG_PAGE ? (page.at(-1)?.name ?? null) : null,
  };
}

async function lockTag(tx: Db, id: string): Promise<CmsTagRow | null> {
  const [row] = await queryRows<CmsTagRow>(
    tx,
    sql`select ${COLUMNS} from tags where id = ${id}::uuid for update`,
  );
  return row ?? null;
}

async function tagNamed(tx: Db, name: string): Promise<CmsTagRow | null> {
  const [row] = await queryRows<CmsTagRow>(
    tx,
    sql`select ${COLUMNS} from tags where name = ${name} for update`,
  );
  return row ?? null;
}

/** Adds a curated tag, or makes an existing one curated (listed with no discussion yet). */
export async function addCuratedTag(
  tx: Db,
  actorId: string,
  name: string,
): Promise<{ tag: CmsTag; added: boolean }> {
  const [row] = await queryRows<CmsTagRow & { added: boolean }>(
    tx,
    sql`insert into tags (name, curated, created_by) values (${name}, true, ${actorId})
        on conflict (name) do update set curated = true, updated_at = now()
        returning ${COLUMNS}, (xmax = 0) as added`,
  );
  if (!row) throw new Error("The tag could not be saved");
  return { tag: toCmsTag(row), added: row.added };
}

/** Renames a tag: 404 for none, 409 under `name` when another tag has the name. */
export async function renameTag(
  tx: Db,
  id: string,
  name: string,
): Promise<{ tag: CmsTag; before: string }> {
  const tag = await lockTag(tx, id);
  if (!tag) throw new HttpError(404, TAG_NOT_FOUND);
  const other = await tagNamed(tx, name);
  if (other && other.id !== id) {
    throw new HttpError(409, TAG_NAME_TAKEN, { fields: { name: TAG_NAME_TAKEN } });
  }
  const [row] = await queryRows<CmsTagRow>(
    tx,
    sql`update tags set name = ${name}, updated_at = now() where id = ${id}::uuid
        returning ${COLUMNS}`,
  );
  if (!row) throw new HttpError(404, TAG_NOT_FOUND);
  return { tag: toCmsTag(row), before: tag.name };
}

/**
 * Merges a tag into another (`into`, by name): its discussions take the other tag (a
 * discussion that had both keeps one), and it is deleted. 404 for none; 400 under `into` for
 * an unknown or the same tag.
 */
export async function mergeTag(
  tx: Db,
  id: string,
  into: string,
): Promise<{ tag: CmsTag; merged: string; moved: number }> {
  const tag = await lockTag(tx, id);
  if (!tag) throw new HttpError(404, TAG_NOT_FOUND);
  const target = await tagNamed(tx, into);
  if (!target) throw new HttpError(400, TAG_NOT_FOUND, { fields: { into: TAG_NOT_FOUND } });
  if (target.id === id) throw new HttpError(400, SAME_TAG, { fields: { into: SAME_TAG } });
  const moved = await queryRows<{ discussion_id: string }>(
    tx,
    sql`insert into discussion_tags (discussion_id, tag_id)
        select discussion_id, ${target.id}::uuid from discussion_tags where tag_id = ${id}::uuid
        on conflict do nothing
        returning discussion_id`,
  );
  // Its own rows go with it (on delete cascade), taking their share of its count.
  await tx.execute(sql`delete from tags where id = ${id}::uuid`);
  if (tag.curated)
    await tx.execute(sql`update tags set curated = true where id = ${target.id}::uuid`);
  const [row] = await queryRows<CmsTagRow>(
    tx,
    sql`select ${COLUMNS} from tags where id = ${target.id}::uuid`,
  );
  if (!row) throw new Error("The merged tag could not be read back");
  return { tag: toCmsTag(row), merged: tag.name, moved: moved.length };
}
