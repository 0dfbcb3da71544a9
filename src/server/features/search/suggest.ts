// "Did you mean …" (issue 44, decision 074): a word of the query the site does not use, swapped
// for the closest word it does (pg_trgm similarity over search_words). A word is offered only
// where it is in at least 3 posts a visitor reads, by at least 2 authors: the table is rebuilt
// from those posts only (words.ts), and the candidate is checked against the posts as they are
// now, so a word that only hidden posts use is never offered, even before the next rebuild.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";

/** A suggestion is looked for when the first page holds fewer results than this. */
export const SUGGEST_BELOW = 3;
/** The fewest posts and authors a suggested word is used in. */
export const MIN_POSTS = 3;
export const MIN_AUTHORS = 2;
/** pg_trgm similarity a candidate needs ("printr" and "printer": 0.5). */
const MIN_SIMILARITY = 0.35;
const MAX_WORDS_CHECKED = 6;

/** The words a person typed that a suggestion may replace: not excluded, not in a phrase. */
function replaceableWords(text: string): string[] {
  const outsidePhrases = text.replace(/"[^"]*"?/g, " ");
  const words = outsidePhrases
    .split(/\s+/)
    .filter((word) => word && !word.startsWith("-"))
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "").toLowerCase())
    .filter((word) => word.length >= 3 && /^\p{L}+$/u.test(word) && word !== "or");
  return [...new Set(words)].slice(0, MAX_WORDS_CHECKED);
}

/**
 * Whether posts a visitor reads use `word` now, enough of them and by enough authors. `config`:
 * the site's search language (headline.ts, readSearchConfig).
 */
async function usedEnough(db: Db, config: string, word: string): Promise<boolean> {
  const query = sql`plainto_tsquery(${config}::regconfig, ${word})`;
  const [row] = await queryRows<{ posts: number; authors: number }>(
    db,
    sql`select count(*)::int as posts, count(distinct author_id)::int as authors from (
      (select d.author_id from discussions d
        where d.search_vector @@ ${query} and d.status = 'active' and d.hidden_at is null
        limit 20)
      union all
      (select r.author_id from discussion_replies r join discussions d on d.id = r.discussion_id
        where r.search_vector @@ ${query}
          and r.deleted_at is null and r.held_at is null and r.hidden_at is null
          and d.status = 'active' and d.hidden_at is null
        limit 20)
      union all
      (select b.author_id from blog_posts b
        where b.search_vector @@ ${query} and b.status = 'published' and b.published_at <= now()
        limit 20)
    ) used`,
  );
  return (row?.posts ?? 0) >= MIN_POSTS && (row?.authors ?? 0) >= MIN_AUTHORS;
}

/** The query with its unknown words replaced by the closest known ones, or null. */
export async function suggestQuery(
  db: Db,
  config: string,
  typed: string,
  text: string,
): Promise<string | null> {
  let suggestion = typed;
  let changed = false;
  for (const word of replaceableWords(text)) {
    const [known] = await queryRows<{ posts: number }>(
      db,
      sql`select posts from search_words where word = ${word}`,
    );
    if (known) continue;
    const candidates = await queryRows<{ word: string }>(
      db,
      sql`select word from search_words
        where word % ${word} and similarity(word, ${word}) >= ${MIN_SIMILARITY}
        order by similarity(word, ${word}) desc, posts desc, word
        limit 3`,
    );
    for (const candidate of candidates) {
      if (!(await usedEnough(db, config, candidate.word))) continue;
      const pattern = new RegExp(`(^|[^\\p{L}\\p{N}])${word}(?=$|[^\\p{L}\\p{N}])`, "giu");
      suggestion = suggestion.replace(pattern, (_match, before: string) => before + candidate.word);
      changed = true;
      break;
    }
  }
  return changed && suggestion !== typed ? suggestion : null;
}
