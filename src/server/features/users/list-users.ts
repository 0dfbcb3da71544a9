// The CMS Users tab's list (SPEC §7 "Admin user list"): every account with its role, newest
// first, a page at a time, searchable by name or email. Admins only, so emails are shown.
import { type SQL, sql } from "drizzle-orm";
import type { AdminUser } from "../../../shared/api-types";
import { roleOrDefault } from "../../../shared/permissions";
import { type Db, queryRows } from "../../db/client";
import { displayNameOf } from "../../lib/member-privacy";
import { microsecondText, nextTimeCursor, type TimeCursor } from "../../lib/time-cursor";

type UserRow = {
  id: string;
  email: string;
  full_name: string | null;
  avatar_url: string | null;
  role: string | null;
  created_at: string;
  cursorAt: string;
  total?: number;
};

/** `%term%` for ILIKE with the admin's own %, _ and \ taken literally. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

const selectUsers = sql`select p.id, p.email, p.full_name, p.avatar_url, r.role,
    ${microsecondText(sql`p.created_at`)} as created_at,
    ${microsecondText(sql`p.created_at`)} as "cursorAt"`;

const fromUsers = sql`from profiles p left join user_roles r on r.user_id = p.id`;

export function toAdminUser(row: Omit<UserRow, "cursorAt">): AdminUser {
  return {
    id: row.id,
    email: row.email,
    fullName: row.full_name,
    displayName: displayNameOf(row.full_name, row.email),
    avatarUrl: row.avatar_url,
    // SPEC §7: the role defaults to user.
    role: roleOrDefault(row.role),
    createdAt: row.created_at,
  };
}

export async function listUsers(
  db: Db,
  query: { search: string; limit: number; cursor: TimeCursor | null },
): Promise<{ users: AdminUser[]; nextCursor: string | null; total: number | null }> {
  const conditions: SQL[] = [];
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(sql`(p.full_name ilike ${pattern} or p.email ilike ${pattern})`);
  }
  if (query.cursor) {
    conditions.push(
      sql`(p.created_at, p.id) < (${query.cursor.at}::timestamptz, ${query.cursor.id})`,
    );
  }
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  // The first page says how many accounts match in all.
  const total = query.cursor ? sql`` : sql`, count(*) over ()::int as total`;
  const rows = await queryRows<UserRow>(
    db,
    sql`${selectUsers}${total} ${fromUsers} ${where}
        order by p.created_at desc, p.id desc limit ${query.limit + 1}`,
  );
  return {
    users: rows.slice(0, query.limit).map(toAdminUser),
    nextCursor: nextTimeCursor(rows, query.limit),
    total: query.cursor ? null : Number(rows[0]?.total ?? 0),
  };
}

export async function findAdminUser(db: Db, id: string): Promise<AdminUser | null> {
  const [row] = await queryRows<UserRow>(db, sql`${selectUsers} ${fromUsers} where p.id = ${id}`);
  return row ? toAdminUser(row) : null;
}
