// Keyset cursor for the forum list: the sort key (is_pinned, created_at, id) of the last item
// shown. The next page starts strictly after it, so discussions created meanwhile (which sort
// before it) never shift the pages: no duplicates, no gaps.
import { HttpError } from "../../lib/http-error";

export type DiscussionCursor = {
  isPinned: boolean;
  /** created_at with PostgreSQL's microseconds, as SQL returned it (ISO 8601, UTC). */
  createdAt: string;
  id: string;
};

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeCursor(cursor: DiscussionCursor): string {
  return Buffer.from(
    JSON.stringify([cursor.isPinned ? 1 : 0, cursor.createdAt, cursor.id]),
  ).toString("base64url");
}

/** Throws 400 for anything encodeCursor did not make. */
export function decodeCursor(value: string): DiscussionCursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (Array.isArray(parsed) && parsed.length === 3) {
      const [pinned, createdAt, id] = parsed;
      if (
        (pinned === 0 || pinned === 1) &&
        typeof createdAt === "string" &&
        TIMESTAMP_PATTERN.test(createdAt) &&
        typeof id === "string" &&
        UUID_PATTERN.test(id)
      ) {
        return { isPinned: pinned === 1, createdAt, id };
      }
    }
  } catch {
    // Falls through to the 400 below.
  }
  throw new HttpError(400, "Invalid cursor", { fields: { cursor: "Invalid cursor" } });
}
