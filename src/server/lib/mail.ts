// How mail leaves the site: through SMTP when SMTP_URL is set; otherwise into a dev mailbox, one
// readable text file per message under $DATA_DIR/mail/, with its links printed on the console,
// so that sign-up verification can be completed on a machine without a mail server. Nothing
// calls a transport from a request: every message goes through the queue (lib/mail-queue.ts),
// whose worker hands it here.
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Db } from "@/server/db/client";
import type { Logger } from "./logger";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative; member-written text in it is escaped (lib/mail-html.ts). */
  html?: string;
  /** Extra headers, such as List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>;
};

/** What features call: queues the message (lib/mail-queue.ts). */
export type Mailer = {
  send(message: MailMessage, options?: { tx?: Db }): Promise<void>;
};

/**
 * Delivers one message now. `messageId` is the queue job's, so a message retried after a crash
 * keeps its Message-ID and a receiver can tell a repeat.
 */
export type MailTransport = { deliver(message: MailMessage, messageId: string): Promise<void> };

export function createMailTransport(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  logger: Logger;
  /** Print each dev-mailbox link on the console (off in tests). */
  printLinks?: boolean;
  /**
   * Keep SMTP connections open between messages (nodemailer's pool): for bulk sending (the
   * newsletter), where a connection and greeting per message would cost more than the message.
   */
  pooled?: boolean;
}): MailTransport {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      pool: options.pooled ?? false,
      // A server that stops answering fails the send (and the queue retries it) well before
      // the job's expiry, instead of holding it for nodemailer's default 10 minutes.
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    });
    return {
      async deliver(message, messageId) {
        await transport.sendMail({ from: options.from, ...message, messageId });
      },
    };
  }
  return createDevMailbox(
    mailboxDirectory(options.dataDir),
    options.from,
    options.logger,
    options.printLinks ?? true,
  );
}

let written = 0;

/** The dev mailbox's folder under DATA_DIR. */
export function mailboxDirectory(dataDir: string): string {
  return path.join(dataDir, "mail");
}

/** The end of the file name of every message to `to`. */
function recipientSuffix(to: string): string {
  return `-${to.toLowerCase().replace(/[^a-z0-9@._-]/g, "_")}.txt`;
}

/** Sorts by time, then by order of writing (the queue may deliver several in a millisecond). */
export function mailboxFileName(to: string, date: Date): string {
  const stamp = date.toISOString().replace(/[:.]/g, "-");
  written += 1;
  return `${stamp}-${String(written % 1_000_000).padStart(6, "0")}${recipientSuffix(to)}`;
}

/**
 * Removes the dev mailbox's messages to `address` (an erasure, docs/decisions/047); returns how
 * many. The file name narrows the search; the To line decides, as two addresses can share a
 * file name once their unusual characters become `_`.
 */
export async function removeMailboxMessages(directory: string, address: string): Promise<number> {
  const names = await readdir(directory).catch(() => [] as string[]);
  const suffix = recipientSuffix(address);
  let removed = 0;
  for (const name of names.filter((candidate) => candidate.endsWith(suffix))) {
    const file = path.join(directory, name);
    const text = await readFile(file, "utf8").catch(() => "");
    const to = /^To: (.*)$/m.exec(text)?.[1]?.trim().toLowerCase();
    if (to !== address.toLowerCase()) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  return removed;
}

function createDevMailbox(
  directory: string,
  from: string,
  logger: Logger,
  printLinks: boolean,
): MailTransport {
  return {
    async deliver(message, messageId) {
      const date = new Date();
      await mkdir(directory, { recursive: true });
      const file = path.join(directory, mailboxFileName(message.to, date));
      const extra = Object.entries(message.headers ?? {}).map(
        ([name, value]) => `\n${name}: ${value}`,
      );
      const headers = `From: ${from}\nTo: ${message.to}\nSubject: ${message.subject}\nDate: ${date.toUTCString()}\nMessage-ID: ${messageId}${extra.join("")}`;
      // The text part only: the HTML part says the same, and this file is for people to read.
      // Written aside and renamed into place, so that whoever watches the folder (a developer's
      // tail, the browser tests' inbox) never reads a message that is still empty or half there.
      const partial = `${file}.partial`;
      await writeFile(partial, `${headers}\n\n${message.text}\n`, { mode: 0o600 });
      await rename(partial, file);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      logger.info({ to: message.to, subject: message.subject, file, links }, "dev mailbox");
      // The console line a developer looks for: the link to click.
      if (printLinks)
        for (const link of links) process.stdout.write(`\n  Mail to ${message.to}: ${link}\n\n`);
    },
  };
}
