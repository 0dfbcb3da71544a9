// Notification events written by the statement that makes what they tell of (docs/decisions/092).
// A reaction is the busiest write there is, one click each: its event goes into the outbox in the
// reaction's own insert, so a toggle needs no transaction (begin, the job, commit: three round
// trips). The notifications feature's worker takes the outbox in batches.
import { type SQL, sql } from "drizzle-orm";
import type { JobQueue } from "@/server/lib/jobs";
import type { NotificationEvent } from "./events";

/** The queue whose one waiting job means "the outbox has events": its worker writes them. */
export const NOTIFICATION_OUTBOX_QUEUE = "notification-outbox";

/**
 * A data-modifying part of a `with` that writes one event per row of `rows` (a CTE's name),
 * made by `event` from that row's columns. PostgreSQL runs it whether or not the query reads it,
 * within the statement: the event exists exactly when the row does.
 */
export function outboxInsert(rows: SQL, event: SQL): SQL {
  return sql`insert into notification_outbox (event) select ${event} from ${rows}`;
}

type Reacted = Extract<NotificationEvent, { type: "reacted" }>;
// Named through the event's type, so the JSON cannot drift from what the worker reads.
const REACTED: Reacted["type"] = "reacted";
const REACTION_ID: keyof Reacted = "reactionId";

/** The event of a reaction whose id is `id`, as `outboxInsert` writes it. */
export function reactedEvent(id: SQL): SQL {
  return sql`jsonb_build_object('type', ${REACTED}::text, ${REACTION_ID}::text, ${id}::text)`;
}

/**
 * Asks the worker to take the outbox. The queue keeps at most one waiting job, so this is a
 * no-op while one waits; a job that is already running has taken its batch, and this one makes
 * the next. Without it an event would still be written, at the queue's minute schedule.
 */
export async function nudgeOutbox(jobs: Pick<JobQueue, "send">): Promise<void> {
  await jobs.send(NOTIFICATION_OUTBOX_QUEUE, {});
}
