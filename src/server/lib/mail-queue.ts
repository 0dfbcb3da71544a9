// Every outgoing mail goes through the job queue (docs/decisions/019): a request only adds a
// job, inside its own transaction when it passes one, and the worker delivers it through the
// transport (lib/mail.ts), retrying a failed send with backoff. Each job is completed as soon
// as its message is accepted, so a worker killed mid-batch sends its remaining messages after
// the expiry and never repeats one already completed; the Message-ID is the job's, so the
// rare repeat (killed between the server's "250 OK" and the commit) carries the same id.
//
// A job's data is sealed with AES-256-GCM under a key derived from the auth secret: mail holds
// sign-in links and addresses, and the queue's rows stay in the database for days.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { JobQueue } from "./jobs";
import type { Logger } from "./logger";
import type { Mailer, MailMessage, MailTransport } from "./mail";
import type { Metrics } from "./metrics";

export const MAIL_QUEUE = "send-mail";

type SealedMail = { sealed: string };

function keyOf(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "", "rant-community mail queue v1", 32));
}

export function sealMail(secret: string, message: MailMessage): SealedMail {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(message), "utf8"), cipher.final()]);
  return { sealed: Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url") };
}

export function openMail(secret: string, data: SealedMail): MailMessage {
  const bytes = Buffer.from(data.sealed, "base64url");
  const decipher = createDecipheriv("aes-256-gcm", keyOf(secret), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  const body = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
  return JSON.parse(body.toString("utf8")) as MailMessage;
}

export type MailQueueOptions = {
  jobs: JobQueue;
  transport: MailTransport;
  secret: string;
  /** The Message-ID's domain: SITE_URL's host. */
  host: string;
  logger: Logger;
  metrics: Pick<Metrics, "mail">;
};

/** Defines the mail queue's worker; returns the Mailer that features call. */
export function defineMailQueue(options: MailQueueOptions): Mailer {
  const { jobs, transport, secret, host, logger, metrics } = options;
  jobs.define<SealedMail>({
    name: MAIL_QUEUE,
    // About 8 hours of retries: 30 s, 1 min, 2 min, ... (doubled, with jitter).
    retryLimit: 10,
    retryDelaySeconds: 30,
    // Longer than nodemailer's timeouts (lib/mail.ts), so a live send is never retried.
    expireInSeconds: 180,
    batchSize: 10,
    handler: async (data, job) => {
      const message = openMail(secret, data);
      try {
        await transport.deliver(message, `<${job.id}@${host}>`);
      } catch (error) {
        metrics.mail("failed");
        throw error;
      }
      metrics.mail("sent");
      logger.info({ job: job.id, subject: message.subject }, "mail sent");
    },
  });
  return {
    async send(message, sendOptions = {}) {
      await jobs.send(MAIL_QUEUE, sealMail(secret, message), { tx: sendOptions.tx });
    },
  };
}
