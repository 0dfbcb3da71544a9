// Submissions of the public forms that tripped the spam defences (docs/decisions/034). The
// route answers exactly as it would have (same status, same body: a bot learns nothing) and
// keeps what was sent here instead of acting on it. A moderator releases it from the queue,
// which sends it to the owning feature's queue (below) to take effect, or discards it.
import { sql } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "@/server/context";
import { type Db, queryRows } from "@/server/db/client";
import { heldSubmissions } from "@/server/db/schema";
import { recordModerationAction } from "@/server/domain/moderation/log";
import { FORM_TOKEN_FIELD, type HeldKind, HONEYPOT_FIELD, type HoldReason } from "@/shared/spam";
import { holdReason } from "./form-token";

/**
 * The job queue each kind's release goes to: the feature that owns the form defines it and
 * does what the form would have done (features never import each other; the queue joins them).
 */
export const HELD_RELEASE_QUEUES: Record<HeldKind, string> = {
  sign_up: "held-release-sign-up",
  contact: "held-release-contact",
  newsletter: "held-release-newsletter",
  report: "held-release-report",
  complaint: "held-release-complaint",
};

/** Why this request's submission is held, or null when it passes (read after jsonBody). */
export async function submissionHoldReason(c: Context<AppEnv>): Promise<HoldReason | null> {
  const { deps } = c.var;
  let body: Record<string, unknown> = {};
  try {
    const raw: unknown = await c.req.json();
    if (raw !== null && typeof raw === "object") body = raw as Record<string, unknown>;
  } catch {
    // jsonBody answered a body that is not JSON already; nothing to read here.
  }
  const reason = holdReason(
    { secret: deps.secret, minFillSeconds: deps.env.spamMinFillSeconds },
    body[HONEYPOT_FIELD],
    body[FORM_TOKEN_FIELD],
  );
  if (reason) deps.logger.info({ reason, path: c.req.path }, "submission held for review");
  return reason;
}

/**
 * Keeps a submission for review. One held only for being sent too fast, with a valid token,
 * goes out by itself `releaseAfterMinutes` later unless staff discard it first (a person with a
 * password manager is that fast; a bot without the form's token is held until staff decide):
 * docs/decisions/058. 0 minutes keeps it held.
 */
export async function holdSubmission(
  db: Db,
  submission: { kind: HeldKind; payload: object; reason: HoldReason; userId: string | null },
  releaseAfterMinutes: number,
): Promise<string> {
  const releases = submission.reason === "too_fast" && releaseAfterMinutes > 0;
  const [row] = await db
    .insert(heldSubmissions)
    .values({
      ...submission,
      releaseAt: releases ? sql`now() + make_interval(mins => ${releaseAfterMinutes})` : null,
    })
    .returning({ id: heldSubmissions.id });
  if (!row) throw new Error("held submission insert returned no row");
  return row.id;
}

/** The moderation log's reason when a held sign-up is dropped for a newer one (decision 058). */
export const SIGNED_UP_AGAIN = "The same address signed up again";

/**
 * A sign-up that went through drops the held sign-ups of the same address: releasing one
 * later would only mail the new account's owner that someone tried to sign up with it.
 * Logged as the system's discard.
 */
export async function dropHeldSignUps(db: Db, email: string): Promise<void> {
  const dropped = await queryRows<{ id: string }>(
    db,
    sql`delete from held_submissions
        where kind = 'sign_up' and payload->>'email' = ${email.toLowerCase()}
        returning id`,
  );
  for (const { id } of dropped) {
    await recordModerationAction(db, {
      actorId: null,
      action: "discard",
      targetKind: "submission",
      targetId: id,
      subjectId: null,
      reason: SIGNED_UP_AGAIN,
    });
  }
}
