// The forum's categories (issue 41, docs/decisions/066): read by the forum, the blog, the CMS
// and the feeds; who may start a discussion in one is decided here, for every path that puts
// a discussion into a category (create, an author's edit, a move, the release of a held post).
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { HttpError } from "@/server/lib/http-error";
import type { Category } from "@/shared/api-types";
import {
  CATEGORY_LIMITS,
  CATEGORY_NOT_FOUND,
  CATEGORY_SLUG_PATTERN,
  HELD_IN_STAFF_ONLY_CATEGORY,
  STAFF_ONLY_CATEGORY,
} from "@/shared/categories";
import { can, type Role, roleOrDefault } from "@/shared/permissions";
import { CHOOSE_A_CATEGORY } from "@/shared/schemas";

type CategoryRow = {
  id: string;
  slug: string;
  name: string;
  description: string;
  colour: string;
  position: number;
  staff_only: boolean;
  discussions_count: number;
};

const COLUMNS = sql`id, slug, name, description, colour, position, staff_only, discussions_count`;

function toCategory(row: CategoryRow): Category {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    colour: row.colour,
    position: Number(row.position),
    staffOnly: row.staff_only,
    discussions: Number(row.discussions_count),
  };
}

/** Every category in its order (position, then name): a handful of rows. */
export async function listCategories(db: Db): Promise<Category[]> {
  const rows = await queryRows<CategoryRow>(
    db,
    sql`select ${COLUMNS} from categories order by position, lower(name), id`,
  );
  return rows.map(toCategory);
}

/** The category with this slug, or null (also for what cannot be a slug, such as a NUL). */
export async function findCategoryBySlug(db: Db, slug: string): Promise<Category | null> {
  if (slug.length > CATEGORY_LIMITS.slug || !CATEGORY_SLUG_PATTERN.test(slug)) return null;
  const [row] = await queryRows<CategoryRow>(
    db,
    sql`select ${COLUMNS} from categories where slug = ${slug}`,
  );
  return row ? toCategory(row) : null;
}

/** The category with this id, or null. */
export async function findCategoryById(db: Db, id: string): Promise<Category | null> {
  const [row] = await queryRows<CategoryRow>(
    db,
    sql`select ${COLUMNS} from categories where id = ${id}::uuid`,
  );
  return row ? toCategory(row) : null;
}

/** The category a filter or page names, or 404 `Category not found`. */
export async function requireCategory(db: Db, slug: string): Promise<Category> {
  const category = await findCategoryBySlug(db, slug);
  if (!category) throw new HttpError(404, CATEGORY_NOT_FOUND);
  return category;
}

/** Whether a member with `role` may start (or put) a discussion in `category`. */
export function mayStartIn(role: Role, category: Pick<Category, "staffOnly">): boolean {
  return !category.staffOnly || can(role, "startInStaffOnlyCategories");
}

/** 403 with the clear message when `role` may not have a discussion in `category`. */
export function requireMayStartIn(role: Role, category: Pick<Category, "staffOnly">): void {
  if (!mayStartIn(role, category)) {
    throw new HttpError(403, STAFF_ONLY_CATEGORY, { fields: { category: STAFF_ONLY_CATEGORY } });
  }
}

/**
 * The category a form names for a discussion: an unknown slug is the field's error (400
 * `Choose a category`), a staff-only one for a member 403 (docs/product.md §5.6).
 */
export async function categoryToPostIn(db: Db, role: Role, slug: string): Promise<Category> {
  const category = await categoryNamed(db, slug);
  requireMayStartIn(role, category);
  return category;
}

/** The category a form names by its slug; an unknown one is the field's error (400). */
export async function categoryNamed(db: Db, slug: string): Promise<Category> {
  const category = await findCategoryBySlug(db, slug);
  if (!category) {
    throw new HttpError(400, CHOOSE_A_CATEGORY, { fields: { category: CHOOSE_A_CATEGORY } });
  }
  return category;
}

/**
 * A blog post's category as the CMS form names it: a slug, or empty for "Uncategorized"
 * (null). An unknown slug is the field's error.
 */
export async function blogCategoryId(db: Db, slug: string): Promise<string | null> {
  if (slug === "") return null;
  const category = await findCategoryBySlug(db, slug);
  if (!category) {
    throw new HttpError(400, CHOOSE_A_CATEGORY, { fields: { category: CHOOSE_A_CATEGORY } });
  }
  return category.id;
}

/**
 * Releasing a held discussion (docs/decisions/034) puts it in its category as if its author
 * posted it now: refused (403) when the category became staff-only meanwhile and the author
 * is not staff; a moderator moves it first.
 */
export async function requireAuthorMayPostIn(db: Db, discussionId: string): Promise<void> {
  const [row] = await queryRows<{ staff_only: boolean; role: string | null }>(
    db,
    sql`select c.staff_only, ur.role from discussions d
        join categories c on c.id = d.category_id
        left join user_roles ur on ur.user_id = d.author_id
        where d.id = ${discussionId}::uuid`,
  );
  if (row && !mayStartIn(roleOrDefault(row.role), { staffOnly: row.staff_only })) {
    throw new HttpError(403, HELD_IN_STAFF_ONLY_CATEGORY);
  }
}
