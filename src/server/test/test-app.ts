// An app on a fresh copy of the migrated database, with a dev mailbox in a temporary folder:
// API tests go through app.request() against the real thing.
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { createApp } from "@/server/app";
import { defineBackgroundWork } from "@/server/background";
import { type Database, type QueryLogger, queryRows } from "@/server/db/client";
import { createDeps } from "@/server/deps";
import { JOB_SCHEMA } from "@/server/lib/job-schema";
import type { JobQueue } from "@/server/lib/jobs";
import { createLogger } from "@/server/lib/logger";
import { createMailTransport, type MailTransport } from "@/server/lib/mail";
import { forgetTestTemplate, openTestDatabase } from "./test-database";
import { TEST_SITE_URL, testEnv } from "./test-env";

export { TEST_SITE_URL };

export const CLIENT_IP_TEST_HEADER = "x-test-client-ip";

export type TestAppOptions = {
  env?: Record<string, string>;
  rateLimits?: { signIn: number; signUp: number; other?: number };
  /** What queued mail is delivered through; default the dev mailbox in dataDir. */
  mailTransport?: MailTransport;
  /**
   * Also deliver every message through SMTP to this server (test/smtp-sink.ts), while the dev
   * mailbox still gets them for the factories' confirmation links.
   */
  alsoSmtpUrl?: string;
  /** Told each statement the app sends through Drizzle (its own and better-auth's). */
  logQuery?: QueryLogger;
};

// Only what is given here: the tests never read the machine's environment (no SMTP_URL).

/**
 * pg-boss keeps a queue's first settings: a template made before a queue's settings changed
 * would run the tests with the old ones. Such a template is removed (the next run makes it
 * again) and the file fails with why.
 */
async function checkTemplateQueues(database: Database, jobs: JobQueue): Promise<void> {
  const stored = await queryRows<Record<string, unknown>>(
    database.db,
    sql`select name, policy, retry_limit as "retryLimit", retry_delay as "retryDelay",
          retry_backoff as "retryBackoff", expire_seconds as "expireInSeconds"
        from ${sql.identifier(JOB_SCHEMA)}.queue`,
  );
  const byName = new Map(stored.map((row) => [row.name, row]));
  for (const settings of jobs.queueSettings()) {
    const row = byName.get(settings.name);
    const differs = Object.entries(settings).some(([key, value]) => row?.[key] !== value);
    if (!differs) continue;
    await forgetTestTemplate();
    throw new Error(
      `The test template's job queue ${settings.name} has other settings than the code ` +
        `(${JSON.stringify(row)} instead of ${JSON.stringify(settings)}): the template is removed, run the tests again`,
    );
  }
}

export async function createTestApp(options: TestAppOptions = {}) {
  const database = await openTestDatabase(options.logQuery);
  const dataDir = await mkdtemp(path.join(tmpdir(), "rc-test-"));
  const env = testEnv(dataDir, options.env);
  const teed = (smtpUrl: string): MailTransport => {
    const common = {
      from: env.mailFrom,
      dataDir,
      logger: createLogger("silent"),
      printLinks: false,
    };
    const smtp = createMailTransport({ ...common, smtpUrl });
    const mailbox = createMailTransport({ ...common, smtpUrl: undefined });
    return {
      async deliver(message, messageId) {
        await smtp.deliver(message, messageId);
        await mailbox.deliver(message, messageId);
      },
    };
  };
  const deps = createDeps({
    env,
    database,
    printMailLinks: false,
    authRateLimits: options.rateLimits ?? { signIn: 1000, signUp: 1000 },
    clientIp: (request: Request) => request.headers.get(CLIENT_IP_TEST_HEADER) ?? "127.0.0.1",
    mailTransport:
      options.mailTransport ?? (options.alsoSmtpUrl ? teed(options.alsoSmtpUrl) : undefined),
    // No polling: a test runs the queue when it reads the mailbox (or calls runJobs).
    jobs: { work: false },
  });
  const { auth, logger, jobs } = deps;
  defineBackgroundWork(deps);
  await jobs.start();
  await checkTemplateQueues(database, jobs);
  const app = createApp(deps);

  const mailbox = {
    /** Every message to `to`, oldest first, as the dev mailbox wrote them (queue run first). */
    async all(to: string): Promise<string[]> {
      await jobs.drain();
      const directory = path.join(dataDir, "mail");
      const names = await readdir(directory).catch(() => [] as string[]);
      const mine = names.filter((name) => name.endsWith(`-${to.toLowerCase()}.txt`)).sort();
      return Promise.all(mine.map((name) => readFile(path.join(directory, name), "utf8")));
    },
    /** The newest message to `to`. */
    async latest(to: string): Promise<string | null> {
      return (await this.all(to)).at(-1) ?? null;
    },
    async latestLink(to: string): Promise<string | null> {
      const message = await this.latest(to);
      return message?.match(/https?:\/\/\S+/)?.[0] ?? null;
    },
  };

  return {
    app,
    deps,
    database,
    db: database.db,
    env,
    auth,
    logger,
    mailbox,
    dataDir,
    /** Runs every job that is due (mail, notifications): what the worker would do next. */
    runJobs: (options?: { ignoreStartAfter?: boolean }) => jobs.drain(options),
    async close() {
      await jobs.stop();
      await deps.live.close();
      await deps.readPositions.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A browser-like client for one member: keeps cookies, sends the site's Origin on writes.
 * `siteUrl` is the app's SITE_URL when a test sets another one: pages and writes come from it.
 */
export function createClient(app: TestApp["app"], clientIp = "127.0.0.1", siteUrl = TEST_SITE_URL) {
  const cookies = new Map<string, string>();
  const store = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, ...rest] = (pair ?? "").split("=");
      if (!name) continue;
      const value = rest.join("=");
      const expired = /max-age=0/i.test(line) || value === "";
      if (expired) cookies.delete(name.trim());
      else cookies.set(name.trim(), value);
    }
  };
  const request = async (
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const init: RequestInit = {
      method,
      headers: {
        origin: new URL(siteUrl).origin,
        [CLIENT_IP_TEST_HEADER]: clientIp,
        ...(cookies.size ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") } : {}),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    };
    const response = await app.request(new URL(url, siteUrl).href, init);
    store(response);
    return response;
  };
  return {
    cookies,
    get: (url: string, headers?: Record<string, string>) => request("GET", url, undefined, headers),
    post: (url: string, body: unknown = {}, headers?: Record<string, string>) =>
      request("POST", url, body, headers),
    patch: (url: string, body: unknown = {}, headers?: Record<string, string>) =>
      request("PATCH", url, body, headers),
    put: (url: string, body: unknown = {}, headers?: Record<string, string>) =>
      request("PUT", url, body, headers),
    delete: (url: string, headers?: Record<string, string>, body?: unknown) =>
      request("DELETE", url, body, headers),
  };
}

export type TestClient = ReturnType<typeof createClient>;
