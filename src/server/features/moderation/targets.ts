// What a report or a moderator's action is about: a discussion, a reply or a member's profile,
// looked up with its author. Only what members can see can be reported: an active discussion,
// a reply not deleted in an active discussion, a verified account's profile.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { TEXT_ID, UUID_ID } from "@/server/lib/ids";
import type { ReportTarget } from "@/shared/moderation";

export type Target = {
  kind: ReportTarget;
  id: string;
  /** The member who wrote it (the profile's owner); null once the account is gone. */
  authorId: string | null;
  hidden: boolean;
};

export const TARGET_NOT_FOUND: Record<ReportTarget, string> = {
  discussion: "Discussion not found",
  reply: "Reply not found",
  profile: "Profile not found",
};

/** Whether `id` can name an item of `kind` at all (a uuid, or a member's id). */
export function isTargetId(kind: ReportTarget, id: string): boolean {
  return kind === "profile" ? TEXT_ID.test(id) : UUID_ID.test(id);
}

/** The target, while members can see it; null otherwise (also for ids of the wrong shape). */
export async function findTarget(db: Db, kind: ReportTarget, id: string): Promise<Target | null> {
  if (!isTargetId(kind, id)) return null;
  const query =
    kind === "discussion"
      ? sql`select author_id, hidden_at is not null as hidden from discussions
            where id = ${id}::uuid and status = 'active'`
      : kind === "reply"
        ? sql`select r.author_id, r.hidden_at is not null as hidden
              from discussion_replies r join discussions d on d.id = r.discussion_id
              where r.id = ${id}::uuid and r.deleted_at is null and d.status = 'active'`
        : sql`select p.id as author_id, false as hidden from profiles p
              join "user" u on u.id = p.id and u.email_verified
              where p.id = ${id}`;
  const [row] = await queryRows<{ author_id: string | null; hidden: boolean }>(db, query);
  return row ? { kind, id, authorId: row.author_id, hidden: row.hidden } : null;
}
