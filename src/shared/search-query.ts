// What a person types into search (issue 44), split into the words PostgreSQL's
// websearch_to_tsquery reads (words, "exact phrases", -excluded, or) and the operators it does
// not: author:name, category:slug, tag:name, before:date, after:date. An operator's value may
// be quoted (author:"Ana Smith"). Nothing here is an error but a query too long or one with
// nothing to search for: an unknown operator (`foo:bar`) and unbalanced quotes are searched as
// written, as websearch_to_tsquery does.
import { isValid, parseISO } from "date-fns";

export const SEARCH_QUERY_MAX = 200;
export const SEARCH_TOO_LONG = `Search is too long (max ${SEARCH_QUERY_MAX} characters)`;
export const SEARCH_EMPTY = "Type a word to search for";
export const SEARCH_BAD_DATE = "Use a date like 2026-03-31";

export const SEARCH_OPERATORS = ["author", "category", "tag", "before", "after"] as const;
export type SearchOperator = (typeof SEARCH_OPERATORS)[number];

export type ParsedSearch = {
  /** The text for websearch_to_tsquery: everything that is not an operator, as typed. */
  text: string;
  author?: string;
  category?: string;
  tag?: string;
  /** `YYYY-MM-DD`: matches before that day (before:) or from it (after:). */
  before?: string;
  after?: string;
};

export type SearchParse = { ok: true; query: ParsedSearch } | { ok: false; error: string };

// An operator, then its value: a quoted one (to the next quote) or a bare one (to a space).
const OPERATOR = new RegExp(`(^|\\s)(${SEARCH_OPERATORS.join("|")}):(?:"([^"]*)"|(\\S+))`, "gi");

/** A date the operators take: a calendar day, written ISO-style. */
function day(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  return isValid(parseISO(value)) ? value : null;
}

export function parseSearch(input: string): SearchParse {
  const raw = input.trim();
  if (raw.length > SEARCH_QUERY_MAX) return { ok: false, error: SEARCH_TOO_LONG };
  const query: ParsedSearch = { text: "" };
  let error: string | null = null;
  const text = raw.replace(OPERATOR, (_match, space: string, name: string, quoted, bare) => {
    const value = String(quoted ?? bare ?? "").trim();
    const operator = name.toLowerCase() as SearchOperator;
    if (value === "") return space;
    if (operator === "before" || operator === "after") {
      const date = day(value);
      if (!date) error = SEARCH_BAD_DATE;
      else query[operator] = date;
    } else {
      // The last one counts, as a person rewriting the end of their query expects.
      query[operator] = operator === "author" ? value : value.toLowerCase();
    }
    return space;
  });
  if (error) return { ok: false, error };
  query.text = text.replace(/\s+/g, " ").trim();
  const hasFilter = SEARCH_OPERATORS.some((operator) => query[operator] !== undefined);
  // Operators alone narrow nothing down to words: a list of everything by that author, say, is
  // the forum's own filter, not a search. Punctuation alone is no word either.
  if (!/[\p{L}\p{N}]/u.test(query.text) && !hasFilter) return { ok: false, error: SEARCH_EMPTY };
  return { ok: true, query };
}
