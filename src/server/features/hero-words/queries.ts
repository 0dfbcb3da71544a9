import { asc, eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { heroWords } from "@/server/db/schema";
import type { HeroWordsResponse } from "@/shared/api-types";

/** The active hero words in display order: GET /api/hero-words and the home page's render. */
export async function activeHeroWords(db: Db): Promise<HeroWordsResponse> {
  const words = await db
    .select({ id: heroWords.id, word: heroWords.word })
    .from(heroWords)
    .where(eq(heroWords.isActive, true))
    .orderBy(asc(heroWords.displayOrder), asc(heroWords.createdAt));
  return { words };
}
