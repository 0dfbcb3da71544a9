// The one codec for keyset page cursors: a base64url JSON array of the last row's sort key
// items. A cursor comes back from the client, so decoding checks each item's type and range
// against what the database will take (a real calendar date, a count within an int, an id of
// the list's shape, text without NUL): anything else is a 400, never SQL that the database
// refuses with an error (a 500 that logged the forged values). Lists sorted newest first by
// (timestamp, id) share one cursor shape, TimeCursor; the others declare their items below.
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { HttpError } from "./http-error";

/** Checks one decoded item; returns it (typed) when valid, undefined when not. */
export type CursorItem<T> = (value: unknown) => T | undefined;

export const INVALID_CURSOR = "Invalid page cursor";

/** The `cursor` query parameter of every list; too long to be one of ours is a 400 at once. */
export const cursorParam = z.string().max(1_000, INVALID_CURSOR).optional();

export function encodeCursor(items: ReadonlyArray<string | number>): string {
  return Buffer.from(JSON.stringify(items)).toString("base64url");
}

type Items<T extends readonly unknown[]> = { readonly [K in keyof T]: CursorItem<T[K]> };

/** The cursor's items, each checked by its own kind; throws 400 for anything else. */
export function decodeCursor<T extends readonly unknown[]>(
  value: string,
  kinds: Items<T>,
  message = INVALID_CURSOR,
): T {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
  } catch {
    parsed = undefined;
  }
  if (Array.isArray(parsed) && parsed.length === kinds.length) {
    const items = kinds.map((kind, index) => kind(parsed[index]));
    if (items.every((item) => item !== undefined)) return items as unknown as T;
  }
  throw new HttpError(400, message, { fields: { cursor: message } });
}

// PostgreSQL's timestamptz text (`2026-01-02 03:04:05.678901+00`, offset minutes optional) or
// ISO 8601 in UTC (`2026-01-02T03:04:05.678901Z`); at most microseconds, as the database keeps.
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:Z|[+-](\d{2})(?::(\d{2}))?)$/;

/** Days in a month (1-12); years below 100 map to 19xx, which have the same leap years. */
function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A timestamp as the lists send it, on the calendar (no 13th month, no 30 February). */
export const timestampItem: CursorItem<string> = (value) => {
  if (typeof value !== "string") return undefined;
  const match = TIMESTAMP.exec(value);
  if (!match) return undefined;
  const [
    year = 0,
    month = 0,
    day = 0,
    hour = 0,
    minute = 0,
    second = 0,
    offHours = 0,
    offMinutes = 0,
  ] = match.slice(1).map((part) => Number(part ?? 0));
  const onCalendar =
    year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month);
  const onClock = hour <= 23 && minute <= 59 && second <= 59;
  return onCalendar && onClock && offHours <= 14 && offMinutes <= 59 ? value : undefined;
};

/** An id matching the list's id shape (a UUID, better-auth's text ids). */
export function idItem(pattern: RegExp): CursorItem<string> {
  return (value) => (typeof value === "string" && pattern.test(value) ? value : undefined);
}

/** A non-negative count as PostgreSQL's int prints it: digits, at most 2^31 - 1. */
export const countItem: CursorItem<string> = (value) =>
  typeof value === "string" && /^(0|[1-9]\d{0,9})$/.test(value) && Number(value) <= 2 ** 31 - 1
    ? value
    : undefined;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Text PostgreSQL can hold (no NUL, no half of a surrogate pair), up to `maxLength`. */
export function textItem(maxLength: number): CursorItem<string> {
  return (value) =>
    typeof value === "string" &&
    value.length <= maxLength &&
    !value.includes("\u0000") &&
    !LONE_SURROGATE.test(value)
      ? value
      : undefined;
}

/** A boolean sent as 0 or 1. */
export const flagItem: CursorItem<boolean> = (value) =>
  value === 0 || value === 1 ? value === 1 : undefined;

// Lists sorted newest first by (timestamp, id): blog posts, the staff lists (CMS blog posts,
// users, inbox). The timestamp travels with PostgreSQL's microseconds (a JS Date keeps only
// milliseconds, which would skip or repeat rows created in the same millisecond).

export type TimeCursor = { at: string; id: string };

/** A timestamptz column as text to the microsecond, in UTC: what cursors carry. */
export function microsecondText(column: SQL): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

export function encodeTimeCursor(cursor: TimeCursor): string {
  return encodeCursor([cursor.at, cursor.id]);
}

/** Throws 400 for anything encodeTimeCursor did not make (ids must match `idPattern`). */
export function decodeTimeCursor(value: string, idPattern: RegExp): TimeCursor {
  const [at, id] = decodeCursor<[string, string]>(value, [timestampItem, idItem(idPattern)]);
  return { at, id };
}

/**
 * `where` for the rows after `cursor` in newest-first (created_at, id) order of a table with
 * UUID ids (the list's index answers the row comparison); nothing on the first page.
 */
export function whereAfterTimeCursor(cursor: TimeCursor | null): SQL {
  return cursor ? sql`where ${afterTimeCursor(cursor)}` : sql``;
}

/**
 * The rows after `cursor` in newest-first (created_at, id) order, for a table with UUID ids
 * aliased `table` in the query (a name in our code, never input), or unqualified: a row
 * comparison its index answers.
 */
export function afterTimeCursor(cursor: TimeCursor, table?: string): SQL {
  const prefix = table ? sql.raw(`${table}.`) : sql``;
  return sql`(${prefix}created_at, ${prefix}id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
}

/** The next page's cursor: made from the last row shown when more rows exist. */
export function nextTimeCursor<Row extends { cursorAt: string; id: string }>(
  rows: Row[],
  limit: number,
): string | null {
  const last = rows[limit - 1];
  return rows.length > limit && last ? encodeTimeCursor({ at: last.cursorAt, id: last.id }) : null;
}

/** `cursor` and `limit` query parameters of a staff list. */
export function pageQuerySchema(defaultLimit = 20, maxLimit = 50) {
  const limitMessage = `Limit must be a number from 1 to ${maxLimit}`;
  return z.object({
    cursor: cursorParam,
    limit: z.coerce
      .number({ error: limitMessage })
      .int(limitMessage)
      .min(1, limitMessage)
      .max(maxLimit, limitMessage)
      .default(defaultLimit),
  });
}
