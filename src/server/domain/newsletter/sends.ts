// Emailing a blog post to the newsletter's subscribers (docs/decisions/028): the CMS starts a
// send, the newsletter feature's workers deliver it. Shared here because two features meet in
// it: the CMS (which posts, who asked, the counts it shows) and the newsletter (who receives).
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import type { JobQueue } from "@/server/lib/jobs";
import type { NewsletterContent } from "@/shared/api-types";

/** Makes one delivery row per active subscriber, then starts the batches. */
export const NEWSLETTER_FAN_OUT_QUEUE = "newsletter-fan-out";
/** Delivers a send's queued rows, a batch at a time, at the configured pace. */
export const NEWSLETTER_BATCH_QUEUE = "newsletter-batch";

export type NewsletterSendJob = { sendId: string };

/**
 * Starts emailing a post, in the caller's transaction: the send row and its fan-out job
 * commit together. Null when the post was emailed before (a post goes out once).
 */
export async function startSend(
  tx: Db,
  jobs: JobQueue,
  send: { postId: string; content: NewsletterContent; userId: string | null },
): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into newsletter_sends (post_id, content, created_by)
        values (${send.postId}::uuid, ${send.content}, ${send.userId})
        on conflict (post_id) do nothing
        returning id`,
  );
  if (!row) return null;
  await jobs.send(NEWSLETTER_FAN_OUT_QUEUE, { sendId: row.id } satisfies NewsletterSendJob, {
    tx,
  });
  return row.id;
}

/**
 * A post's send and its delivery counts as one JSON value (null when never emailed), for the
 * CMS's post queries: `${newsletterDeliveryJson(sql`blog_posts.id`)} as newsletter`.
 * `queued` counts rows waiting and the one in a sender's hands.
 */
export function newsletterDeliveryJson(postId: SQL): SQL {
  return sql`(select json_build_object(
      'content', s.content,
      'startedAt', to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
      'queued', (select count(*) from newsletter_deliveries d
                 where d.send_id = s.id and d.status in ('queued', 'sending'))::int,
      'sent', (select count(*) from newsletter_deliveries d
               where d.send_id = s.id and d.status = 'sent')::int,
      'failed', (select count(*) from newsletter_deliveries d
                 where d.send_id = s.id and d.status = 'failed')::int,
      'preparing', s.fanned_out_at is null)
    from newsletter_sends s where s.post_id = ${postId})`;
}
