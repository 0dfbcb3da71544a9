// /api/tags (issue 41, docs/decisions/067): the tags a reader may see, most used first, or
// those that start with what the composer's tag field holds; one tag by its name, with the id
// a report names it by (decision 070). Counts are kept by triggers.
import { Hono } from "hono";
import { z } from "zod";
import { getViewer } from "@/server/auth/viewer";
import type { AppEnv } from "@/server/context";
import { listTags, requireListedTag } from "@/server/domain/tags/tags";
import { queryParams } from "@/server/lib/validate";
import type { Tag, TagsResponse } from "@/shared/api-types";
import { TAG_LIMITS, tagSpelling } from "@/shared/tags";

const MAX_TAGS = 50;

const tagListQuery = z.object({
  /** The start of a tag, in any spelling the tag field takes (NFKC, any case, spaces). */
  q: z
    .string()
    .max(TAG_LIMITS.max * 4, `Search is too long (max ${TAG_LIMITS.max} characters)`)
    .transform(tagSpelling)
    .optional(),
  limit: z.coerce
    .number({ error: "Limit must be a number" })
    .int("Limit must be a whole number")
    .min(1, "Limit must be at least 1")
    .max(MAX_TAGS, `Limit must be at most ${MAX_TAGS}`)
    .default(20),
});

export const tagRoutes = new Hono<AppEnv>()
  .get("/", queryParams(tagListQuery), async (c) => {
    const { q, limit } = c.req.valid("query");
    const tags = await listTags(c.var.deps.db, await getViewer(c), {
      ...(q ? { prefix: q } : {}),
      limit,
    });
    return c.json({ tags } satisfies TagsResponse);
  })
  // In any spelling the filter takes; 404 `Tag not found` for one the reader may not see.
  .get("/:name", async (c) => {
    const tag = await requireListedTag(c.var.deps.db, await getViewer(c), c.req.param("name"));
    return c.json(tag satisfies Tag);
  });
