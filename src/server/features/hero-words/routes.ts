import { Hono } from "hono";
import type { AppEnv } from "@/server/context";
import { activeHeroWords } from "./queries";

/** GET /api/hero-words: the words the home page's hero types out (docs/product.md §7), active ones only. */
export const heroWordRoutes = new Hono<AppEnv>().get("/", async (c) =>
  c.json(await activeHeroWords(c.var.deps.db)),
);
