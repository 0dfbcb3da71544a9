import { Hono } from "hono";
import { getViewer } from "@/server/auth/viewer";
import type { AppEnv } from "@/server/context";
import { contactMessages } from "@/server/db/schema";
import { createOnce, idempotencyKey } from "@/server/domain/idempotency/idempotent-create";
import type { RateLimitRule } from "@/server/lib/rate-limit";
import { jsonBody } from "@/server/lib/validate";
import type { ReceivedResponse } from "@/shared/api-types";
import { contactSchema } from "@/shared/schemas";

export const CONTACT_LIMIT = {
  name: "contact",
  max: 5,
  windowSeconds: 600,
  message: "Too many messages. Please try again in a few minutes.",
} satisfies RateLimitRule;

/**
 * POST /api/contact: the original specification's contact form sent nothing; we keep the message for the staff
 * to read (docs/architecture.md "Deliberate improvements"), with the sender's account when signed in.
 */
export const contactRoutes = new Hono<AppEnv>().post(
  "/",
  idempotencyKey(),
  jsonBody(contactSchema),
  async (c) => {
    const { deps, clientIp } = c.var;
    const input = c.req.valid("json");
    const viewer = await getViewer(c);
    // One transaction with the Idempotency-Key's record (docs/decisions/033): a retry counts
    // against no limit.
    return createOnce(c, async (tx) => {
      await deps.rateLimiter.within(tx).hit(CONTACT_LIMIT, clientIp);
      const [row] = await tx
        .insert(contactMessages)
        .values({ ...input, email: input.email.toLowerCase(), userId: viewer?.id ?? null })
        .returning({ id: contactMessages.id });
      if (!row) throw new Error("contact message insert returned no row");
      return { id: row.id } satisfies ReceivedResponse;
    });
  },
);
