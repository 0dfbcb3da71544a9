// The CMS Users tab's list (docs/product.md §7 "Admin user list"): every account with its role, newest
// first, a page at a time, searchable by name or email. Admins only, so emails are shown.
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { displayName } from "@/server/db/display-name";
import { containsPattern } from "@/server/lib/like-pattern";
import { microsecondText, nextTimeCursor, type TimeCursor } from "@/server/lib/page-cursor";
import type { AdminUser } from "@/shared/api-types";
import { roleOrDefault } from "@/shared/permissions";

type UserRow = {
  id: string;
  email: string;
  full_name: string | null;
  display_name: string;
  avatar_url: string | null;
  role: string | null;
  second_factor: boolean;
  created_at: string;
  cursorAt: string;
};

/**
 * The page's profiles come first (read in order from profiles_created_idx, stopping after the
 * page), and only those rows are joined with their roles.
 */
function selectUsers(pageOfProfiles: SQL): SQL {
  return sql`select p.id, p.email, p.full_name, p.avatar_url, r.role,
      ${displayName(sql`p.full_name`, sql`p.email`)} as display_name,
      (u.two_factor_enabled or exists (select 1 from passkey k where k.user_id = p.id))
        as second_factor,
      ${microsecondText(sql`p.created_at`)} as created_at,
      ${microsecondText(sql`p.created_at`)} as "cursorAt"
    from (${pageOfProfiles}) p
    left join user_roles r on r.user_id = p.id
    left join "user" u on u.id = p.id
    order by p.created_at desc, p.id desc`;
}

export function toAdminUser(row: Omit<UserRow, "cursorAt">): AdminUser {
  return {
    id: row.id,
    email: row.email,
    fullName: row.full_name,
    displayName: row.display_name,
    avatarUrl: row.avatar_url,
    // docs/product.md §7: the role defaults to user.
    role: roleOrDefault(row.role),
    secondFactor: row.second_factor === true,
    createdAt: row.created_at,
  };
}

export async function listUsers(
  db: Db,
  query: { search: string; limit: number; cursor: TimeCursor | null },
): Promise<{ users: AdminUser[]; nextCursor: string | null; total: number | null }> {
  const conditions: SQL[] = [];
  if (query.search) {
    // Each side can use its trigram index (profiles_full_name_trgm_idx, profiles_email_trgm_idx).
    const pattern = containsPattern(query.search);
    conditions.push(sql`(full_name ilike ${pattern} or email ilike ${pattern})`);
  }
  const matching = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  if (query.cursor) {
    conditions.push(sql`(created_at, id) < (${query.cursor.at}::timestamptz, ${query.cursor.id})`);
  }
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const rows = await queryRows<UserRow>(
    db,
    selectUsers(sql`select * from profiles ${where}
      order by created_at desc, id desc limit ${query.limit + 1}`),
  );
  // The first page says how many accounts match in all: a count of its own, since a window
  // count would build every matching row before the limit.
  let total: number | null = null;
  if (!query.cursor) {
    const [counted] = await queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from profiles ${matching}`,
    );
    total = Number(counted?.total ?? 0);
  }
  return {
    users: rows.slice(0, query.limit).map(toAdminUser),
    nextCursor: nextTimeCursor(rows, query.limit),
    total,
  };
}

export async function findAdminUser(db: Db, id: string): Promise<AdminUser | null> {
  const [row] = await queryRows<UserRow>(
    db,
    selectUsers(sql`select * from profiles where id = ${id}`),
  );
  return row ? toAdminUser(row) : null;
}
