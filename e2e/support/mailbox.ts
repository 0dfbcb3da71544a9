import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { workerSite } from "./account-pool";

function mailDir(): string {
  return path.join(workerSite().dataDir, "mail");
}

/** The dev-mailbox files addressed to `to`, oldest first (their names start with the time). */
async function mailFiles(to: string): Promise<string[]> {
  const suffix = `-${to.toLowerCase()}.txt`;
  return (await readdir(mailDir()).catch(() => [] as string[]))
    .filter((name) => name.endsWith(suffix))
    .sort();
}

async function mailLinks(name: string): Promise<string[]> {
  return (await readFile(path.join(mailDir(), name), "utf8")).match(/https?:\/\/\S+/g) ?? [];
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 100));

/**
 * How long a test waits for a mail. Mail leaves through the job queue, polled every second; on
 * a loaded 2-core machine (load average 8) a confirmation took over 10 s to land.
 */
const MAIL_WAIT_MS = 30_000;

/** The first link in the newest dev-mailbox message to `to`, waiting for it to arrive. */
export async function latestMailLink(to: string, timeoutMs = MAIL_WAIT_MS): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const newest = (await mailFiles(to)).at(-1);
    const link = newest ? (await mailLinks(newest))[0] : undefined;
    if (link) return link;
    await pause();
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}

export type Inbox = {
  /**
   * Waits for a message that arrived after the inbox was opened (or after the link last
   * returned) holding a link to `pathname`, and returns that link. Other new messages (a
   * notice without the link) are passed over.
   */
  nextLink(pathname: string, timeoutMs?: number): Promise<string>;
  /** How many messages arrived since the inbox was opened. */
  countNew(): Promise<number>;
};

/** Watches the dev mailbox of `to` from now on: earlier messages are never returned. */
export async function openInbox(to: string): Promise<Inbox> {
  const existing = new Set(await mailFiles(to));
  const seen = new Set(existing);
  return {
    async nextLink(pathname, timeoutMs = MAIL_WAIT_MS) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        for (const name of await mailFiles(to)) {
          if (seen.has(name)) continue;
          seen.add(name);
          const link = (await mailLinks(name)).find((url) => new URL(url).pathname === pathname);
          if (link) return link;
        }
        await pause();
      }
      throw new Error(`no new mail to ${to} with a link to ${pathname} within ${timeoutMs} ms`);
    },
    async countNew() {
      return (await mailFiles(to)).filter((name) => !existing.has(name)).length;
    },
  };
}
