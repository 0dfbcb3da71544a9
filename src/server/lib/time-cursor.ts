// Keyset cursors for lists sorted newest first by (timestamp, id): the staff lists (CMS blog
// posts, users, inbox). The timestamp travels with PostgreSQL's microseconds (a JS Date keeps
// only milliseconds, which would skip or repeat rows created in the same millisecond).
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { decodeCursor, encodeCursor, INVALID_CURSOR, idItem, timestampItem } from "./page-cursor";

export type TimeCursor = { at: string; id: string };

export const UUID_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** better-auth's user ids. */
export const TEXT_ID = /^[A-Za-z0-9_-]{1,100}$/;

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
    cursor: z.string().max(300, INVALID_CURSOR).optional(),
    limit: z.coerce
      .number({ error: limitMessage })
      .int(limitMessage)
      .min(1, limitMessage)
      .max(maxLimit, limitMessage)
      .default(defaultLimit),
  });
}
