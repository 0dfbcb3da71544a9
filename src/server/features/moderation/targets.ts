// What a report or a moderator's action is about: a discussion, a reply, a member's profile or
// a tag, looked up with its author. Only what members can see can be reported: an active
// discussion, a reply not deleted in an active discussion, a verified account's profile, a tag
// the tag rule lists to members (docs/decisions/070; the queue's actions find a tag by the rule
// for the moderator acting, so a reported tag unlisted since can still be deleted).
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { tagListed } from "@/server/domain/tags/tags";
import type { Reader } from "@/server/domain/visibility/rule";
import { TEXT_ID, UUID_ID } from "@/server/lib/ids";
import type { ReportTarget } from "@/shared/moderation";
import { TAG_NOT_FOUND } from "@/shared/tags";

export type Target = {
  kind: ReportTarget;
  id: string;
  /** The member who wrote it (the profile's owner); null once the account is gone, or a tag. */
  authorId: string | null;
  hidden: boolean;
};

export const TARGET_NOT_FOUND: Record<ReportTarget, string> = {
  discussion: "Discussion not found",
  reply: "Reply not found",
  profile: "Profile not found",
  tag: TAG_NOT_FOUND,
};

/** Whether `id` can name an item of `kind` at all (a uuid, or a member's id). */
export function isTargetId(kind: ReportTarget, id: string): boolean {
  return kind === "profile" ? TEXT_ID.test(id) : UUID_ID.test(id);
}

/** The item's author and hidden state, while members (a tag: `reader`) can see it. */
function visibleTarget(kind: ReportTarget, id: string, reader: Reader): SQL {
  switch (kind) {
    case "discussion":
      return sql`select author_id, hidden_at is not null as hidden from discussions
                 where id = ${id}::uuid and status = 'active'`;
    case "reply":
      return sql`select r.author_id, r.hidden_at is not null as hidden
                 from discussion_replies r join discussions d on d.id = r.discussion_id
                 where r.id = ${id}::uuid and r.deleted_at is null and d.status = 'active'`;
    case "profile":
      return sql`select p.id as author_id, false as hidden from profiles p
                 join "user" u on u.id = p.id and u.email_verified
                 where p.id = ${id}`;
    case "tag":
      // Listed by the tag rule: no author, never hidden.
      return sql`select null::text as author_id, false as hidden from tags t
                 where t.id = ${id}::uuid and ${tagListed(reader)}`;
  }
}

/**
 * The target, while members can see it; null otherwise (also for ids of the wrong shape). A tag
 * by the tag rule for `reader`: members' (null) for a report, a moderator's for an action.
 */
export async function findTarget(
  db: Db,
  kind: ReportTarget,
  id: string,
  reader: Reader = null,
): Promise<Target | null> {
  if (!isTargetId(kind, id)) return null;
  const [row] = await queryRows<{ author_id: string | null; hidden: boolean }>(
    db,
    visibleTarget(kind, id, reader),
  );
  return row ? { kind, id, authorId: row.author_id, hidden: row.hidden } : null;
}
