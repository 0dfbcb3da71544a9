import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { getViewer } from "@/server/auth/viewer";
import type { AppEnv } from "@/server/context";
import { queryRows } from "@/server/db/client";
import { dataRequests } from "@/server/db/schema";
import {
  dataRequestConfirmLink,
  readDataRequestConfirmToken,
} from "@/server/domain/data-requests/confirm-token";
import { createOnce, idempotencyKey } from "@/server/domain/idempotency/idempotent-create";
import { submissionHoldReason } from "@/server/domain/spam/held-submissions";
import { HttpError } from "@/server/lib/http-error";
import type { RateLimitRule } from "@/server/lib/rate-limit";
import { jsonBody } from "@/server/lib/validate";
import type { ReceivedResponse } from "@/shared/api-types";
import { dataRequestConfirmSchema, dataRequestSchema } from "@/shared/schemas";
import { dataRequestConfirmation } from "./confirmation-email";

export const CONFIRM_LINK_INVALID = "This link is invalid or has expired.";

const TOO_MANY = "Too many requests. Please try again later or contact us directly.";

export const DATA_REQUEST_LIMITS = {
  perClient: { name: "data-request-client", max: 5, windowSeconds: 3600, message: TOO_MANY },
  /**
   * Confirmations per recipient: the address is typed by whoever fills the form. Over the limit
   * the request is still kept and only its confirmation is not sent, so a stranger cannot stop
   * the address's owner from making a request.
   */
  confirmationsPerEmail: {
    name: "data-request-email",
    max: 3,
    windowSeconds: 3600,
    message: TOO_MANY,
  },
} satisfies Record<string, RateLimitRule>;

/**
 * POST /api/data-requests: a UK GDPR request, kept with status pending (and the member's id
 * when signed in) for the staff to answer within 30 days; the requester gets a confirmation.
 */
export const dataRequestRoutes = new Hono<AppEnv>()
  .post("/", idempotencyKey(), jsonBody(dataRequestSchema), async (c) => {
    const { deps, clientIp } = c.var;
    const input = c.req.valid("json");
    const email = input.email.toLowerCase();
    const viewer = await getViewer(c);
    // Never held: a data request is always kept and answered; a suspect one is flagged for
    // the Inbox (docs/decisions/034).
    const suspectedSpam = (await submissionHoldReason(c)) !== null;
    // One transaction with the Idempotency-Key's record (docs/decisions/033): a retry counts
    // against no limit and queues no second confirmation.
    return createOnce(c, async (tx) => {
      const limits = deps.rateLimiter.within(tx);
      await limits.hit(DATA_REQUEST_LIMITS.perClient, clientIp);
      const [row] = await tx
        .insert(dataRequests)
        .values({
          userId: viewer?.id ?? null,
          requestType: input.requestType,
          email,
          fullName: input.fullName,
          details: input.details || null,
          status: "pending",
          suspectedSpam,
        })
        .returning({ id: dataRequests.id });
      if (!row) throw new Error("data request insert returned no row");
      const body: ReceivedResponse = { id: row.id };
      if (!(await limits.allow(DATA_REQUEST_LIMITS.confirmationsPerEmail, email))) {
        deps.logger.info({ reference: row.id }, "data request confirmation not sent: limit");
        return body;
      }
      try {
        // In a savepoint: the request is stored even when its confirmation cannot be queued,
        // so a lost confirmation never makes the person send it again.
        await tx.transaction((savepoint) =>
          deps.mailer.send(
            dataRequestConfirmation({
              request: { ...input, email },
              reference: row.id,
              siteName: deps.env.siteName,
              privacyEmail: deps.env.privacyEmail,
              confirmLink: dataRequestConfirmLink(deps.env.siteUrl, deps.secret, {
                requestId: row.id,
                email,
              }),
            }),
            { tx: savepoint },
          ),
        );
      } catch (error) {
        deps.logger.error({ err: error, reference: row.id }, "data request confirmation failed");
      }
      return body;
    });
  })
  // The link mailed to the request's address: opening it (and pressing the button: mail
  // scanners open links by themselves) shows the request came from the address's owner.
  .post("/confirm", jsonBody(dataRequestConfirmSchema), async (c) => {
    const { deps } = c.var;
    const claim = readDataRequestConfirmToken(deps.secret, c.req.valid("json").token);
    const [row] = claim
      ? await queryRows<{ id: string }>(
          deps.db,
          sql`update data_requests set confirmed_at = coalesce(confirmed_at, now())
              where id = ${claim.requestId}::uuid and lower(email) = ${claim.email.toLowerCase()}
              returning id`,
        )
      : [];
    if (!row) throw new HttpError(400, CONFIRM_LINK_INVALID, { code: "INVALID_TOKEN" });
    return c.json({ confirmed: true });
  });
