// /api/drafts/{place}: the viewer's own draft at one composer's place (issue 40,
// docs/decisions/065). The member is always the session's: no route names another member, so
// nobody reads or overwrites someone else's draft, staff included.
import type { Context } from "hono";
import { Hono } from "hono";
import { signedIn } from "@/server/auth/middleware";
import type { AppEnv } from "@/server/context";
import { deleteDraft, readDraft, saveDraft } from "@/server/domain/drafts/drafts";
import { idParam } from "@/server/lib/ids";
import type { RateLimitRule } from "@/server/lib/rate-limit";
import { jsonBody } from "@/server/lib/validate";
import type { Draft } from "@/shared/api-types";
import { draftSchema } from "@/shared/draft-schema";
import { DRAFT_PLACE } from "@/shared/drafts";

export const DRAFT_NOT_FOUND = "Not found";

/** The composer saves every few seconds while one types; several tabs at once still fit. */
export const DRAFT_RATE_LIMIT: RateLimitRule = {
  name: "draft",
  max: 120,
  windowSeconds: 60,
  message: "Too many saves. Please wait a minute.",
};

const placeOf = (c: Context) => idParam(c, "place", DRAFT_PLACE, DRAFT_NOT_FOUND);

export const draftRoutes = new Hono<AppEnv>()
  .get("/:place", signedIn(), async (c) => {
    const draft = await readDraft(c.var.deps.db, c.var.viewer.id, placeOf(c));
    c.header("cache-control", "private, no-store");
    return c.json({ draft } satisfies { draft: Draft | null });
  })
  .put("/:place", signedIn(), jsonBody(draftSchema), async (c) => {
    const place = placeOf(c);
    await c.var.deps.rateLimiter.hit(DRAFT_RATE_LIMIT, c.var.viewer.id);
    const { title, content } = c.req.valid("json");
    const draft = await saveDraft(c.var.deps.db, c.var.viewer.id, place, {
      title: title ?? null,
      content,
    });
    c.header("cache-control", "private, no-store");
    return c.json({ draft } satisfies { draft: Draft });
  })
  .delete("/:place", signedIn(), async (c) => {
    await deleteDraft(c.var.deps.db, c.var.viewer.id, placeOf(c));
    return c.body(null, 204);
  });
