// The public /moderation page (docs/decisions/027): what was hidden, deleted or edited by a
// moderator (decision 048) and which suspensions were made, newest first. Only the date, the reason, the kind of content and the
// author's display name leave the database: never the content (nor an edit's text before it),
// never the moderator.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { displayName } from "@/server/db/display-name";
import { UUID_ID } from "@/server/lib/ids";
import {
  afterTimeCursor,
  decodeTimeCursor,
  encodeCursor,
  microsecondText,
} from "@/server/lib/page-cursor";
import type { PublicModerationEntry, PublicModerationPage } from "@/shared/moderation";

export const PUBLIC_LOG_PAGE_SIZE = 30;

/**
 * The log, newest first; with `memberId`, only the entries about that member (their history, for
 * staff: docs/product.md §11.8).
 */
export async function publicModerationLog(
  db: Db,
  cursor: string | undefined,
  limit: number,
  memberId?: string,
): Promise<PublicModerationPage> {
  const after = cursor
    ? sql`and ${afterTimeCursor(decodeTimeCursor(cursor, UUID_ID), "m")}`
    : sql``;
  const ofMember = memberId ? sql`and m.subject_id = ${memberId}` : sql``;
  const rows = await queryRows<{
    id: string;
    at: string;
    action: PublicModerationEntry["action"];
    target_kind: string;
    reason: string;
    author_name: string | null;
    ends_at: string | null;
  }>(
    db,
    sql`select m.id, ${microsecondText(sql`m.created_at`)} as at, m.action, m.target_kind,
          m.reason, ${microsecondText(sql`m.ends_at`)} as ends_at,
          case when p.id is null then null
            else ${displayName(sql`p.full_name`, sql`p.email`)} end as author_name
        from moderation_actions m
        left join profiles p on p.id = m.subject_id
        where m.action in ('hide', 'delete', 'edit', 'suspend') ${ofMember} ${after}
        order by m.created_at desc, m.id desc
        limit ${limit + 1}`,
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    entries: page.map((row) => ({
      id: row.id,
      at: row.at,
      action: row.action,
      contentKind: row.target_kind,
      reason: row.reason,
      authorName: row.author_name,
      endsAt: row.ends_at,
    })),
    nextCursor: rows.length > limit && last ? encodeCursor([last.at, last.id]) : null,
  };
}
