// /api/cms/newsletter (admins, capability newsletterSubscribers; docs/decisions/028): the
// Subscribers view's counts, page and search, and the CSV export.
import { Hono } from "hono";
import { stream } from "hono/streaming";
import { z } from "zod";
import { allowedTo } from "@/server/auth/middleware";
import type { AppEnv } from "@/server/context";
import { UUID_ID } from "@/server/lib/ids";
import { decodeTimeCursor, pageQuerySchema } from "@/server/lib/page-cursor";
import { queryParams, searchParam } from "@/server/lib/validate";
import type { NewsletterSubscribersPage } from "@/shared/api-types";
import { listSubscribers, subscriberCounts, subscriberCsv } from "./subscribers";

const filterSchema = z.object({
  search: searchParam,
  status: z
    .enum(["pending", "active", "inactive"], {
      error: "Status must be pending, active or inactive",
    })
    .optional(),
});

const listQuery = pageQuerySchema(50, 200).extend(filterSchema.shape);

export const newsletterAdminRoutes = new Hono<AppEnv>()
  .use(allowedTo("newsletterSubscribers"))
  .get("/subscribers", queryParams(listQuery), async (c) => {
    const { db } = c.var.deps;
    const { limit, cursor, search, status } = c.req.valid("query");
    const page = await listSubscribers(
      db,
      { search, status },
      { limit, cursor: cursor ? decodeTimeCursor(cursor, UUID_ID) : null },
    );
    const body: NewsletterSubscribersPage = { counts: await subscriberCounts(db), ...page };
    c.header("cache-control", "private, no-store");
    return c.json(body);
  })
  .get("/subscribers.csv", queryParams(filterSchema), (c) => {
    const { search, status } = c.req.valid("query");
    const date = new Date().toISOString().slice(0, 10);
    c.header("content-type", "text/csv; charset=utf-8");
    c.header("content-disposition", `attachment; filename="newsletter-subscribers-${date}.csv"`);
    c.header("cache-control", "private, no-store");
    return stream(c, async (out) => {
      for await (const chunk of subscriberCsv(c.var.deps.db, { search, status })) {
        await out.write(chunk);
      }
    });
  });
