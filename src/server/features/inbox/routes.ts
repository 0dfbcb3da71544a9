// /api/inbox: contact messages and data requests for admins (beyond the original specification, which sends
// nothing; docs/architecture.md "Deliberate improvements").
import { Hono } from "hono";
import { z } from "zod";
import { allowedTo } from "@/server/auth/middleware";
import type { AppEnv } from "@/server/context";
import { HttpError } from "@/server/lib/http-error";
import { UUID_ID, uuidParam } from "@/server/lib/ids";
import { decodeTimeCursor, pageQuerySchema } from "@/server/lib/page-cursor";
import { jsonBody, queryParams } from "@/server/lib/validate";
import type { ContactMessagesPage, DataRequestItem, DataRequestsPage } from "@/shared/api-types";
import { DATA_REQUEST_STATUSES } from "@/shared/constants";
import { advanceDataRequest, listContactMessages, listDataRequests } from "./queries";

export const REQUEST_NOT_FOUND = "Data request not found";

const STATUS_LABELS = { pending: "pending", in_progress: "in progress", completed: "completed" };

const statusSchema = z.object({
  status: z.enum(DATA_REQUEST_STATUSES, {
    error: "Status must be pending, in_progress or completed",
  }),
});

const pageOf = (query: { limit: number; cursor?: string }) => ({
  limit: query.limit,
  cursor: query.cursor ? decodeTimeCursor(query.cursor, UUID_ID) : null,
});

export const inboxRoutes = new Hono<AppEnv>()
  .use(allowedTo("inbox"))
  .use(async (c, next) => {
    await next();
    // Personal data: never kept by a shared cache.
    c.header("cache-control", "private, no-store");
  })
  .get("/messages", queryParams(pageQuerySchema()), async (c) => {
    const body: ContactMessagesPage = await listContactMessages(
      c.var.deps.db,
      pageOf(c.req.valid("query")),
    );
    return c.json(body);
  })
  .get("/data-requests", queryParams(pageQuerySchema()), async (c) => {
    const body: DataRequestsPage = await listDataRequests(
      c.var.deps.db,
      pageOf(c.req.valid("query")),
    );
    return c.json(body);
  })
  .patch("/data-requests/:id", jsonBody(statusSchema), async (c) => {
    const { status } = c.req.valid("json");
    const id = uuidParam(c, "id", REQUEST_NOT_FOUND);
    const result = await advanceDataRequest(c.var.deps.db, id, status);
    if (!result) throw new HttpError(404, REQUEST_NOT_FOUND);
    if (result.outcome === "conflict") {
      throw new HttpError(
        409,
        `This request is ${STATUS_LABELS[result.current]}: it can only move forward, from pending to in progress to completed.`,
      );
    }
    return c.json(result.request satisfies DataRequestItem);
  });
