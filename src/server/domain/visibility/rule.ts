// Who may read what (docs/decisions/046): the one rule every path that shows a discussion or a
// reply asks, in two spellings that must agree: for a row in hand (`visibilityOf`) and inside
// a query (`wordsReadable`). test/visibility/visibility-matrix.test.ts holds both.
import { type SQL, sql } from "drizzle-orm";
import { DELETED_REPLY, HIDDEN_BY_MODERATOR } from "@/shared/moderation-texts";
import { can, ROLES, type Role } from "@/shared/permissions";

/** Whoever reads: a signed-in member with their role, or null for a visitor. */
export type Reader = { id: string; role: Role } | null;

/** Where a discussion or a reply stands, as its row says. */
export type PostState = {
  authorId: string | null;
  hidden: boolean;
  /** Held for review (docs/decisions/034). */
  held: boolean;
  deleted: boolean;
};

/**
 * What a reader gets of a post: its words (`shown`); its place without its words (`masked`:
 * "Hidden by a moderator", a deleted reply's "This reply was deleted."); or nothing (`absent`).
 */
export type Visibility = "shown" | "masked" | "absent";

/** Moderators and admins read hidden words; blog authors are readers like any member. */
export function isModerator(reader: Reader): boolean {
  return reader !== null && can(reader.role, "moderate");
}

function isAuthor(reader: Reader, authorId: string | null): boolean {
  return reader !== null && authorId !== null && reader.id === authorId;
}

/**
 * The rule. A held post is its author's alone (moderators decide on it from the queue, a
 * surface of its own). A deleted post is nobody's on a reading surface (a deleted reply keeps
 * its place in its thread: `masked`, for that surface to ask with `placeholder`). A hidden
 * post's words are its author's and moderators'; everyone else gets its place.
 */
export function visibilityOf(
  reader: Reader,
  post: PostState,
  { placeholder = false }: { placeholder?: boolean } = {},
): Visibility {
  if (post.deleted) return placeholder ? "masked" : "absent";
  if (post.held) return isAuthor(reader, post.authorId) ? "shown" : "absent";
  if (post.hidden && !isModerator(reader) && !isAuthor(reader, post.authorId)) return "masked";
  return "shown";
}

/** Whether `reader` may read the words of a post (shown, neither masked nor absent). */
export function mayReadWords(reader: Reader, post: PostState): boolean {
  return visibilityOf(reader, post) === "shown";
}

/** The text a masked post shows instead of its words. */
export function maskedText(post: Pick<PostState, "deleted">): string {
  return post.deleted ? DELETED_REPLY : HIDDEN_BY_MODERATOR;
}

/** The columns of a post in a query: an alias's hidden_at and author_id. */
export type PostColumns = { hiddenAt: SQL; authorId: SQL };

/** The roles that read hidden words, from the permission table as `isModerator` reads it. */
const MODERATING_ROLES = ROLES.filter((role) => can(role, "moderate"));

/** A reader known only inside a query: the id and role (never null) columns of a joined member. */
export type ReaderColumns = { id: SQL; role: SQL };

/**
 * `wordsReadable` for many readers in one statement (a notification's recipients): the reader
 * is a row of the query, not a value in hand; the same post precondition as `wordsReadable`.
 */
export function wordsReadableBy(reader: ReaderColumns, post: PostColumns): SQL {
  const moderating = sql.join(
    MODERATING_ROLES.map((role) => sql`${role}`),
    sql`, `,
  );
  return sql`(${post.hiddenAt} is null or ${post.authorId} = ${reader.id}
    or ${reader.role} in (${moderating}))`;
}

/**
 * SQL twin of `mayReadWords` for a post already known to be listed (active, not held, not
 * deleted): true when `reader` may read its words. Search matches only where this holds, so
 * its answers and counts never depend on words the reader may not read.
 */
export function wordsReadable(reader: Reader, post: PostColumns): SQL {
  if (isModerator(reader)) return sql`true`;
  if (reader === null) return sql`${post.hiddenAt} is null`;
  return sql`(${post.hiddenAt} is null or ${post.authorId} = ${reader.id})`;
}

/**
 * SQL twin of the held rule in `visibilityOf`: a held post (`held`, its column's test) is its
 * author's alone; everyone else's query leaves it out.
 */
export function heldReadable(reader: Reader, post: { held: SQL; authorId: SQL }): SQL {
  if (reader === null) return sql`not (${post.held})`;
  return sql`(not (${post.held}) or ${post.authorId} = ${reader.id})`;
}

/**
 * SQL twin of `visibilityOf(null, discussion) === "shown"`: an active discussion whose words a
 * visitor reads. What documents made for everyone name (the sitemap, link previews): a hidden,
 * held or deleted discussion is not listed there at all.
 */
export function shownToVisitors(discussion: PostColumns & { status: SQL }): SQL {
  return sql`${discussion.status} = 'active' and ${wordsReadable(null, discussion)}`;
}
