// /api/cms/hero-words: the CMS Hero Words tab (docs/product.md §6: every staff role).
import { Hono } from "hono";
import { z } from "zod";
import { allowedTo } from "@/server/auth/middleware";
import type { AppEnv } from "@/server/context";
import { HttpError } from "@/server/lib/http-error";
import { uuidParam } from "@/server/lib/ids";
import { jsonBody } from "@/server/lib/validate";
import type { CmsHeroWord, CmsHeroWordsResponse } from "@/shared/api-types";
import { heroWordSchema } from "@/shared/schemas";
import { deleteWord, insertWord, listAllWords, setWordActive } from "./queries";

export const WORD_NOT_FOUND = "Word not found";
export const DUPLICATE_WORD = "This word is already in the list.";

const activeSchema = z.object({
  isActive: z.boolean({ error: "isActive must be true or false" }),
});

export const cmsHeroWordRoutes = new Hono<AppEnv>()
  .use(allowedTo("heroWords"))
  .get("/", async (c) => {
    const body: CmsHeroWordsResponse = { words: await listAllWords(c.var.deps.db) };
    return c.json(body);
  })
  .post("/", jsonBody(heroWordSchema), async (c) => {
    const word = await insertWord(c.var.deps.db, c.req.valid("json").word);
    if (!word) throw new HttpError(409, DUPLICATE_WORD, { fields: { word: DUPLICATE_WORD } });
    return c.json(word satisfies CmsHeroWord, 201);
  })
  .patch("/:id", jsonBody(activeSchema), async (c) => {
    const id = uuidParam(c, "id", WORD_NOT_FOUND);
    const word = await setWordActive(c.var.deps.db, id, c.req.valid("json").isActive);
    if (!word) throw new HttpError(404, WORD_NOT_FOUND);
    return c.json(word satisfies CmsHeroWord);
  })
  .delete("/:id", async (c) => {
    if (!(await deleteWord(c.var.deps.db, uuidParam(c, "id", WORD_NOT_FOUND)))) {
      throw new HttpError(404, WORD_NOT_FOUND);
    }
    return c.body(null, 204);
  });
