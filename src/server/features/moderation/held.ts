// Held submissions in the queue (docs/decisions/034): what the spam defences kept back from the
// sign-up, contact and newsletter forms. Releasing one sends it to its feature's job queue,
// which does what the form would have done; discarding removes it. Either is one transaction
// with its row in the moderation log.
import { sql } from "drizzle-orm";
import type { Viewer } from "@/server/auth/viewer";
import type { AppDeps } from "@/server/context";
import { type Db, queryRows } from "@/server/db/client";
import { recordModerationAction } from "@/server/domain/moderation/log";
import { HELD_RELEASE_QUEUES } from "@/server/domain/spam/held-submissions";
import { HttpError } from "@/server/lib/http-error";
import { microsecondText } from "@/server/lib/page-cursor";
import type { HeldKind, HeldSubmission, HoldReason } from "@/shared/spam";

/** The oldest held submissions first, up to this many at a time. */
const HELD_PAGE_SIZE = 50;

export const HELD_NOT_FOUND = "This submission is no longer held.";

/** The fields a moderator reads, per kind, in this order. */
const SHOWN_FIELDS: Record<HeldKind, readonly string[]> = {
  sign_up: ["name", "email"],
  contact: ["name", "email", "subject", "message"],
  newsletter: ["email"],
};

export async function loadHeldSubmissions(db: Db): Promise<HeldSubmission[]> {
  const rows = await queryRows<{
    id: string;
    kind: HeldKind;
    reason: HoldReason;
    at: string;
    payload: Record<string, unknown>;
  }>(
    db,
    sql`select id, kind, reason, ${microsecondText(sql`created_at`)} as at, payload
        from held_submissions order by created_at limit ${HELD_PAGE_SIZE}`,
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    reason: row.reason,
    at: row.at,
    fields: Object.fromEntries(
      SHOWN_FIELDS[row.kind]
        .filter((field) => typeof row.payload[field] === "string")
        .map((field) => [field, row.payload[field] as string]),
    ),
  }));
}

export async function decideHeldSubmission(
  deps: AppDeps,
  actor: Viewer,
  id: string,
  decision: "release" | "discard",
  reason: string,
): Promise<string> {
  return deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [row] = await queryRows<{ kind: HeldKind; payload: object; user_id: string | null }>(
      tx,
      sql`delete from held_submissions where id = ${id}::uuid returning kind, payload, user_id`,
    );
    if (!row) throw new HttpError(404, HELD_NOT_FOUND);
    const actionId = await recordModerationAction(tx, {
      actorId: actor.id,
      action: decision,
      targetKind: "submission",
      targetId: id,
      subjectId: row.user_id,
      reason,
    });
    if (decision === "release") {
      await deps.jobs.send(HELD_RELEASE_QUEUES[row.kind], row.payload, { tx });
    }
    return actionId;
  });
}
