// What GET /api/search answers, in one place for the route and the server's render of /search
// (ssr/page-data.ts). Issue 44, docs/decisions/074.
import type { Viewer } from "@/server/auth/viewer";
import type { Db } from "@/server/db/client";
import { collapsedAuthorIds } from "@/server/domain/blocks/blocked-authors";
import { HttpError } from "@/server/lib/http-error";
import { MARK_END, MARK_START, type SearchResponse } from "@/shared/search";
import { parseSearch } from "@/shared/search-query";
import { MAX_PAGE, searchDiscussions } from "./discussions";
import { readSearchConfig, searchTerms } from "./headline";
import { searchBlogPosts, searchMembers } from "./others";
import { SUGGEST_BELOW, suggestQuery } from "./suggest";

export type SearchInput = { q?: string; page?: string };

export const PAGE_MESSAGE = `Page must be a whole number from 1 to ${MAX_PAGE}`;

// The markers, and control characters, mean nothing in a query: gone before it is read.
const UNREADABLE = new RegExp(`[\\u0000-\\u001f\\u007f${MARK_START}${MARK_END}]`, "g");

function pageOf(value: string | undefined): number {
  if (value === undefined || value === "") return 1;
  const page = /^\d{1,4}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(page) || page < 1 || page > MAX_PAGE) {
    throw new HttpError(400, PAGE_MESSAGE, { fields: { page: PAGE_MESSAGE } });
  }
  return page;
}

/**
 * One page of results for `viewer`: only what a visitor may read is ever matched (decision 074),
 * less the authors the viewer blocked (decision 031; not for staff).
 */
export async function searchResponse(
  db: Db,
  viewer: Viewer | null,
  input: SearchInput,
): Promise<SearchResponse> {
  const typed = (input.q ?? "").replace(UNREADABLE, " ").replace(/\s+/g, " ").trim();
  const parsed = parseSearch(typed);
  if (!parsed.ok) throw new HttpError(400, parsed.error, { fields: { q: parsed.error } });
  const page = pageOf(input.page);
  const { query } = parsed;
  const config = await readSearchConfig(db);
  const terms = searchTerms(query.text, config);
  const blocked = [...(await collapsedAuthorIds(db, viewer))];
  const first = page === 1 && terms !== null;
  const [discussions, blogPosts, members] = await Promise.all([
    searchDiscussions(db, terms, { query, blocked }, page),
    first ? searchBlogPosts(db, terms, query) : [],
    first ? searchMembers(db, terms, query) : [],
  ]);
  const found = discussions.hits.length + blogPosts.length + members.length;
  const suggestion =
    first && found < SUGGEST_BELOW ? await suggestQuery(db, config, typed, query.text) : null;
  return {
    query: typed,
    discussions: discussions.hits,
    nextPage: discussions.nextPage,
    capped: discussions.capped,
    blogPosts,
    members,
    suggestion,
  };
}
