// New members' first posts held for review (docs/decisions/034), in the queue: a moderator
// approves one (it appears, counts, and its notifications and live event go out) or deletes
// it. Each decision is one transaction with its row in the moderation log. Neither is on the
// public log: the post was never public.
import { sql } from "drizzle-orm";
import type { Viewer } from "@/server/auth/viewer";
import type { AppDeps } from "@/server/context";
import { type Db, queryRows } from "@/server/db/client";
import { displayName } from "@/server/db/display-name";
import { requireAuthorMayPostIn } from "@/server/domain/categories/categories";
import { recordModerationAction } from "@/server/domain/moderation/log";
import { queueNotificationEvent } from "@/server/domain/notifications/events";
import { HttpError } from "@/server/lib/http-error";
import { publishDiscussionChange } from "@/server/lib/live-discussions";
import { microsecondText } from "@/server/lib/page-cursor";
import { type ContentFormat, plainText } from "@/shared/markup/plain-text";
import type { HeldPost, HeldPostKind } from "@/shared/moderation";

export const HELD_POST_NOT_FOUND = "This post is no longer held for review.";

const HELD_POSTS_PAGE = 50;

export async function loadHeldPosts(db: Db): Promise<HeldPost[]> {
  const rows = await queryRows<{
    kind: HeldPostKind;
    id: string;
    discussion_id: string;
    title: string;
    text: string;
    text_format: ContentFormat;
    author_id: string | null;
    author_name: string;
    at: string;
  }>(
    db,
    sql`select * from (
          select 'discussion' as kind, d.id, d.id as discussion_id, d.title, d.content as text,
            d.content_format as text_format,
            d.author_id, ${displayName(sql`p.full_name`, sql`p.email`)} as author_name,
            d.created_at as sort_at, ${microsecondText(sql`d.created_at`)} as at
          from discussions d left join profiles p on p.id = d.author_id
          where d.status = 'held'
          union all
          select 'reply', r.id, r.discussion_id, d.title, r.content, 'markup', r.author_id,
            ${displayName(sql`p.full_name`, sql`p.email`)}, r.created_at,
            ${microsecondText(sql`r.created_at`)}
          from discussion_replies r
          join discussions d on d.id = r.discussion_id and d.status in ('active', 'held')
          left join profiles p on p.id = r.author_id
          where r.held_at is not null and r.deleted_at is null
        ) held order by sort_at limit ${HELD_POSTS_PAGE}`,
  );
  return rows.map((row) => ({
    kind: row.kind,
    id: row.id,
    discussionId: row.discussion_id,
    title: row.title,
    // Read as written, without markup or mention tokens (docs/decisions/064).
    text: plainText(row.text, row.text_format),
    authorId: row.author_id,
    authorName: row.author_name,
    at: row.at,
  }));
}

type Decided = { discussion_id: string; author_id: string | null };

/** Approves or deletes a held post; the log row's id. 404 when it is not held (any more). */
export async function decideHeldPost(
  deps: AppDeps,
  actor: Viewer,
  target: { kind: HeldPostKind; id: string },
  decision: "approve" | "delete",
  reason: string,
): Promise<string> {
  const approve = decision === "approve";
  return deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [row] =
      target.kind === "discussion"
        ? await queryRows<Decided>(
            tx,
            sql`update discussions set updated_at = now(),
                  ${approve ? sql`status = 'active'` : sql`status = 'deleted', deleted_at = now()`}
                where id = ${target.id}::uuid and status = 'held'
                returning id as discussion_id, author_id`,
          )
        : await queryRows<Decided>(
            tx,
            sql`update discussion_replies set updated_at = now(),
                  ${approve ? sql`held_at = null` : sql`deleted_at = now()`}
                where id = ${target.id}::uuid and held_at is not null and deleted_at is null
                returning discussion_id, author_id`,
          );
    if (!row) throw new HttpError(404, HELD_POST_NOT_FOUND);
    // Its category's rule applies as if it were posted now (issue 41).
    if (approve && target.kind === "discussion") await requireAuthorMayPostIn(tx, target.id);
    const actionId = await recordModerationAction(tx, {
      actorId: actor.id,
      action: approve ? "approve-held" : "delete-held",
      targetKind: target.kind,
      targetId: target.id,
      subjectId: row.author_id,
      reason,
    });
    if (approve) {
      // What posting would have done, now: the notifications and the live event.
      if (target.kind === "reply") {
        await queueNotificationEvent(
          deps.jobs,
          { type: "reply-created", replyId: target.id },
          { tx },
        );
        await publishDiscussionChange(
          tx,
          { type: "updated", id: row.discussion_id, reply: { type: "created", id: target.id } },
          deps.logger,
        );
      } else {
        await queueNotificationEvent(
          deps.jobs,
          { type: "discussion-created", discussionId: target.id },
          { tx },
        );
        await publishDiscussionChange(tx, { type: "created", id: target.id }, deps.logger);
      }
    }
    return actionId;
  });
}
