// The query's words in SQL, and the highlighted titles and excerpts of what it found (decision
// 074): ts_headline marks matches with MARK_START and MARK_END, characters the text is cleared
// of first, so every marker in an answer is one the search put there.
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { MARK_END, MARK_START } from "@/shared/search";

/**
 * The site's search language (search_config(), migration 0045), read once per search and
 * passed to each statement as a value. Written `websearch_to_tsquery(search_config(), …)`, the
 * query was computed again for every row a plan tested, and search_config() is a query of
 * its own: 60 µs a row, 147 ms for the 2,470 discussions a common word's newest 1,000 matches
 * took at a million (bench/RESULTS.md §26). With the language a value, PostgreSQL computes the
 * query once, when it plans the statement, and still sees the words to estimate how many match.
 */
export async function readSearchConfig(db: Db): Promise<string> {
  const [row] = await queryRows<{ config: string }>(
    db,
    sql`select search_config()::text as config`,
  );
  return row?.config ?? "english";
}

/** The words to match: websearch_to_tsquery of what the person typed, operators taken out. */
export type SearchTerms = { text: string; config: SQL; tsquery: SQL };

export function searchTerms(text: string, config: string): SearchTerms | null {
  if (!/[\p{L}\p{N}]/u.test(text)) return null;
  const regconfig = sql`${config}::regconfig`;
  return { text, config: regconfig, tsquery: sql`websearch_to_tsquery(${regconfig}, ${text})` };
}

const SELECT = `StartSel="${MARK_START}", StopSel="${MARK_END}"`;
const TITLE_OPTIONS = `${SELECT}, HighlightAll=true`;
const EXCERPT_OPTIONS = `${SELECT}, MaxWords=30, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;
/** An excerpt without words to highlight: the start of the text. */
const PLAIN_EXCERPT_LENGTH = 220;

/** The text as search reads it (search_text(), migration 0045): no markers, "<" as U+E002. */
const cleared = (text: SQL) => sql`search_text(${text})`;
/** An excerpt's "<" back as written. */
const restored = (headline: SQL) => sql`translate(${headline}, chr(57346), '<')`;

/** A whole short text (a title, a name) with the matched words marked. */
export function headlineOf(terms: SearchTerms | null, text: SQL): SQL {
  if (!terms) return restored(cleared(text));
  return restored(
    sql`ts_headline(${terms.config}, ${cleared(text)}, ${terms.tsquery}, ${TITLE_OPTIONS})`,
  );
}

/** A few lines of a long text around its best matches, the words marked. */
export function excerptOf(terms: SearchTerms | null, text: SQL): SQL {
  if (!terms) return restored(sql`left(${cleared(text)}, ${PLAIN_EXCERPT_LENGTH})`);
  return restored(
    sql`ts_headline(${terms.config}, ${cleared(text)}, ${terms.tsquery}, ${EXCERPT_OPTIONS})`,
  );
}
