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
import type { JobQueue } from "@/server/lib/jobs";
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
  report: ["email", "targetKind", "targetId", "reason", "harmKind", "details"],
  complaint: ["email", "kind", "link", "message"],
};

export async function loadHeldSubmissions(db: Db): Promise<HeldSubmission[]> {
  const rows = await queryRows<{
    id: string;
    kind: HeldKind;
    reason: HoldReason;
    at: string;
    release_at: string | null;
    payload: Record<string, unknown>;
  }>(
    db,
    sql`select id, kind, reason, ${microsecondText(sql`created_at`)} as at,
          ${microsecondText(sql`release_at`)} as release_at, payload
        from held_submissions order by created_at limit ${HELD_PAGE_SIZE}`,
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    reason: row.reason,
    at: row.at,
    releaseAt: row.release_at,
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
    const [row] = await queryRows<HeldRow>(
      tx,
      sql`delete from held_submissions where id = ${id}::uuid returning id, kind, payload, user_id`,
    );
    if (!row) throw new HttpError(404, HELD_NOT_FOUND);
    return settle(tx, deps.jobs, row, { actorId: actor.id, decision, reason });
  });
}

type HeldRow = { id: string; kind: HeldKind; payload: object; user_id: string | null };

/** Logs a held row's fate (the row is deleted already) and, for a release, sends it on. */
async function settle(
  tx: Db,
  jobs: JobQueue,
  row: HeldRow,
  how: { actorId: string | null; decision: "release" | "discard"; reason: string },
): Promise<string> {
  const actionId = await recordModerationAction(tx, {
    actorId: how.actorId,
    action: how.decision,
    targetKind: "submission",
    targetId: row.id,
    subjectId: row.user_id,
    reason: how.reason,
  });
  if (how.decision === "release") {
    await jobs.send(HELD_RELEASE_QUEUES[row.kind], row.payload, { tx });
  }
  return actionId;
}

/** The moderation log's reason when the delay ran out (docs/decisions/058). */
export const RELEASED_AFTER_DELAY = "Sent too fast; went out after the delay";

/** Held rows taken per run of the sweep; the next minute's run takes the rest. */
const RELEASE_BATCH = 100;

/**
 * Sends on every held submission whose release time has come (`now` for the tests' clock),
 * each logged as the system's release; returns how many. Rows locked by another instance's
 * run are skipped, so each goes out once.
 */
export async function releaseDueSubmissions(
  deps: Pick<AppDeps, "db" | "jobs">,
  now: Date = new Date(),
): Promise<number> {
  return deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const rows = await queryRows<HeldRow>(
      tx,
      sql`delete from held_submissions where id in (
            select id from held_submissions
            where release_at <= ${now.toISOString()}::timestamptz
            order by release_at limit ${RELEASE_BATCH}
            for update skip locked)
          returning id, kind, payload, user_id`,
    );
    for (const row of rows) {
      await settle(tx, deps.jobs, row, {
        actorId: null,
        decision: "release",
        reason: RELEASED_AFTER_DELAY,
      });
    }
    return rows.length;
  });
}

export const HELD_RELEASE_SWEEP_QUEUE = "held-release-due";

/** Every minute, the held submissions whose delay has run out go out (docs/decisions/058). */
export function defineHeldReleaseSweep(deps: AppDeps): void {
  deps.jobs.define({
    name: HELD_RELEASE_SWEEP_QUEUE,
    cron: "* * * * *",
    handler: async () => {
      const released = await releaseDueSubmissions(deps);
      if (released > 0) deps.logger.info({ released }, "held submissions went out after the delay");
    },
  });
}
