// kill -9 of the worker in the middle of a digest send (issue 43, docs/decisions/073): 300 due
// members, each with something new (a discussion busy during the week), planned; a worker
// process (digest-worker.ts) sends their digests through SMTP to a server in this process and is
// killed while the SMTP server holds the 150th (mid-batch: batches are of 100). A second worker
// then finishes the send. A claimed row is never sent again: nobody may get two digests, every
// member gets exactly one or has a `skipped` row, and at most one batch is skipped.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { defineBackgroundWork } from "../../src/server/background";
import { type Database, openDatabase, queryRows } from "../../src/server/db/client";
import { createDeps } from "../../src/server/deps";
import { loadEnv } from "../../src/server/env";
import { planDigests } from "../../src/server/features/digest/plan";
import { DIGEST_SEND_QUEUE } from "../../src/server/features/digest/sender";
import { insertDiscussionRow } from "../../src/server/test/discussions";
import { insertReplyRow } from "../../src/server/test/replies";
import { type SmtpSink, startSmtpSink } from "../../src/server/test/smtp-sink";
import { DIGEST_CRASH_JOB_OPTIONS } from "./lib/digest-crash-options";
import type { Report } from "./lib/report";
import { ROOT } from "./lib/server";

const MEMBERS = 300;
const KILL_AT = 150;
/** The sender's batch (features/digest/background.ts): the most a kill may skip. */
const BATCH = 100;
const SECRET = "digest-crash-secret-digest-crash-secret!";

type Worker = { child: ChildProcess; ready: Promise<void>; open: () => number | null };

function startWorker(env: Record<string, string>): Worker {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(ROOT, "scripts/faults/digest-worker.ts")],
    {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: "error", ...env },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let open: number | null = null;
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      const text = chunk.toString();
      if (text.includes("worker ready")) resolve();
      const last = [...text.matchAll(/^open (\d+)$/gm)].at(-1);
      if (last) open = Number(last[1]);
    });
    child.once("exit", (code) => reject(new Error(`worker exited early (${code})`)));
  });
  return { child, ready, open: () => open };
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });

async function until(condition: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  return condition();
}

function open(dataDir: string, databaseUrl?: string): Promise<Database> {
  return databaseUrl
    ? openDatabase({ engine: "postgres", url: databaseUrl })
    : openDatabase({ engine: "pglite", dataDir: path.join(dataDir, "pg") });
}

/** The members, a busy discussion by someone active, the plan and the first send job. */
async function planSend(env: Record<string, string>, database: Database) {
  const { db } = database;
  const deps = createDeps({
    env: loadEnv({ ...env, LOG_LEVEL: "silent" }),
    database,
    clientIp: () => "127.0.0.1",
    // The queues are made here: with the expiry the workers use (pg-boss keeps the first).
    jobs: { ...DIGEST_CRASH_JOB_OPTIONS, work: false },
  });
  defineBackgroundWork(deps);
  await deps.jobs.start();
  // The trigger of migration 0001 creates each profile.
  await db.execute(sql`insert into "user" (id, name, email, email_verified, created_at, updated_at)
    select 'digest-' || n, 'Member ' || n, 'digest-' || n || '@example.com', true,
      now() - interval '90 days', now() - interval '90 days'
    from generate_series(0, ${MEMBERS}) n`);
  await db.execute(sql`update profiles set digest = 'weekly',
    last_active_at = case when id = 'digest-0' then now() else now() - interval '60 days' end
    where id like 'digest-%'`);
  const discussion = await insertDiscussionRow(db, {
    title: "A busy week",
    authorId: "digest-0",
    ageMinutes: 60 * 24 * 30,
  });
  for (let n = 0; n < 3; n++) await insertReplyRow(db, discussion, { authorId: "digest-0" });
  const planned = await planDigests(db);
  await deps.jobs.send(DIGEST_SEND_QUEUE, {}, { singletonKey: "digest" });
  await deps.jobs.stop();
  await deps.live.close();
  return planned;
}

export async function digestCrash(report: Report, options: { databaseUrl?: string }) {
  const engine = options.databaseUrl ? "postgres" : "pglite";
  const dataDir = mkdtempSync(path.join(tmpdir(), `rc-faults-digest-${engine}-`));
  let sink: SmtpSink | null = null;
  let worker: ChildProcess | null = null;
  try {
    sink = await startSmtpSink();
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl ?? "",
      SMTP_URL: sink.url,
      AUTH_SECRET: SECRET,
      SITE_URL: "http://localhost:3000",
    };
    // Plan, then let go of the database (PGlite is one process's).
    const setup = await open(dataDir, options.databaseUrl);
    await setup.migrate();
    report.check((await planSend(env, setup)) === MEMBERS, `${MEMBERS} members planned`);
    await setup.close();

    let killed = false;
    let arrived = 0;
    const first = startWorker(env);
    worker = first.child;
    sink.beforeAccept = async () => {
      arrived += 1;
      if (!killed && arrived === KILL_AT) {
        killed = true;
        first.child.kill("SIGKILL");
        await exited(first.child);
        throw new Error("the worker died before this digest was accepted");
      }
    };
    await first.ready;
    report.check(
      await until(() => killed, 60_000),
      `the worker was killed while the SMTP server held digest ${KILL_AT}`,
    );
    await exited(first.child);
    report.fact("accepted before the kill", sink.received.length);

    const second = startWorker(env);
    worker = second.child;
    await second.ready;
    const started = Date.now();
    report.check(
      await until(() => second.open() === 0, 60_000),
      "the second worker finished: no row queued or sending",
      second.open(),
    );
    report.fact("seconds until then (expiry 6 s + retry)", (Date.now() - started) / 1000);
    second.child.kill("SIGTERM");
    await exited(second.child);

    const perRecipient = new Map<string, number>();
    for (const mail of sink.received) {
      const to = mail.recipients[0] ?? "";
      perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    }
    const database = await open(dataDir, options.databaseUrl);
    const rows = await queryRows<{ email: string; status: string }>(
      database.db,
      sql`select u.email, dd.status from digest_deliveries dd join "user" u on u.id = dd.user_id`,
    );
    await database.close();
    const statusCounts: Record<string, number> = {};
    for (const row of rows) statusCounts[row.status] = (statusCounts[row.status] ?? 0) + 1;
    report.fact("rows", statusCounts);
    report.fact("digests accepted in all", sink.received.length);
    const twice = [...perRecipient].filter(([, n]) => n > 1).map(([to]) => to);
    const some = (list: string[]) => `${list.length}: ${list.slice(0, 5).join(", ")}`;
    report.check(twice.length === 0, "nobody received two digests", some(twice));
    const neither = rows
      .filter((row) => perRecipient.get(row.email) !== 1 && row.status !== "skipped")
      .map((row) => `${row.email} ${row.status}`);
    report.check(
      rows.length === MEMBERS && neither.length === 0,
      "every member got exactly one digest or has a skipped row",
      some(neither),
    );
    const skipped = statusCounts.skipped ?? 0;
    report.check(skipped <= BATCH, `at most one batch skipped (${skipped})`, skipped);
  } finally {
    if (worker && worker.exitCode === null && worker.signalCode === null) worker.kill("SIGKILL");
    await sink?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
