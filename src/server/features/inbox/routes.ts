// /api/inbox: contact messages and data requests for admins (beyond the original specification, which sends
// nothing; docs/architecture.md "Deliberate improvements").
import { type Context, Hono } from "hono";
import { z } from "zod";
import { allowedTo, type SignedInEnv } from "@/server/auth/middleware";
import type { AppEnv } from "@/server/context";
import { dataRequestConfirmLink } from "@/server/domain/data-requests/confirm-token";
import { eraseAccount } from "@/server/domain/member-data/erasure";
import { queueMemberExport } from "@/server/domain/member-data/exports";
import { HttpError } from "@/server/lib/http-error";
import { UUID_ID, uuidParam } from "@/server/lib/ids";
import { decodeTimeCursor, pageQuerySchema } from "@/server/lib/page-cursor";
import type { RateLimitRule } from "@/server/lib/rate-limit";
import { jsonBody, queryParams } from "@/server/lib/validate";
import type { ContactMessagesPage, DataRequestItem, DataRequestsPage } from "@/shared/api-types";
import { DATA_REQUEST_STATUSES, DATA_REQUEST_TYPES } from "@/shared/constants";
import { completeDataRequestSchema, eraseAccountSchema } from "@/shared/schemas";
import {
  advanceDataRequest,
  findDataRequest,
  listContactMessages,
  listDataRequests,
  matchedAccountId,
} from "./queries";

export const REQUEST_NOT_FOUND = "Data request not found";

const STATUS_LABELS = { pending: "pending", in_progress: "in progress", completed: "completed" };

const NOTE_REQUIRED = "Note is required";

const statusSchema = z
  .object({
    status: z.enum(DATA_REQUEST_STATUSES, {
      error: "Status must be pending, in_progress or completed",
    }),
    // Completing needs the note that is mailed to the requester.
    note: completeDataRequestSchema.shape.note.optional(),
  })
  .refine((value) => value.status !== "completed" || value.note, {
    message: NOTE_REQUIRED,
    path: ["note"],
  });

export const NOT_CONFIRMED =
  "The requester has not confirmed this request yet: the link mailed to the address must be opened first.";
export const NO_ACCOUNT = "No account uses this request's email address.";
export const ALREADY_COMPLETED = "This request is completed.";

const RESEND_LIMIT: RateLimitRule = {
  name: "data-request-resend",
  max: 3,
  windowSeconds: 3600,
  message: "The link was sent several times this hour. Please wait before sending it again.",
};

/**
 * The account a request may act on: its address's verified account, once the requester has
 * confirmed through the link mailed there (docs/decisions/029). 409 otherwise.
 */
async function confirmedAccount(c: Context<SignedInEnv>, id: string) {
  const { db } = c.var.deps;
  const request = await findDataRequest(db, id);
  if (!request) throw new HttpError(404, REQUEST_NOT_FOUND);
  if (request.status === "completed") throw new HttpError(409, ALREADY_COMPLETED);
  if (!request.confirmedAt) throw new HttpError(409, NOT_CONFIRMED, { code: "NOT_CONFIRMED" });
  const userId = await matchedAccountId(db, request.email);
  if (!userId) throw new HttpError(409, NO_ACCOUNT, { code: "NO_ACCOUNT" });
  return { request, userId };
}

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
    const { status, note } = c.req.valid("json");
    const id = uuidParam(c, "id", REQUEST_NOT_FOUND);
    const { deps } = c.var;
    const result = await deps.db.transaction(async (tx) => {
      const moved = await advanceDataRequest(tx, id, status, note ?? null);
      if (moved?.outcome === "advanced" && status === "completed" && note) {
        await deps.mailer.send(
          completionMail(deps.env, moved.request.email, note, moved.request.requestType),
          { tx },
        );
      }
      return moved;
    });
    if (!result) throw new HttpError(404, REQUEST_NOT_FOUND);
    if (result.outcome === "conflict") {
      throw new HttpError(
        409,
        `This request is ${STATUS_LABELS[result.current]}: it can only move forward, from pending to in progress to completed.`,
      );
    }
    return c.json(result.request satisfies DataRequestItem);
  })
  // "Export data": the member's data, built by the job queue and mailed to the request's
  // address only (the account's, which the requester confirmed).
  .post("/data-requests/:id/export", async (c) => {
    const id = uuidParam(c, "id", REQUEST_NOT_FOUND);
    const { deps } = c.var;
    const { request, userId } = await confirmedAccount(c, id);
    await queueMemberExport(deps, { userId, sendTo: request.email, dataRequestId: id });
    await advanceDataRequest(deps.db, id, "in_progress");
    return c.json((await findDataRequest(deps.db, id)) satisfies DataRequestItem | null, 202);
  })
  // "Erase account": the member's own erasure, with the admin's reason in the erasure record.
  .post("/data-requests/:id/erase", jsonBody(eraseAccountSchema), async (c) => {
    const id = uuidParam(c, "id", REQUEST_NOT_FOUND);
    const { deps } = c.var;
    const input = c.req.valid("json");
    const { userId } = await confirmedAccount(c, id);
    await eraseAccount(deps, userId, {
      kind: "data_request",
      removeContent: input.deleteContent,
      reason: input.reason,
    });
    await advanceDataRequest(deps.db, id, "in_progress");
    return c.json((await findDataRequest(deps.db, id)) satisfies DataRequestItem | null);
  })
  // Sends the confirmation link again (the first one may have been lost, or held back by the
  // per-address mail limit).
  .post("/data-requests/:id/confirmation", async (c) => {
    const id = uuidParam(c, "id", REQUEST_NOT_FOUND);
    const { deps } = c.var;
    const request = await findDataRequest(deps.db, id);
    if (!request) throw new HttpError(404, REQUEST_NOT_FOUND);
    if (request.confirmedAt) throw new HttpError(409, "This request is confirmed already.");
    await deps.rateLimiter.hit(RESEND_LIMIT, id);
    await deps.mailer.send(confirmAgainMail(deps, request));
    return c.json({ ok: true });
  });

function completionMail(
  env: { siteName: string; privacyEmail: string },
  to: string,
  note: string,
  requestType: string,
) {
  return {
    to,
    subject: `Your data request is completed (${env.siteName})`,
    text: [
      "Hi,",
      "",
      `We have completed your data protection request (${typeLabel(requestType)}).`,
      "",
      note,
      "",
      `If you have a question about it, write to ${env.privacyEmail}.`,
    ].join("\n"),
  };
}

function confirmAgainMail(
  deps: { env: { siteName: string; siteUrl: string }; secret: string },
  request: DataRequestItem,
) {
  return {
    to: request.email,
    subject: `Please confirm your data request (${deps.env.siteName})`,
    text: [
      `Hi ${request.fullName},`,
      "",
      `You made a data protection request (${typeLabel(request.requestType)}). Please confirm that it is yours by opening this link:`,
      dataRequestConfirmLink(deps.env.siteUrl, deps.secret, {
        requestId: request.id,
        email: request.email,
      }),
      "",
      "If you did not make this request, ignore this email: nothing happens without your confirmation.",
    ].join("\n"),
  };
}

function typeLabel(value: string): string {
  const type = DATA_REQUEST_TYPES.find((candidate) => candidate.value === value);
  return type ? `${type.label}, ${type.article} UK GDPR` : value;
}
