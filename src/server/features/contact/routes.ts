import { Hono } from "hono";
import { getViewer } from "@/server/auth/viewer";
import type { AppDeps, AppEnv } from "@/server/context";
import type { Db } from "@/server/db/client";
import { contactMessages } from "@/server/db/schema";
import { createOnce, idempotencyKey } from "@/server/domain/idempotency/idempotent-create";
import {
  HELD_RELEASE_QUEUES,
  holdSubmission,
  submissionHoldReason,
} from "@/server/domain/spam/held-submissions";
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
    const message = { ...input, email: input.email.toLowerCase(), userId: viewer?.id ?? null };
    const reason = await submissionHoldReason(c);
    // One transaction with the Idempotency-Key's record (docs/decisions/033): a retry counts
    // against no limit. Held for review (docs/decisions/034): the same answer, a reference of
    // the same shape.
    return createOnce(c, async (tx) => {
      await deps.rateLimiter.within(tx).hit(CONTACT_LIMIT, clientIp);
      const id = reason
        ? await holdSubmission(
            tx,
            {
              kind: "contact",
              payload: message,
              reason,
              userId: message.userId,
            },
            deps.env.spamReleaseAfterMinutes,
          )
        : await storeContactMessage(tx, message);
      return { id } satisfies ReceivedResponse;
    });
  },
);

type ContactMessage = {
  name: string;
  email: string;
  subject: string;
  message: string;
  userId: string | null;
};

/** Keeps a message for the Inbox; returns its id. */
async function storeContactMessage(db: Db, message: ContactMessage): Promise<string> {
  const [row] = await db
    .insert(contactMessages)
    .values(message)
    .returning({ id: contactMessages.id });
  if (!row) throw new Error("contact message insert returned no row");
  return row.id;
}

/** A held message a moderator released: it reaches the Inbox as if it had just been sent. */
export function defineHeldContactRelease(deps: AppDeps): void {
  deps.jobs.define<ContactMessage>({
    name: HELD_RELEASE_QUEUES.contact,
    handler: async (message, job) => {
      await deps.db.transaction(async (tx) => {
        await storeContactMessage(tx as unknown as Db, message);
        await job.completeIn(tx as unknown as Db);
      });
    },
  });
}
