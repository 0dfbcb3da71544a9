// The forum list's query parameters (GET /api/discussions and /api/cms/discussions): search,
// the docs/product.md §3 filters, the sort (§4.6) and paging.
import { z } from "zod";
import { cursorParam } from "@/server/lib/page-cursor";
import { DATE_RANGES, DISCUSSION_SORTS, LIMITS } from "@/shared/constants";
import { TOP_PERIODS } from "@/shared/reactions";
import { cleanText } from "@/shared/schemas";

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 50;
const MAX_SEARCH = 200;

/** Trimmed (and docs/product.md §5.1 cleaned) text; empty means "no filter". */
const optionalTerm = (field: string, max: number) =>
  z
    .string()
    .transform(cleanText)
    .pipe(z.string().max(max, `${field} is too long (max ${max} characters)`))
    .transform((value) => value || undefined)
    .optional();

const flag = (field: string) =>
  z
    .enum(["true", "false", "1", "0"], { error: `${field} must be true or false` })
    .transform((value) => value === "true" || value === "1")
    .optional();

export const listQuerySchema = z.object({
  q: optionalTerm("Search", MAX_SEARCH),
  /** A category's slug (docs/decisions/066); the route answers 404 for an unknown one. */
  category: optionalTerm("Category", 50),
  /** A tag (docs/decisions/067), normalised by the query; 404 for one the reader cannot see. */
  tag: optionalTerm("Tag", 120),
  author: optionalTerm("Author", LIMITS.name),
  range: z
    .enum(DATE_RANGES, { error: `Date range must be one of ${DATE_RANGES.join(", ")}` })
    .default("all"),
  pinned: flag("Pinned"),
  /** Only discussions with replies the member has not read, or "New" to them (decision 071). */
  unread: flag("Unread"),
  new: flag("New"),
  locked: flag("Locked"),
  sort: z
    .enum(DISCUSSION_SORTS, { error: `Sort must be one of ${DISCUSSION_SORTS.join(", ")}` })
    .default("newest"),
  /** The Top sort's period (docs/decisions/075); the other sorts leave it aside. */
  period: z
    .enum(TOP_PERIODS, { error: `Period must be one of ${TOP_PERIODS.join(", ")}` })
    .default("week"),
  cursor: cursorParam,
  limit: z.coerce
    .number({ error: "Limit must be a number" })
    .int("Limit must be a whole number")
    .min(1, "Limit must be at least 1")
    .max(MAX_PAGE_SIZE, `Limit must be at most ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
});

/**
 * The list's query with its category and tag resolved to ids by the route, and the member whose
 * muted categories it leaves out (issue 41).
 */
export type ListQuery = z.output<typeof listQuerySchema> & {
  categoryId?: string;
  tagId?: string;
  mutedBy?: string;
  /** The member whose read state the cards carry and the Unread and New filters ask. */
  readBy?: string;
};

/**
 * Whose muted categories a member's list leaves out (issue 41, docs/decisions/068): theirs, in
 * their list of discussions, unless they asked for a category, searched for words or chose an
 * author, where leaving some out would be a wrong answer.
 */
export function leavingOutMuted(query: ListQuery, viewerId: string | undefined): ListQuery {
  if (!viewerId || query.category || query.q || query.author) return query;
  return { ...query, mutedBy: viewerId };
}

export const SIGN_IN_FOR_UNREAD = "Sign in to see what is new to you";

/**
 * The forum list as a member reads it (docs/decisions/071): each card with their read state.
 * The Unread and New filters are a member's; a visitor asking for them is refused (the route's
 * 401) rather than shown everything.
 */
export function readBy(query: ListQuery, viewerId: string | undefined): ListQuery | null {
  if (!viewerId) return query.unread || query.new ? null : query;
  return { ...query, readBy: viewerId };
}
