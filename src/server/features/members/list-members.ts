// The members directory: one SQL query per page (profiles, their roles and active discussion
// counts together; never a query per member) plus the total on the first page, keyset-paginated
// so that page 400 costs what page 1 costs. Only public profiles are listed (docs/product.md §6).
import { type SQL, sql } from "drizzle-orm";
import type { Viewer } from "@/server/auth/viewer";
import { type Db, queryRows } from "@/server/db/client";
import { displayName, displayNameKey } from "@/server/db/display-name";
import { TEXT_ID } from "@/server/lib/ids";
import { containsPattern } from "@/server/lib/like-pattern";
import { emailFor } from "@/server/lib/member-privacy";
import {
  type CursorItem,
  countItem,
  decodeCursor as decodePageCursor,
  encodeCursor as encodePageCursor,
  idItem,
  textItem,
  timestampItem,
} from "@/server/lib/page-cursor";
import type { MemberSummary } from "@/shared/api-types";
import type { MemberSort } from "@/shared/constants";
import { can, DEFAULT_ROLE, type Role, roleOrDefault } from "@/shared/permissions";

export type MemberListQuery = {
  search: string;
  role: Role | null;
  sort: MemberSort;
  cursor: string | null;
  limit: number;
};

type MemberRow = {
  id: string;
  email: string;
  full_name: string | null;
  display_name: string;
  avatar_url: string | null;
  bio: string | null;
  location: string | null;
  is_public: boolean;
  role: string | null;
  discussions_count: number;
  created_at: Date | string;
  last_active_at: Date | string | null;
  /** The row's sort key as text, exactly as the database compares it. */
  sort_key: string;
  /** Matches of the whole query; only asked for on the first page. */
  total?: number;
};

/**
 * Each sort's key and direction; ties are broken by id in the same direction, so a row
 * comparison `(key, id) < (cursor key, cursor id)` continues where the last page stopped.
 * The key expressions match the indexes in db/schema.ts (profiles_public_*_idx).
 */
const SORTS: Record<MemberSort, { key: SQL; descending: boolean; cast: SQL }> = {
  recent: {
    key: sql`coalesce(p.last_active_at, p.created_at)`,
    descending: true,
    cast: sql`timestamptz`,
  },
  oldest: { key: sql`p.created_at`, descending: false, cast: sql`timestamptz` },
  discussions: { key: sql`p.discussions_count`, descending: true, cast: sql`int` },
  name: {
    key: displayNameKey(sql`p.full_name`, sql`p.email`),
    descending: false,
    cast: sql`text`,
  },
};

type Cursor = { key: string; id: string };

/** What each sort's key may be, as PostgreSQL prints it: checked before it is cast back. */
const KEY_ITEMS: Record<MemberSort, CursorItem<string>> = {
  recent: timestampItem,
  oldest: timestampItem,
  discussions: countItem,
  // A display name (full name, at most LIMITS.name, or an email's local part) in lower case.
  name: textItem(300),
};

export function encodeCursor(cursor: Cursor): string {
  return encodePageCursor([cursor.key, cursor.id]);
}

/** Throws 400 for anything encodeCursor did not make for this sort. */
export function decodeCursor(value: string, sort: MemberSort): Cursor {
  const [key, id] = decodePageCursor<[string, string]>(value, [KEY_ITEMS[sort], idItem(TEXT_ID)]);
  return { key, id };
}

function searchCondition(search: string, viewer: Viewer | null): SQL | null {
  if (!search) return null;
  const pattern = containsPattern(search);
  const fields = [sql`p.full_name`, sql`p.bio`, sql`p.location`];
  // Only admins may find members by email (docs/architecture.md: emails are shown to admins only).
  if (can(viewer?.role, "seePrivateMemberData")) fields.push(sql`p.email`);
  return sql`(${sql.join(
    fields.map((field) => sql`${field} ilike ${pattern}`),
    sql` or `,
  )})`;
}

/**
 * A member without a role row is a `user`. Spelled without coalesce(), which hid the role's
 * statistics from the planner: it then joined every profile to every role and sorted them
 * (20 ms at 10,000 members). Other roles, a few members each, come from the role index;
 * `user`, nearly everyone, is read along the sort's own index.
 */
function roleCondition(role: Role | null): SQL | null {
  if (!role) return null;
  return role === DEFAULT_ROLE ? sql`(r.role = ${role} or r.role is null)` : sql`r.role = ${role}`;
}

function keysetCondition(sort: MemberSort, cursor: Cursor | null): SQL | null {
  if (!cursor) return null;
  const { key, descending, cast } = SORTS[sort];
  const comparison = descending ? sql`<` : sql`>`;
  return sql`(${key}, p.id) ${comparison} (cast(${cursor.key} as ${cast}), ${cursor.id})`;
}

export type MemberListResult = {
  members: MemberSummary[];
  nextCursor: string | null;
  total: number | null;
};

export async function listMembers(
  db: Db,
  viewer: Viewer | null,
  query: MemberListQuery,
): Promise<MemberListResult> {
  const cursor = query.cursor ? decodeCursor(query.cursor, query.sort) : null;
  const { key, descending } = SORTS[query.sort];
  const direction = descending ? sql`desc` : sql`asc`;

  const filters = [
    sql`p.is_public`,
    searchCondition(query.search, viewer),
    roleCondition(query.role),
  ].filter((condition): condition is SQL => condition !== null);
  const keyset = keysetCondition(query.sort, cursor);
  const conditions = keyset ? [...filters, keyset] : filters;

  // The count is a column kept by a trigger (migration 0005), so every sort reads one page of
  // its index and stops. The first page also says how many members match in all (docs/product.md: '{n}
  // member(s) found'): a scalar subquery, computed once, in the same round trip. As a window
  // function over the page it made PostgreSQL build every matching row before the limit.
  const where = sql.join(conditions, sql` and `);
  const totalColumn = cursor ? sql`` : sql`, (${totalQuery(query, filters)})::int as total`;
  const rows = await queryRows<MemberRow>(
    db,
    sql`select p.id, p.email, p.full_name, p.avatar_url, p.bio, p.location, p.is_public,
          ${displayName(sql`p.full_name`, sql`p.email`)} as display_name,
          p.created_at, p.last_active_at, r.role, p.discussions_count,
          (${key})::text as sort_key
          ${totalColumn}
        from profiles p
        left join user_roles r on r.user_id = p.id
        where ${where}
        order by ${key} ${direction}, p.id ${direction}
        limit ${query.limit + 1}`,
  );
  // No row on the first page: nothing matches.
  const total = cursor ? null : Number(rows[0]?.total ?? 0);

  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    members: page.map((row) => toMemberSummary(row, viewer)),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor({ key: last.sort_key, id: last.id }) : null,
    total,
  };
}

/**
 * How many public members match. Without a search this is the counters table that triggers
 * keep per role (migration 0006), not a pass over every profile; a search counts its matches
 * through the trigram indexes.
 */
function totalQuery(query: MemberListQuery, filters: SQL[]): SQL {
  if (query.search) {
    return sql`select count(*) from profiles p
      left join user_roles r on r.user_id = p.id
      where ${sql.join(filters, sql` and `)}`;
  }
  return sql`select coalesce(sum(public_members), 0) from member_counts
    ${query.role ? sql`where role = ${query.role}` : sql``}`;
}

function isoTime(value: Date | string): string {
  return new Date(value).toISOString();
}

function toMemberSummary(row: MemberRow, viewer: Viewer | null): MemberSummary {
  return {
    id: row.id,
    displayName: row.display_name,
    email: emailFor(viewer, row.id, row.email),
    avatarUrl: row.avatar_url,
    bio: row.bio,
    location: row.location,
    role: roleOrDefault(row.role),
    isPublic: row.is_public,
    discussionsCount: Number(row.discussions_count),
    createdAt: isoTime(row.created_at),
    lastActiveAt: row.last_active_at === null ? null : isoTime(row.last_active_at),
  };
}
