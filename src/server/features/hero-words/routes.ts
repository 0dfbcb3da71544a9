import { asc, eq } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "@/server/context";
import { heroWords } from "@/server/db/schema";
import type { HeroWordsResponse } from "@/shared/api-types";

/** GET /api/hero-words: the words the home page's hero types out (docs/product.md §7), active ones only. */
export const heroWordRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const words = await c.var.deps.db
    .select({ id: heroWords.id, word: heroWords.word })
    .from(heroWords)
    .where(eq(heroWords.isActive, true))
    .orderBy(asc(heroWords.displayOrder), asc(heroWords.createdAt));
  const body: HeroWordsResponse = { words };
  return c.json(body);
});
