// Bookmarks (issue 42, docs/decisions/072): a member's own marks on discussions and replies, with
// a note and a reminder. The rules and messages both sides validate with, and the API's shapes.
import { cleanText } from "./schemas";
import { z } from "./zod";

export const BOOKMARK_NOTE_MAX = 500;
export const BOOKMARKS_PAGE_SIZE = 20;

export const BOOKMARK_NOT_FOUND = "Bookmark not found";
export const NOTE_TOO_LONG = `Note is too long (max ${BOOKMARK_NOTE_MAX} characters)`;
export const INVALID_REMINDER = "Choose a valid date and time for the reminder";
export const REMINDER_IN_THE_PAST = "Choose a reminder time in the future";
/** What a bookmark shows of a post the member may no longer read at all (held, gone). */
export const NO_LONGER_AVAILABLE = "No longer available";

const noteField = z
  .string({ error: NOTE_TOO_LONG })
  .overwrite(cleanText)
  .max(BOOKMARK_NOTE_MAX, NOTE_TOO_LONG);

/** An instant with its offset (the browser sends its local time as UTC); null: no reminder. */
const remindAtField = z.iso.datetime({ offset: true, error: INVALID_REMINDER }).nullable();

/** POST /api/bookmarks: a discussion (no reply) or one of its replies; again is an update. */
export const bookmarkCreateSchema = z.object({
  discussionId: z.string({ error: "Discussion not found" }).max(100),
  replyId: z.string().max(100).nullable().optional(),
  note: noteField.optional(),
  remindAt: remindAtField.optional(),
});
export type BookmarkCreateInput = z.input<typeof bookmarkCreateSchema>;

/** PATCH /api/bookmarks/{id}: what is sent changes; an empty note removes it. */
export const bookmarkUpdateSchema = z.object({
  note: noteField.optional(),
  remindAt: remindAtField.optional(),
});
export type BookmarkUpdateInput = z.input<typeof bookmarkUpdateSchema>;

/** Whether a reminder time is still to come (checked when it is set or changed). */
export function reminderIsAhead(remindAt: string, now = Date.now()): boolean {
  return new Date(remindAt).getTime() > now;
}

/** A bookmark as the discussion page knows it: which post, the note and the reminder. */
export type BookmarkMark = {
  id: string;
  discussionId: string;
  replyId: string | null;
  note: string | null;
  remindAt: string | null;
};

/** GET /api/discussions/{id}/bookmarks: the member's bookmarks in that discussion. */
export type DiscussionBookmarks = { bookmarks: BookmarkMark[] };

/** One entry of /bookmarks, as the visibility rule lets its member read the post now. */
export type BookmarkItem = BookmarkMark & {
  remindedAt: string | null;
  createdAt: string;
  /** The discussion's title, or what stands in its place ("Hidden by a moderator", ...). */
  title: string;
  /** For a reply: its first words, or what stands in their place; null for a discussion. */
  excerpt: string | null;
  /** Whether the bookmarked post's own words are shown (else its place only). */
  shown: boolean;
  /** Whether the discussion can still be opened (not deleted, not someone else's held post). */
  opens: boolean;
};

export type BookmarkPage = { bookmarks: BookmarkItem[]; nextCursor: string | null };
