// The CMS Categories tab's writes (issue 41, docs/decisions/066): add, change, and delete
// after moving a category's discussions and blog posts to another one.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { findCategoryById } from "@/server/domain/categories/categories";
import { HttpError } from "@/server/lib/http-error";
import type { Category } from "@/shared/api-types";
import type { CategoryValues } from "@/shared/categories";
import { LAST_CATEGORY, SAME_CATEGORY } from "@/shared/categories";
import { CHOOSE_A_CATEGORY } from "@/shared/schemas";

export const CATEGORY_TAKEN = {
  slug: "Another category already has this slug.",
  name: "Another category already has this name.",
};

/** 409 under the field another category already holds (name in any case, or slug). */
async function refuseTaken(db: Db, values: CategoryValues, exceptId: string | null) {
  const [row] = await queryRows<{ slug_taken: boolean; name_taken: boolean }>(
    db,
    sql`select
          exists (select 1 from categories where slug = ${values.slug}
            and id is distinct from ${exceptId}::uuid) as slug_taken,
          exists (select 1 from categories where lower(name) = lower(${values.name})
            and id is distinct from ${exceptId}::uuid) as name_taken`,
  );
  const field = row?.slug_taken ? "slug" : row?.name_taken ? "name" : null;
  if (field)
    throw new HttpError(409, CATEGORY_TAKEN[field], { fields: { [field]: CATEGORY_TAKEN[field] } });
}

export async function insertCategory(db: Db, values: CategoryValues): Promise<Category> {
  await refuseTaken(db, values, null);
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into categories (slug, name, description, colour, position, staff_only)
        values (${values.slug}, ${values.name}, ${values.description}, ${values.colour},
          ${values.position}, ${values.staffOnly})
        returning id`,
  );
  const category = row ? await findCategoryById(db, row.id) : null;
  if (!category) throw new Error("The new category could not be read back");
  return category;
}

/** Null when there is no such category. */
export async function updateCategory(
  db: Db,
  id: string,
  values: CategoryValues,
): Promise<Category | null> {
  await refuseTaken(db, values, id);
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`update categories set slug = ${values.slug}, name = ${values.name},
          description = ${values.description}, colour = ${values.colour},
          position = ${values.position}, staff_only = ${values.staffOnly}, updated_at = now()
        where id = ${id}::uuid
        returning id`,
  );
  return row ? findCategoryById(db, row.id) : null;
}

/**
 * Deletes a category after moving its discussions (every status: a restored one needs a
 * category) and blog posts to `moveToSlug`'s (issue 41: deleting asks where they go). The
 * last category stays (409). False when there is no such category.
 */
export async function deleteCategory(
  db: Db,
  id: string,
  moveToSlug: string,
  log: (tx: Db, name: string) => Promise<unknown>,
): Promise<boolean> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // Locks every category: two deletes at once cannot leave none.
    const all = await queryRows<{
      id: string;
      slug: string;
      name: string;
      discussions_count: number;
    }>(tx, sql`select id, slug, name, discussions_count from categories order by id for update`);
    const deleted = all.find((row) => row.id === id);
    if (!deleted) return false;
    if (all.length === 1) throw new HttpError(409, LAST_CATEGORY);
    const target = all.find((row) => row.slug === moveToSlug);
    if (!target)
      throw new HttpError(400, CHOOSE_A_CATEGORY, { fields: { moveTo: CHOOSE_A_CATEGORY } });
    if (target.id === id)
      throw new HttpError(400, SAME_CATEGORY, { fields: { moveTo: SAME_CATEGORY } });
    // One statement, counted once (migration 0040): the row trigger, which would update the
    // two categories rows once per discussion, stands aside for this transaction, and the
    // target takes the deleted category's count (its active discussions', read under the lock).
    await tx.execute(sql`select set_config('rant.moving_category', 'on', true)`);
    await tx.execute(
      sql`update discussions set category_id = ${target.id}::uuid where category_id = ${id}::uuid`,
    );
    await tx.execute(sql`select set_config('rant.moving_category', '', true)`);
    await tx.execute(
      sql`update categories set discussions_count = discussions_count + ${deleted.discussions_count}
          where id = ${target.id}::uuid`,
    );
    await tx.execute(
      sql`update blog_posts set category_id = ${target.id}::uuid where category_id = ${id}::uuid`,
    );
    await tx.execute(sql`delete from categories where id = ${id}::uuid`);
    await log(tx, `Deleted ${deleted.name}; its discussions moved to ${target.name}`);
    return true;
  });
}
