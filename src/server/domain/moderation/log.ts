// The moderation log (docs/decisions/027): every moderator action is one row of
// moderation_actions, written in the same transaction as the action itself. The features that
// act (the queue, the forum's delete, replies) write through here.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";

export type ModerationLogEntry = {
  /** Null: the system acted (a suspension carried to a new account, decision 047). */
  actorId: string | null;
  action: string;
  targetKind: string;
  targetId: string;
  subjectId: string | null;
  reason: string;
  /** The rule of the terms broken (docs/decisions/082). */
  rule?: string | null;
  endsAt?: string | null;
  /** For edit: the post's text before it (docs/decisions/048). */
  previous?: { title: string | null; content: string };
};

/**
 * The actions whose member (`subject_id`) is told by notification, with the reason; the others
 * (a dismissed report, a held post's or submission's fate, a restore) are not, so nothing
 * shown to the member may name them (docs/decisions/047).
 */
export const MODERATION_ACTIONS_TOLD_TO_MEMBER: readonly string[] = [
  "hide",
  "delete",
  // An edit they may edit back (docs/decisions/048): told, never appealed.
  "edit",
  "suspend",
  "lift",
  "appeal-kept",
  "appeal-reversed",
];

/** Used where a moderator removed something outside the queue, which asks no reason. */
export const NO_REASON_GIVEN = "No reason given";

/** Writes one row; returns its id. */
export async function recordModerationAction(db: Db, entry: ModerationLogEntry): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into moderation_actions (actor_id, action, target_kind, target_id, subject_id, reason,
          rule, ends_at, previous_title, previous_content)
        values (${entry.actorId}, ${entry.action}, ${entry.targetKind}, ${entry.targetId},
          ${entry.subjectId}, ${entry.reason}, ${entry.rule ?? null},
          ${entry.endsAt ?? null}::timestamptz,
          ${entry.previous?.title ?? null}, ${entry.previous?.content ?? null})
        returning id`,
  );
  if (!row) throw new Error("The moderation action could not be recorded");
  return row.id;
}
