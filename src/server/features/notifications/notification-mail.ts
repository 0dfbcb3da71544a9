// Notification email (docs/product.md §10, docs/decisions/023): at most one mail per member per
// discussion an hour (later events wait for the next), a daily digest for the kinds set to it,
// verified addresses only, a text and an HTML part with member-written text escaped, and a
// one-click unsubscribe (RFC 8058) that works without signing in. Each entry is checked against
// the visibility rule again when mailed (decision 052).
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { type Reader, wordsReadable } from "@/server/domain/visibility/rule";
import type { JobQueue } from "@/server/lib/jobs";
import type { Logger } from "@/server/lib/logger";
import type { Mailer, MailMessage } from "@/server/lib/mail";
import { type HtmlBlock, mailHtml } from "@/server/lib/mail-html";
import { plainText } from "@/shared/markup/plain-text";
import {
  KIND_LABELS,
  type NotificationItem,
  type NotificationKind,
  notificationPath,
  notificationText,
} from "@/shared/notifications";
import { type Role, roleOrDefault } from "@/shared/permissions";
import { citesRule, termsRuleLabel, termsRulePath } from "@/shared/terms-rules";
import { loadEntries } from "./queries";
import { notificationUnsubscribeToken } from "./unsubscribe-token";

export const NOTIFICATION_MAIL_QUEUE = "notification-mail";
export const DIGEST_QUEUE = "notification-digest";
export const DIGEST_MEMBER_QUEUE = "notification-digest-member";

/** One member's mail about one topic: a discussion's id, or `account`. */
export type NotificationMailJob = { userId: string; topic: string };

export const MAIL_WINDOW_SECONDS = 3600;

export function mailJobKey(job: NotificationMailJob): string {
  return `${job.userId}:${job.topic}`;
}
/** The API path the List-Unsubscribe header names; the body's link opens the client page. */
export const UNSUBSCRIBE_API_PATH = "/api/notifications/unsubscribe";
export const UNSUBSCRIBE_PAGE_PATH = "/notifications/unsubscribe";

export type NotificationMailDeps = {
  db: Db;
  jobs: JobQueue;
  mailer: Mailer;
  logger: Logger;
  secret: string;
  site: { siteName: string; siteUrl: string };
};

/** A member to mail: their address and role; null unless verified (mail goes to those only). */
type Recipient = { id: string; role: Role; email: string };

async function verifiedRecipient(tx: Db, userId: string): Promise<Recipient | null> {
  const [row] = await queryRows<{ email: string; role: string | null }>(
    tx,
    sql`select u.email, ur.role from "user" u left join user_roles ur on ur.user_id = u.id
        where u.id = ${userId} and u.email_verified`,
  );
  return row ? { id: userId, role: roleOrDefault(row.role), email: row.email } : null;
}

/**
 * The newest reply's words for the mail, if `reader` may read them now (docs/decisions/052):
 * its plain text, mention tokens as `@Name` (docs/decisions/064).
 */
async function replyExcerpt(
  tx: Db,
  reader: Reader,
  replyId: string | null,
): Promise<string | null> {
  if (!replyId) return null;
  const [row] = await queryRows<{ content: string }>(
    tx,
    sql`select content from discussion_replies r
        where r.id = ${replyId}::uuid and r.deleted_at is null and r.held_at is null
          and ${wordsReadable(reader, { hiddenAt: sql`r.hidden_at`, authorId: sql`r.author_id` })}`,
  );
  if (!row) return null;
  const text = plainText(row.content, "markup");
  return text.length > 500 ? `${text.slice(0, 500).trimEnd()}…` : text;
}

function unsubscribeHeaders(deps: NotificationMailDeps, userId: string, kinds: NotificationKind[]) {
  const token = notificationUnsubscribeToken(deps.secret, { userId, kinds });
  const oneClick = new URL(UNSUBSCRIBE_API_PATH, deps.site.siteUrl);
  oneClick.searchParams.set("token", token);
  const page = new URL(UNSUBSCRIBE_PAGE_PATH, deps.site.siteUrl);
  page.searchParams.set("token", token);
  return {
    headers: {
      "List-Unsubscribe": `<${oneClick.href}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    pageUrl: page.href,
  };
}

async function composeMail(
  tx: Db,
  deps: NotificationMailDeps,
  to: Recipient,
  entries: NotificationItem[],
  digest: boolean,
): Promise<MailMessage> {
  const { siteName, siteUrl } = deps.site;
  const kinds = [...new Set(entries.map((entry) => entry.kind as NotificationKind))];
  const { headers, pageUrl } = unsubscribeHeaders(deps, to.id, kinds);
  const first = entries[0];
  const subject = digest
    ? `Your daily ${siteName} digest: ${entries.length} update${entries.length === 1 ? "" : "s"}`
    : first && entries.length === 1
      ? notificationText(first)
      : `${entries.length} updates on ${siteName}`;
  const text: string[] = ["Hi there,", ""];
  const html: HtmlBlock[] = [{ paragraph: "Hi there," }];
  for (const entry of entries) {
    const link = new URL(notificationPath(entry), siteUrl).href;
    const sentence = notificationText(entry);
    const excerpt = digest ? null : await replyExcerpt(tx, to, entry.replyId);
    text.push(sentence);
    html.push({ paragraph: sentence });
    if (excerpt) {
      text.push("", ...excerpt.split(/\r?\n/).map((line) => `> ${line}`));
      html.push({ quote: excerpt });
    }
    text.push(link, "");
    html.push({ link, label: "Open it" });
    if (entry.kind === "moderation_action" && entry.moderation && citesRule(entry.moderation)) {
      // The rule of the terms it broke (docs/decisions/082); the terms' top if none was cited.
      const rule = entry.moderation.rule ?? null;
      const label = rule ? `The rule: ${termsRuleLabel(rule) ?? rule}` : "The Terms of Service";
      const ruleLink = new URL(termsRulePath(rule), siteUrl).href;
      text.push(`${label}: ${ruleLink}`, "");
      html.push({ link: ruleLink, label });
    }
  }
  const about = kinds.map((kind) => KIND_LABELS[kind].toLowerCase()).join(", ");
  const settingsUrl = new URL("/settings#notifications", siteUrl).href;
  text.push(
    "--",
    `You get these emails for: ${about}.`,
    `Stop them with one click: ${pageUrl}`,
    `Choose what you get: ${settingsUrl}`,
  );
  const footer: HtmlBlock[] = [
    { paragraph: `You get these emails for: ${about}.` },
    { link: pageUrl, label: "Unsubscribe" },
    { link: settingsUrl, label: "Notification settings" },
  ];
  return {
    to: to.email,
    subject,
    text: text.join("\n"),
    html: mailHtml(subject, html, footer),
    headers,
  };
}

/**
 * One member's mail about one topic. Run in one transaction with the job's completion: the
 * window row is locked (two jobs for the same topic take turns), a mail within the hour puts
 * the job off to the window's end, and the queued message, the entries marked mailed and the
 * completion commit together.
 */
async function sendTopicMail(
  deps: NotificationMailDeps,
  job: NotificationMailJob,
  complete: (tx: Db) => Promise<void>,
) {
  await deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [window] = await queryRows<{ last_sent_at: string | null; wait_until: string | null }>(
      tx,
      sql`insert into notification_mail_windows (user_id, topic) values (${job.userId}, ${job.topic})
          on conflict (user_id, topic) do update set topic = excluded.topic
          returning last_sent_at,
            case when last_sent_at > now() - make_interval(secs => ${MAIL_WINDOW_SECONDS})
              then last_sent_at + make_interval(secs => ${MAIL_WINDOW_SECONDS}) end as wait_until`,
    );
    if (window?.wait_until) {
      // With its key: the queue's `short` policy keeps one waiting job per key (a keyless
      // job would share the empty key with every other member's, and be dropped).
      await deps.jobs.send(NOTIFICATION_MAIL_QUEUE, job, {
        tx,
        startAfter: new Date(window.wait_until),
        singletonKey: mailJobKey(job),
      });
      await complete(tx);
      return;
    }
    const topic =
      job.topic === "account"
        ? sql`n.discussion_id is null`
        : sql`n.discussion_id = ${job.topic}::uuid`;
    const pending = sql`n.user_id = ${job.userId} and ${topic}
      and n.email_pending = 'immediately' and n.read_at is null`;
    const recipient = await verifiedRecipient(tx, job.userId);
    // Checked again now: what was hidden or deleted since the entry was written is not mailed.
    const entries = recipient
      ? await loadEntries(tx, recipient, pending, 20, { mailable: true })
      : [];
    if (recipient && entries.length > 0) {
      await deps.mailer.send(await composeMail(tx, deps, recipient, entries, false), { tx });
      await tx.execute(
        sql`update notification_mail_windows set last_sent_at = now()
            where user_id = ${job.userId} and topic = ${job.topic}`,
      );
    }
    await tx.execute(
      sql`update notifications n set email_pending = null
          where n.user_id = ${job.userId} and ${topic} and n.email_pending = 'immediately'`,
    );
    await complete(tx);
  });
}

async function sendDigest(
  deps: NotificationMailDeps,
  userId: string,
  complete: (tx: Db) => Promise<void>,
) {
  await deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const pending = sql`n.user_id = ${userId} and n.email_pending = 'daily' and n.read_at is null`;
    const recipient = await verifiedRecipient(tx, userId);
    const entries = recipient
      ? await loadEntries(tx, recipient, pending, 50, { mailable: true })
      : [];
    if (recipient && entries.length > 0) {
      await deps.mailer.send(await composeMail(tx, deps, recipient, entries, true), { tx });
    }
    await tx.execute(
      sql`update notifications set email_pending = null
          where user_id = ${userId} and email_pending = 'daily'`,
    );
    await complete(tx);
  });
}

export function defineNotificationMail(deps: NotificationMailDeps): void {
  deps.jobs.define<NotificationMailJob>({
    name: NOTIFICATION_MAIL_QUEUE,
    // One waiting job per member and topic: a burst of events is one mail.
    policy: "short",
    handler: (data, job) => sendTopicMail(deps, data, job.completeIn),
  });
  deps.jobs.define<{ userId: string }>({
    name: DIGEST_MEMBER_QUEUE,
    policy: "short",
    handler: (data, job) => sendDigest(deps, data.userId, job.completeIn),
  });
  deps.jobs.define({
    name: DIGEST_QUEUE,
    policy: "short",
    // Every day at 08:00 UTC: one job per member with something waiting.
    cron: "0 8 * * *",
    handler: async (_data, job) => {
      await deps.db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const members = await queryRows<{ user_id: string }>(
          tx,
          sql`select distinct user_id from notifications where email_pending = 'daily'`,
        );
        await deps.jobs.sendMany(
          DIGEST_MEMBER_QUEUE,
          members.map((row) => ({ data: { userId: row.user_id }, singletonKey: row.user_id })),
          { tx },
        );
        await job.completeIn(tx);
      });
    },
  });
}
