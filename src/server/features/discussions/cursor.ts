// Keyset cursor for the forum list: the sort key (is_pinned, created_at, id) of the last item
// shown. The next page starts strictly after it, so discussions created meanwhile (which sort
// before it) never shift the pages: no duplicates, no gaps.
import {
  decodeCursor as decodePageCursor,
  encodeCursor as encodePageCursor,
  flagItem,
  idItem,
  timestampItem,
} from "../../lib/page-cursor";

export type DiscussionCursor = {
  isPinned: boolean;
  /** created_at with PostgreSQL's microseconds, as SQL returned it (ISO 8601, UTC). */
  createdAt: string;
  id: string;
};

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(cursor: DiscussionCursor): string {
  return encodePageCursor([cursor.isPinned ? 1 : 0, cursor.createdAt, cursor.id]);
}

/** Throws 400 for anything encodeCursor did not make. */
export function decodeCursor(value: string): DiscussionCursor {
  const [isPinned, createdAt, id] = decodePageCursor<[boolean, string, string]>(value, [
    flagItem,
    timestampItem,
    idItem(UUID_PATTERN),
  ]);
  return { isPinned, createdAt, id };
}
