// Sending one post to 10,000 newsletter subscribers (issue 18, docs/decisions/028) through an
// SMTP server in this process (src/server/test/smtp-sink.ts), delivered by a worker process
// that runs the app's queues on the embedded database:
//   1. speed: the whole send, no pace limit; mails per second as the SMTP server accepts them;
//   2. kill -9 of the worker in the middle of a second send, a new worker, and then: does every
//      subscriber have exactly one mail of that post?
//   npx tsx bench/newsletter.ts [subscribers, default 10000]
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { defineBackgroundWork } from "../src/server/background";
import { type Database, type Db, openDatabase, queryRows } from "../src/server/db/client";
import { createDeps } from "../src/server/deps";
import { startSend } from "../src/server/domain/newsletter/sends";
import { loadEnv } from "../src/server/env";
import { type SmtpSink, startSmtpSink } from "../src/server/test/smtp-sink";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SUBSCRIBERS = Number(process.argv[2] ?? 10_000);
const SECRET = "newsletter-bench-secret-newsletter-bench!";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await sleep(50);
  return condition();
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });

function startWorker(env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(ROOT, "bench/lib/newsletter-worker.ts")],
    {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: "error", ...env },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("worker ready")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`worker exited early (${code})`)));
  });
  return { child, ready };
}

/** Opens the database, runs `work` with the app's dependencies, and lets go of it again. */
async function withApp<T>(
  env: Record<string, string>,
  work: (db: Db, deps: ReturnType<typeof createDeps>, database: Database) => Promise<T>,
): Promise<T> {
  const database = await openDatabase({
    engine: "pglite",
    dataDir: path.join(env.DATA_DIR ?? "", "pg"),
  });
  await database.migrate();
  const deps = createDeps({
    env: loadEnv({ ...env, LOG_LEVEL: "silent" }),
    database,
    clientIp: () => "127.0.0.1",
    // The queues are made here, with the expiry the workers of this data directory use.
    jobs:
      env.BENCH_SHORT_TIMINGS === "1"
        ? { work: false, expireInSeconds: 6, retryDelaySeconds: 1 }
        : { work: false },
  });
  defineBackgroundWork(deps);
  await deps.jobs.start();
  try {
    return await work(database.db, deps, database);
  } finally {
    await deps.jobs.stop();
    await deps.live.close();
    await database.close();
  }
}

/** A published post and its send (the fan-out job queued); returns its title. */
async function queuePost(env: Record<string, string>, title: string): Promise<void> {
  await withApp(env, async (db, deps) => {
    const [post] = await queryRows<{ id: string }>(
      db,
      sql`insert into blog_posts (slug, title, excerpt, content, status, published_at)
          values (${`bench-${Date.now()}`}, ${title}, 'The short version of the post.',
                  ${"A paragraph of the post.\n\n".repeat(20)}, 'published', now())
          returning id`,
    );
    await db.transaction(async (tx) => {
      await startSend(tx as unknown as Db, deps.jobs, {
        postId: post?.id ?? "",
        content: "excerpt",
        userId: null,
      });
    });
  });
}

async function addSubscribers(env: Record<string, string>): Promise<void> {
  await withApp(env, async (db) => {
    await db.execute(
      sql`insert into newsletter_subscribers (email, status, consent_given, confirmed_at)
          select 'reader-' || n || '@example.com', 'active', true, now()
          from generate_series(1, ${SUBSCRIBERS}) n`,
    );
  });
}

function mailsOf(sink: SmtpSink, title: string) {
  return sink.received.filter((mail) => mail.headers.get("subject") === title);
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "rc-bench-newsletter-"));
  const crashDir = mkdtempSync(path.join(os.tmpdir(), "rc-bench-newsletter-crash-"));
  const sink = await startSmtpSink();
  const workers: ChildProcess[] = [];
  const env = {
    DATA_DIR: dataDir,
    SMTP_URL: sink.url,
    AUTH_SECRET: SECRET,
    SITE_URL: "http://localhost:3000",
    NEWSLETTER_MAILS_PER_SECOND: "0",
    NEWSLETTER_BATCH_SIZE: "500",
  };
  try {
    console.log(
      `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model}), load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
    );
    await addSubscribers(env);

    // 1. Speed.
    const speedTitle = "Bench post: speed";
    await queuePost(env, speedTitle);
    const first = startWorker(env);
    workers.push(first.child);
    await first.ready;
    const started = performance.now();
    const done = await until(() => mailsOf(sink, speedTitle).length >= SUBSCRIBERS, 600_000);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `speed: ${mailsOf(sink, speedTitle).length} mails in ${seconds.toFixed(1)} s = ${(SUBSCRIBERS / seconds).toFixed(0)} mails/s (from worker start: fan-out included)${done ? "" : " TIMED OUT"}`,
    );
    first.child.kill("SIGTERM");
    await exited(first.child);

    // 2. kill -9 mid-send, then a new worker.
    const crashTitle = "Bench post: crash";
    // A data directory of its own, whose queues expire a dead worker's job within seconds.
    const crashEnv = { ...env, DATA_DIR: crashDir, BENCH_SHORT_TIMINGS: "1" };
    await addSubscribers(crashEnv);
    await queuePost(crashEnv, crashTitle);
    const doomed = startWorker(crashEnv);
    workers.push(doomed.child);
    await doomed.ready;
    const killAt = Math.floor(SUBSCRIBERS * 0.3);
    await until(() => mailsOf(sink, crashTitle).length >= killAt, 600_000);
    doomed.child.kill("SIGKILL");
    await exited(doomed.child);
    const beforeRestart = mailsOf(sink, crashTitle).length;
    console.log(
      `crash: killed (SIGKILL) after ${beforeRestart} mails of the post had been accepted`,
    );
    const second = startWorker(crashEnv);
    workers.push(second.child);
    await second.ready;
    const resumed = performance.now();
    await until(
      () => new Set(mailsOf(sink, crashTitle).map((m) => m.recipients[0])).size >= SUBSCRIBERS,
      600_000,
    );
    console.log(
      `crash: the rest arrived ${((performance.now() - resumed) / 1000).toFixed(1)} s after the restart`,
    );
    // Anything sent twice would have arrived by now.
    await sleep(8_000);
    second.child.kill("SIGTERM");
    await exited(second.child);

    const perRecipient = new Map<string, number>();
    const ids = new Map<string, Set<string>>();
    for (const mail of mailsOf(sink, crashTitle)) {
      const to = mail.recipients[0] ?? "";
      perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
      const seen = ids.get(to) ?? new Set<string>();
      seen.add(mail.headers.get("message-id") ?? "");
      ids.set(to, seen);
    }
    const missing = SUBSCRIBERS - perRecipient.size;
    const twice = [...perRecipient].filter(([, n]) => n > 1);
    const twiceNewId = twice.filter(([to]) => (ids.get(to)?.size ?? 0) > 1);
    const counts = await withApp(crashEnv, (db) =>
      queryRows<{ status: string; n: number }>(
        db,
        sql`select d.status, count(*)::int as n from newsletter_deliveries d
            join newsletter_sends s on s.id = d.send_id join blog_posts p on p.id = s.post_id
            where p.title = ${crashTitle} group by d.status order by d.status`,
      ),
    );
    console.log(
      `crash: ${perRecipient.size} of ${SUBSCRIBERS} subscribers got the post; missing ${missing}; more than once ${twice.length} (of which with a different Message-ID ${twiceNewId.length}); exactly once ${[...perRecipient.values()].filter((n) => n === 1).length}`,
    );
    console.log(`crash: delivery rows ${counts.map((row) => `${row.status} ${row.n}`).join(", ")}`);
  } finally {
    for (const child of workers)
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await sink.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(crashDir, { recursive: true, force: true });
  }
}

await main();
