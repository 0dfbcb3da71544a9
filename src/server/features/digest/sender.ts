// Sending the digests (docs/decisions/073). The hourly plan makes one row per due member and
// period (plan.ts); a chain of send jobs then takes rows a batch at a time: claims them
// (`sending`, committed), reads their content at that moment, hands each mail to the bulk
// transport and records it `sent` (or `empty`: nothing new, nothing sent). A claimed row is
// never taken back: a worker killed mid-batch leaves its rows `sending`, which a later run marks
// `skipped`. So a crash may cost a member one digest; it never sends anyone two.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import type { JobContext, JobQueue } from "@/server/lib/jobs";
import type { Logger } from "@/server/lib/logger";
import type { MailTransport } from "@/server/lib/mail";
import { type Candidates, digestContents, isEmpty } from "./content";
import { type DigestSite, digestMail } from "./digest-mail";
import { planDigests } from "./plan";

export const DIGEST_PLAN_QUEUE = "digest-plan";
export const DIGEST_SEND_QUEUE = "digest-send";

export type DigestSenderDeps = {
  db: Db;
  jobs: JobQueue;
  transport: MailTransport;
  logger: Logger;
  secret: string;
  site: DigestSite;
  /** Members claimed, read and mailed together. */
  batchSize: number;
};

type Claimed = {
  id: number;
  user_id: string;
  since: string;
  email: string;
  digest: "off" | "daily" | "weekly";
  period: string;
};

/** The Message-ID of one digest. */
export function digestMessageId(deliveryId: number, siteUrl: string): string {
  return `<digest-${deliveryId}@${new URL(siteUrl).hostname}>`;
}

async function claimBatch(db: Db, size: number): Promise<Claimed[]> {
  const rows = await queryRows<Claimed>(
    db,
    // The batch is chosen once, in a materialized CTE: inside `id in (...)` the limited,
    // skip-locked subquery may be run again by the executor and claim more than `size`.
    sql`with batch as materialized (
          select id from digest_deliveries where status = 'queued'
          order by id limit ${size} for update skip locked),
        claimed as (
          update digest_deliveries d set status = 'sending', claimed_at = now()
          from batch where d.id = batch.id
          returning d.id, d.user_id, d.since, d.period)
        select c.id::int8 as id, c.user_id, c.since, c.period, u.email, p.digest
        from claimed c join "user" u on u.id = c.user_id join profiles p on p.id = c.user_id
        order by c.id`,
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

type Outcome = "queued" | "sent" | "empty" | "skipped" | "failed";

async function settle(db: Db, ids: number[], status: Outcome) {
  if (ids.length === 0) return;
  await db.execute(
    sql`update digest_deliveries set status = ${status},
          sent_at = case when ${status} = 'sent' then now() end,
          claimed_at = case when ${status} = 'queued' then null else claimed_at end
        where id in (select value::int8 from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
          and status in ('sending', 'skipped')`,
  );
}

type AfterFailure = { outcome: Outcome; stop: boolean };

/**
 * What became of a mail the transport threw on, and whether the batch goes on (nodemailer's
 * errors name the SMTP command and the server's answer).
 * - This recipient refused (at RCPT TO), or this message refused for good (5xx at DATA): the
 *   server works; `failed` (5xx) or `skipped` (4xx: a full mailbox is not tried again, so that
 *   it never holds up everyone after it), and the batch goes on.
 * - Any other answer of the server, no connection, a refused sign-in: nothing was taken; the
 *   row and the rest of the batch go back to the queue, and the job tries again later.
 * - Anything else (a time-out mid-send) may have been delivered: `skipped`, never sent twice;
 *   the rest go back.
 */
function afterFailure(error: unknown): AfterFailure {
  const { code, responseCode, command } = (error ?? {}) as {
    code?: unknown;
    responseCode?: unknown;
    command?: unknown;
  };
  if (typeof responseCode === "number") {
    if (command === "RCPT TO")
      return { outcome: responseCode >= 500 ? "failed" : "skipped", stop: false };
    if (command === "DATA" && responseCode >= 500) return { outcome: "failed", stop: false };
    return { outcome: "queued", stop: true };
  }
  if (code === "ECONNECTION" || code === "ECONNREFUSED" || code === "EAUTH") {
    return { outcome: "queued", stop: true };
  }
  return { outcome: "skipped", stop: true };
}

/** Sends one claimed batch; the number of mails handed over. */
async function sendBatch(deps: DigestSenderDeps, batch: Claimed[], candidates: Candidates) {
  // A member who turned the digest off (or to another period) since the plan gets nothing.
  const wanted = batch.filter((row) => row.period.startsWith(`${row.digest}:`));
  const contents = await digestContents(
    deps.db,
    wanted.map((row) => ({ userId: row.user_id, since: new Date(row.since) })),
    candidates,
  );
  const outcomes = new Map<Outcome, number[]>();
  const record = (status: Outcome, ...ids: number[]) =>
    outcomes.set(status, [...(outcomes.get(status) ?? []), ...ids]);
  record("empty", ...batch.filter((row) => !wanted.includes(row)).map((row) => row.id));
  let failure: unknown = null;
  for (const [index, row] of wanted.entries()) {
    const content = contents.get(row.user_id);
    if (!content || isEmpty(content)) {
      record("empty", row.id);
      continue;
    }
    const choice = row.digest === "daily" ? "daily" : "weekly";
    const to = { userId: row.user_id, email: row.email, choice } as const;
    try {
      await deps.transport.deliver(
        digestMail(deps.site, deps.secret, to, content),
        digestMessageId(row.id, deps.site.siteUrl),
      );
      record("sent", row.id);
    } catch (error) {
      const { outcome, stop } = afterFailure(error);
      record(outcome, row.id);
      if (!stop) {
        deps.logger.warn({ err: error, delivery: row.id }, `digest ${outcome}`);
        continue;
      }
      // The mail server is failing: this batch stops, what was not tried goes back.
      failure = error;
      record("queued", ...wanted.slice(index + 1).map((rest) => rest.id));
      break;
    }
  }
  for (const [status, ids] of outcomes) await settle(deps.db, ids, status);
  if (failure) throw failure; // the queue tries again after its delay
  return outcomes.get("sent")?.length ?? 0;
}

/**
 * Rows claimed longer ago than the lease belong to a run that died: they are skipped, not sent
 * again. The lease is longer than a live run ever holds a batch (a third of the job's expiry).
 */
async function skipAbandoned(db: Db, leaseSeconds: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`with skipped as (
          update digest_deliveries set status = 'skipped'
          where status = 'sending' and claimed_at < now() - make_interval(secs => ${leaseSeconds})
          returning 1)
        select count(*)::int as n from skipped`,
  );
  return row?.n ?? 0;
}

async function sendRun(deps: DigestSenderDeps, job: JobContext) {
  const leaseSeconds = Math.max(1, Math.floor((job.expireInSeconds * 2) / 3));
  const budgetMs = (job.expireInSeconds * 1000) / 3;
  const skipped = await skipAbandoned(deps.db, leaseSeconds);
  if (skipped > 0) deps.logger.warn({ skipped }, "digests skipped: their worker stopped mid-send");
  const started = Date.now();
  const candidates: Candidates = new Map();
  let sent = 0;
  for (;;) {
    const batch = await claimBatch(deps.db, deps.batchSize);
    if (batch.length === 0) break;
    sent += await sendBatch(deps, batch, candidates);
    if (Date.now() - started > budgetMs) {
      // This run has had its share: the next batch is another job (a restart resumes there).
      await deps.jobs.send(DIGEST_SEND_QUEUE, {}, { singletonKey: "digest" });
      break;
    }
  }
  if (sent > 0) deps.logger.info({ sent }, "digests sent");
}

export function defineDigestSender(deps: DigestSenderDeps): void {
  deps.jobs.define({
    name: DIGEST_PLAN_QUEUE,
    policy: "short",
    // Every hour: the current periods' rows for members who became due (plan.ts).
    cron: "7 * * * *",
    handler: async () => {
      const planned = await planDigests(deps.db);
      if (planned > 0) deps.logger.info({ planned }, "digests planned");
      // Every hour, planned or not: a chain of sends broken off (a restart between its runs)
      // picks up its queued rows here. A run with nothing queued costs one statement.
      await deps.jobs.send(DIGEST_SEND_QUEUE, {}, { singletonKey: "digest" });
    },
  });
  deps.jobs.define({
    name: DIGEST_SEND_QUEUE,
    policy: "short",
    batchSize: 1,
    retryLimit: 20,
    retryDelaySeconds: 10,
    // A run sends for at most a third of this; a row held longer than two thirds is skipped.
    expireInSeconds: 180,
    handler: (_data, job) => sendRun(deps, job),
  });
}
