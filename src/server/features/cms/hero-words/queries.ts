// Hero words for the CMS (docs/product.md §7): every word in display order, add, switch on/off, delete.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import type { CmsHeroWord } from "@/shared/api-types";

type WordRow = { id: string; word: string; display_order: number; is_active: boolean };

const columns = sql`id, word, display_order, is_active`;

function toWord(row: WordRow): CmsHeroWord {
  return {
    id: row.id,
    word: row.word,
    displayOrder: Number(row.display_order),
    isActive: row.is_active,
  };
}

/** Display order, then age: the order the home page types them in (GET /api/hero-words). */
export async function listAllWords(db: Db): Promise<CmsHeroWord[]> {
  const rows = await queryRows<WordRow>(
    db,
    sql`select ${columns} from hero_words order by display_order asc, created_at asc`,
  );
  return rows.map(toWord);
}

/**
 * A new active word after the last one: display_order = max + 1, read in the same statement.
 * Null when the list already has the word, in any case (issue 21: no duplicates).
 */
export async function insertWord(db: Db, word: string): Promise<CmsHeroWord | null> {
  const [row] = await queryRows<WordRow>(
    db,
    sql`insert into hero_words (word, display_order, is_active)
        select ${word}, coalesce(max(display_order), 0) + 1, true from hero_words
        having not exists (select 1 from hero_words where lower(word) = lower(${word}))
        returning ${columns}`,
  );
  return row ? toWord(row) : null;
}

export async function setWordActive(
  db: Db,
  id: string,
  isActive: boolean,
): Promise<CmsHeroWord | null> {
  const [row] = await queryRows<WordRow>(
    db,
    sql`update hero_words set is_active = ${isActive} where id = ${id}::uuid returning ${columns}`,
  );
  return row ? toWord(row) : null;
}

/** The id of the word deleted, or null. */
export async function deleteWord(db: Db, id: string): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`delete from hero_words where id = ${id}::uuid returning id`,
  );
  return row?.id ?? null;
}
