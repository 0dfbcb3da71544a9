// Sending a blog post to the newsletter (docs/decisions/028). The fan-out makes one delivery
// row per active subscriber (a unique key: once each, whoever runs it, however often). A batch
// job then takes rows one at a time: marks the row `sending` (committed), hands the message to
// the mail server, and marks it `sent`; so a worker killed mid-send leaves every row either
// done, untouched (`queued`), or the one it held (`sending`). A later run takes a `sending`
// row back once its holder's lease is over and sends it again with the same Message-ID, so the
// rare repeat (killed between the server's "250 OK" and the commit) is recognisable as one.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import {
  NEWSLETTER_BATCH_QUEUE,
  NEWSLETTER_FAN_OUT_QUEUE,
  type NewsletterSendJob,
} from "@/server/domain/newsletter/sends";
import type { JobContext, JobQueue } from "@/server/lib/jobs";
import type { Logger } from "@/server/lib/logger";
import type { MailTransport } from "@/server/lib/mail";
import type { NewsletterContent } from "@/shared/api-types";
import { unsubscribeUrls } from "./links";
import { type NewsletterPost, postEmail } from "./post-email";

export type NewsletterSenderDeps = {
  db: Db;
  jobs: JobQueue;
  transport: MailTransport;
  logger: Logger;
  secret: string;
  site: { siteName: string; siteUrl: string };
  /** Mails per batch, and the pace (0: as fast as the mail server takes them). */
  batchSize: number;
  mailsPerSecond: number;
};

/** A recipient whose mail the server refused for now is tried again this many times. */
export const MAX_ATTEMPTS = 5;
/** After a temporary failure the send pauses this long (the server may be down). */
export const RETRY_AFTER_SECONDS = 60;

type Claimed = { id: number; attempts: number; email: string; status: string };
type SendRow = NewsletterPost & { content_mode: NewsletterContent };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The Message-ID of one delivery: the same on every attempt. */
export function deliveryMessageId(deliveryId: number, siteUrl: string): string {
  return `<newsletter-${deliveryId}@${new URL(siteUrl).hostname}>`;
}

async function fanOut(deps: NewsletterSenderDeps, { sendId }: NewsletterSendJob, job: JobContext) {
  await deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [send] = await queryRows<{ id: string }>(
      tx,
      sql`update newsletter_sends set fanned_out_at = coalesce(fanned_out_at, now())
          where id = ${sendId}::uuid returning id`,
    );
    if (send) {
      await tx.execute(
        sql`insert into newsletter_deliveries (send_id, subscriber_id)
            select ${sendId}::uuid, id from newsletter_subscribers where status = 'active'
            on conflict (send_id, subscriber_id) do nothing`,
      );
      await deps.jobs.send(NEWSLETTER_BATCH_QUEUE, { sendId }, { tx, singletonKey: sendId });
    }
    await job.completeIn(tx);
  });
}

/** Takes the next queued row of the send for this run; null when none is left. */
async function claimNext(db: Db, sendId: string, run: string): Promise<Claimed | null> {
  const [row] = await queryRows<Claimed>(
    db,
    sql`with claimed as (
          update newsletter_deliveries set status = 'sending', claimed_by = ${run},
                 claimed_at = now(), attempts = attempts + 1
          where id = (select id from newsletter_deliveries
                      where send_id = ${sendId}::uuid and status = 'queued'
                      order by id limit 1 for update skip locked)
          returning id, subscriber_id, attempts)
        select c.id::int8 as id, c.attempts, s.email, s.status
        from claimed c join newsletter_subscribers s on s.id = c.subscriber_id`,
  );
  return row ? { ...row, id: Number(row.id) } : null;
}

async function settle(
  db: Db,
  id: number,
  run: string,
  status: "queued" | "sent" | "failed" | "cancelled",
  error: string | null = null,
) {
  await db.execute(
    sql`update newsletter_deliveries
        set status = ${status}, error = ${error}, claimed_by = null,
            sent_at = case when ${status} = 'sent' then now() end
        where id = ${id} and claimed_by = ${run}`,
  );
}

/** A refusal the mail server means for good (5xx): no retry will change it. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown })?.responseCode;
  return typeof code === "number" && code >= 500;
}

/**
 * The sends this process is working on. A run that stalls past its job's expiry (a loaded
 * machine, a slow mail server) is retried by the queue while it still runs; the retry must
 * neither run beside it nor take back the row it holds (that would send it twice). It leaves
 * the send to the live run and looks again later.
 */
const inHand = new Set<string>();

async function sendBatches(
  deps: NewsletterSenderDeps,
  { sendId }: NewsletterSendJob,
  job: JobContext,
) {
  if (inHand.has(sendId)) {
    await deps.jobs.send(
      NEWSLETTER_BATCH_QUEUE,
      { sendId },
      { startAfter: Math.ceil(job.expireInSeconds / 3), singletonKey: sendId },
    );
    return;
  }
  inHand.add(sendId);
  try {
    await sendRun(deps, sendId, job);
  } finally {
    inHand.delete(sendId);
  }
}

async function sendRun(deps: NewsletterSenderDeps, sendId: string, job: JobContext) {
  const { db } = deps;
  const [send] = await queryRows<SendRow>(
    db,
    sql`select p.title, p.excerpt, p.content, p.content_format as "contentFormat", p.slug,
          s.content as content_mode
        from newsletter_sends s join blog_posts p on p.id = s.post_id
        where s.id = ${sendId}::uuid`,
  );
  if (!send) return; // the post was deleted, and its send with it
  // A run holds a row only while handing it to the mail server; a row held longer than this
  // belongs to a run that died (its job expires later still, so no live run is cut short).
  const leaseSeconds = Math.max(1, Math.floor((job.expireInSeconds * 2) / 3));
  const budgetMs = (job.expireInSeconds * 1000) / 3;
  await db.execute(
    sql`update newsletter_deliveries set status = 'queued', claimed_by = null
        where send_id = ${sendId}::uuid and status = 'sending'
          and claimed_at < now() - make_interval(secs => ${leaseSeconds})`,
  );
  const postUrl = new URL(`/blog/${send.slug}`, deps.site.siteUrl).href;
  const started = Date.now();
  const next = (startAfter: number) =>
    deps.jobs.send(
      NEWSLETTER_BATCH_QUEUE,
      { sendId },
      { startAfter: startAfter > 0 ? startAfter : undefined, singletonKey: sendId },
    );
  for (;;) {
    const batchStarted = Date.now();
    let handled = 0;
    while (handled < deps.batchSize) {
      const row = await claimNext(db, sendId, job.run);
      if (!row) break;
      handled += 1;
      if (row.status !== "active") {
        await settle(db, row.id, job.run, "cancelled"); // unsubscribed since the fan-out
        continue;
      }
      const { pageUrl, oneClickUrl } = unsubscribeUrls(deps.secret, deps.site.siteUrl, row.email);
      const message = postEmail(deps.site, row.email, send, send.content_mode, {
        postUrl,
        unsubscribePageUrl: pageUrl,
        oneClickUrl,
      });
      try {
        await deps.transport.deliver(message, deliveryMessageId(row.id, deps.site.siteUrl));
        await settle(db, row.id, job.run, "sent");
      } catch (error) {
        const reason = String((error as Error)?.message ?? error).slice(0, 500);
        if (isPermanent(error) || row.attempts >= MAX_ATTEMPTS) {
          await settle(db, row.id, job.run, "failed", reason);
          continue;
        }
        // The server is refusing for now: this row goes back, the send pauses.
        await settle(db, row.id, job.run, "queued", reason);
        deps.logger.warn({ err: error, send: sendId }, "newsletter delivery deferred");
        await next(RETRY_AFTER_SECONDS);
        return;
      }
    }
    if (handled < deps.batchSize) break; // nothing queued is left
    const pace = deps.mailsPerSecond > 0 ? deps.batchSize / deps.mailsPerSecond : 0;
    const wait = pace - (Date.now() - batchStarted) / 1000;
    if (Date.now() - started + Math.max(0, wait) * 1000 > budgetMs) {
      // This run has had its share: the next batch is another job (a restart resumes there).
      await next(wait);
      return;
    }
    if (wait > 0) await sleep(wait * 1000);
  }
  // Rows another run still holds: look again once their lease is over.
  const [held] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from newsletter_deliveries
        where send_id = ${sendId}::uuid and status = 'sending'`,
  );
  if (held && held.n > 0) await next(leaseSeconds);
}

export function defineNewsletterSender(deps: NewsletterSenderDeps): void {
  deps.jobs.define<NewsletterSendJob>({
    name: NEWSLETTER_FAN_OUT_QUEUE,
    retryLimit: 10,
    retryDelaySeconds: 10,
    handler: (data, job) => fanOut(deps, data, job),
  });
  deps.jobs.define<NewsletterSendJob>({
    name: NEWSLETTER_BATCH_QUEUE,
    // One waiting batch job per send: a send is one chain of batches.
    policy: "short",
    batchSize: 1,
    retryLimit: 20,
    retryDelaySeconds: 10,
    // A run sends for at most a third of this, and holds a row for at most two thirds.
    expireInSeconds: 180,
    handler: (data, job) => sendBatches(deps, data, job),
  });
}
