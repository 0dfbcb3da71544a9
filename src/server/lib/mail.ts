// Mail goes through SMTP when SMTP_URL is set; otherwise into a dev mailbox: one readable text
// file per message under $DATA_DIR/mail/, with its links printed on the console, so that
// sign-up verification can be completed on a machine without a mail server.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "./logger";

export type MailMessage = { to: string; subject: string; text: string };

export type Mailer = { send(message: MailMessage): Promise<void> };

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  logger: Logger;
  /** Print each dev-mailbox link on the console (off in tests). */
  printLinks?: boolean;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  return createDevMailbox(
    path.join(options.dataDir, "mail"),
    options.from,
    options.logger,
    options.printLinks ?? true,
  );
}

export function mailboxFileName(to: string, date: Date): string {
  const stamp = date.toISOString().replace(/[:.]/g, "-");
  const recipient = to.toLowerCase().replace(/[^a-z0-9@._-]/g, "_");
  return `${stamp}-${recipient}.txt`;
}

function createDevMailbox(
  directory: string,
  from: string,
  logger: Logger,
  printLinks: boolean,
): Mailer {
  return {
    async send(message) {
      const date = new Date();
      await mkdir(directory, { recursive: true });
      const file = path.join(directory, mailboxFileName(message.to, date));
      const headers = `From: ${from}\nTo: ${message.to}\nSubject: ${message.subject}\nDate: ${date.toUTCString()}`;
      await writeFile(file, `${headers}\n\n${message.text}\n`, { mode: 0o600 });
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      logger.info({ to: message.to, subject: message.subject, file, links }, "dev mailbox");
      // The console line a developer looks for: the link to click.
      if (printLinks)
        for (const link of links) process.stdout.write(`\n  Mail to ${message.to}: ${link}\n\n`);
    },
  };
}
