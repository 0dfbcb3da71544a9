// Moderators' and admins' edits of others' posts for staff (docs/decisions/048): newest first,
// with who edited and the text before the edit, so a rewrite can be checked. Staff only: the
// public /moderation page shows these edits without the editor and without any text.
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
import type { ModeratorEditEntry, ModeratorEditPage } from "@/shared/moderation";

export const EDIT_LOG_PAGE_SIZE = 20;

export async function moderatorEditLog(
  db: Db,
  cursor: string | undefined,
  limit: number,
): Promise<ModeratorEditPage> {
  const after = cursor
    ? sql`and ${afterTimeCursor(decodeTimeCursor(cursor, UUID_ID), "m")}`
    : sql``;
  const rows = await queryRows<{
    id: string;
    at: string;
    editor_name: string | null;
    author_name: string | null;
    target_kind: ModeratorEditEntry["targetKind"];
    target_id: string;
    discussion_id: string | null;
    reason: string;
    previous_title: string | null;
    previous_content: string | null;
  }>(
    db,
    sql`select m.id, ${microsecondText(sql`m.created_at`)} as at, m.target_kind, m.target_id,
          m.reason, m.previous_title, m.previous_content,
          case when e.id is null then null
            else ${displayName(sql`e.full_name`, sql`e.email`)} end as editor_name,
          case when a.id is null then null
            else ${displayName(sql`a.full_name`, sql`a.email`)} end as author_name,
          case when m.target_kind = 'discussion' then m.target_id
            else (select r.discussion_id::text from discussion_replies r
                  where r.id::text = m.target_id) end as discussion_id
        from moderation_actions m
        left join profiles e on e.id = m.actor_id
        left join profiles a on a.id = m.subject_id
        where m.action = 'edit' ${after}
        order by m.created_at desc, m.id desc
        limit ${limit + 1}`,
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    entries: page.map((row) => ({
      id: row.id,
      at: row.at,
      editorName: row.editor_name,
      authorName: row.author_name,
      targetKind: row.target_kind,
      targetId: row.target_id,
      discussionId: row.discussion_id,
      reason: row.reason,
      previousTitle: row.previous_title,
      previousContent: row.previous_content ?? "",
    })),
    nextCursor: rows.length > limit && last ? encodeCursor([last.at, last.id]) : null,
  };
}
