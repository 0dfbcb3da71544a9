// The Reports queue (docs/decisions/027): open reports grouped by item, with the item in
// context (a tag: its name and count, decision 070), how many reported it and why; open
// appeals. Reading for moderators and admins only, so the hidden words are shown (they decide
// on them).
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { displayName } from "@/server/db/display-name";
import { microsecondText } from "@/server/lib/page-cursor";
import { type ContentFormat, plainText } from "@/shared/markup/plain-text";
import type {
  ModerationQueue,
  QueueAppeal,
  QueueItem,
  ReportReason,
  ReportTarget,
} from "@/shared/moderation";
import type { IllegalHarmKind } from "@/shared/online-safety";
import { loadHeldSubmissions } from "./held";
import { loadHeldPosts } from "./held-posts";

/** Up to this many reported items at a time. */
export const QUEUE_SIZE = 50;

type ItemRow = {
  target_kind: ReportTarget;
  target_id: string;
  report_count: number;
  reasons: Record<ReportReason, number>;
  details: string[];
  harm_kinds: IllegalHarmKind[];
  unconfirmed_count: number;
  first_at: string;
  title: string | null;
  text: string | null;
  text_format: ContentFormat | null;
  discussion_id: string | null;
  author_id: string | null;
  author_name: string | null;
  hidden: boolean | null;
  deleted: boolean | null;
  tag_name: string | null;
  tag_discussions: number | null;
};

export async function loadQueue(db: Db): Promise<ModerationQueue> {
  const items = await queryRows<ItemRow>(
    db,
    sql`with open as (
          select target_kind, target_id, count(*)::int as report_count,
            min(created_at) as first_at,
            (select json_object_agg(reason, n) from (
               select reason, count(*)::int as n from reports x
               where x.target_kind = r.target_kind and x.target_id = r.target_id
                 and x.resolved_at is null
               group by reason) per) as reasons,
            coalesce(array_agg(details order by created_at) filter (where details is not null), '{}') as details,
            coalesce(array_agg(distinct harm_kind) filter (where harm_kind is not null), '{}') as harm_kinds,
            count(*) filter (where reporter_id is null and email_confirmed_at is null)::int as unconfirmed_count,
            -- Illegal content first, then items someone confirmed reporting (a member, or a
            -- visitor whose address is confirmed), then the rest; the oldest first within each
            -- (docs/decisions/079).
            row_number() over (order by bool_or(reason = 'illegal') desc,
              bool_or(reporter_id is not null or email_confirmed_at is not null) desc,
              min(created_at)) as place
          from reports r
          where resolved_at is null
          group by target_kind, target_id
          order by place
          limit ${QUEUE_SIZE}
        )
        select o.target_kind, o.target_id, o.report_count, o.reasons, o.details, o.harm_kinds,
          o.unconfirmed_count,
          ${microsecondText(sql`o.first_at`)} as first_at,
          case o.target_kind when 'discussion' then d.title when 'reply' then rd.title end as title,
          case o.target_kind when 'discussion' then d.content when 'reply' then rp.content
            when 'profile' then concat_ws(E'\n', pp.full_name, pp.bio, pp.location, pp.website)
            end as text,
          case o.target_kind when 'discussion' then d.content_format when 'reply' then 'markup'
            else 'plain' end as text_format,
          case o.target_kind when 'discussion' then d.id when 'reply' then rp.discussion_id end
            as discussion_id,
          case o.target_kind when 'discussion' then d.author_id when 'reply' then rp.author_id
            when 'profile' then pp.id end as author_id,
          ${displayName(sql`ap.full_name`, sql`ap.email`)} as author_name,
          case o.target_kind when 'discussion' then d.hidden_at is not null
            when 'reply' then rp.hidden_at is not null else false end as hidden,
          case o.target_kind when 'discussion' then d.status <> 'active'
            when 'reply' then rp.deleted_at is not null or rd.status <> 'active'
            when 'profile' then pp.id is null else tg.id is null end as deleted,
          tg.name as tag_name, tg.discussions_count as tag_discussions
        from open o
        left join discussions d on o.target_kind = 'discussion' and d.id::text = o.target_id
        left join discussion_replies rp on o.target_kind = 'reply' and rp.id::text = o.target_id
        left join discussions rd on rd.id = rp.discussion_id
        left join profiles pp on o.target_kind = 'profile' and pp.id = o.target_id
        left join tags tg on o.target_kind = 'tag' and tg.id::text = o.target_id
        left join profiles ap on ap.id = case o.target_kind when 'discussion' then d.author_id
          when 'reply' then rp.author_id when 'profile' then pp.id end
        order by o.place`,
  );
  const appeals = await queryRows<{
    id: string;
    at: string;
    message: string;
    member_name: string;
    action_id: string;
    action: string;
    target_kind: string;
    target_id: string;
    reason: string;
  }>(
    db,
    sql`select a.id, ${microsecondText(sql`a.created_at`)} as at, a.message,
          ${displayName(sql`p.full_name`, sql`p.email`)} as member_name,
          m.id as action_id, m.action, m.target_kind, m.target_id, m.reason
        from appeals a
        join moderation_actions m on m.id = a.action_id
        left join profiles p on p.id = a.user_id
        where a.resolved_at is null
        order by a.created_at
        limit ${QUEUE_SIZE}`,
  );
  return {
    held: await loadHeldSubmissions(db),
    heldPosts: await loadHeldPosts(db),
    items: items.map(
      (row): QueueItem => ({
        targetKind: row.target_kind,
        targetId: row.target_id,
        context: {
          title: row.title,
          // Read as written, without markup or mention tokens (docs/decisions/064).
          text: plainText(row.text ?? "", row.text_format ?? "plain"),
          discussionId: row.discussion_id,
          authorId: row.author_id,
          authorName: row.author_id ? row.author_name : null,
          hidden: row.hidden ?? false,
          deleted: row.deleted ?? true,
          tag:
            row.tag_name === null
              ? null
              : { name: row.tag_name, discussions: Number(row.tag_discussions ?? 0) },
        },
        reportCount: row.report_count,
        reasons: row.reasons ?? {},
        harmKinds: row.harm_kinds,
        unconfirmedCount: row.unconfirmed_count,
        details: row.details,
        firstReportedAt: row.first_at,
      }),
    ),
    appeals: appeals.map(
      (row): QueueAppeal => ({
        id: row.id,
        at: row.at,
        message: row.message,
        memberName: row.member_name,
        action: {
          id: row.action_id,
          action: row.action,
          targetKind: row.target_kind,
          targetId: row.target_id,
          reason: row.reason,
        },
      }),
    ),
  };
}
