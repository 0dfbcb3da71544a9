// GET /api/search (issue 44, docs/decisions/074): full-text search over what a visitor may read.
// Visitors are limited per address, members per account: a search costs more than a page read.
import { Hono } from "hono";
import { z } from "zod";
import { getViewer, type Viewer } from "@/server/auth/viewer";
import type { AppEnv } from "@/server/context";
import type { RateLimiter, RateLimitRule } from "@/server/lib/rate-limit";
import { queryParams } from "@/server/lib/validate";
import { SEARCH_QUERY_MAX } from "@/shared/search-query";
import { searchResponse } from "./reads";

const SEARCH_LIMIT_MESSAGE = "Too many searches. Please wait a minute.";

/** A visitor's searches, per address (documented in docs/architecture.md "Rate limits"). */
export const ANONYMOUS_SEARCH_LIMIT: RateLimitRule = {
  name: "search-anonymous",
  max: 30,
  windowSeconds: 60,
  message: SEARCH_LIMIT_MESSAGE,
};

/** A member's searches, per account. */
export const MEMBER_SEARCH_LIMIT: RateLimitRule = {
  name: "search-member",
  max: 60,
  windowSeconds: 60,
  message: SEARCH_LIMIT_MESSAGE,
};

/** Counts one search (the API's or the /search page's); throws 429 over the limit. */
export function countSearch(
  rateLimiter: RateLimiter,
  viewer: Viewer | null,
  clientIp: string,
): Promise<void> {
  return viewer
    ? rateLimiter.hit(MEMBER_SEARCH_LIMIT, viewer.id)
    : rateLimiter.hit(ANONYMOUS_SEARCH_LIMIT, clientIp);
}

// Lengths are the parser's to judge (its message); this only stops absurd inputs early.
const searchQuerySchema = z.object({
  q: z
    .string()
    .max(SEARCH_QUERY_MAX * 10, `Search is too long (max ${SEARCH_QUERY_MAX} characters)`)
    .optional(),
  page: z.string().max(20).optional(),
});

export const searchRoutes = new Hono<AppEnv>().get(
  "/",
  queryParams(searchQuerySchema),
  async (c) => {
    const { deps, clientIp } = c.var;
    const viewer = await getViewer(c);
    await countSearch(deps.rateLimiter, viewer, clientIp);
    const body = await searchResponse(deps.db, viewer, c.req.valid("query"));
    // A member's answer leaves out the authors they blocked: theirs alone.
    if (viewer) c.header("cache-control", "private, no-store");
    return c.json(body);
  },
);
