// The display name rule (docs/product.md §3.4), written once for every query that names a member
// and for the indexes that sort and filter by it: the full name; else the part of the email
// before the @; else 'Anonymous' (a discussion whose author's account is gone). The result is
// the same SQL text wherever it is used, so that PostgreSQL matches the expression indexes
// (profiles_public_name_idx, profiles_display_name_idx) to the queries.
import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { ANONYMOUS_NAME } from "@/shared/constants";

type Operand = SQL | AnyColumn;

// A literal, not a bound parameter: an index expression holds no parameters, and the query's
// expression must read the same as the index's to use it.
const ANONYMOUS = sql.raw(`'${ANONYMOUS_NAME.replaceAll("'", "''")}'`);

/** A member's name as others see it, from their profile's full name and email. */
export function displayName(fullName: Operand, email: Operand): SQL<string> {
  return sql<string>`coalesce(nullif(btrim(${fullName}), ''), nullif(split_part(${email}, '@', 1), ''), ${ANONYMOUS})`;
}

/** The display name in lower case: the directory's name order and the forum's author filter. */
export function displayNameKey(fullName: Operand, email: Operand): SQL<string> {
  return sql<string>`lower(${displayName(fullName, email)})`;
}
