// kill -9 of the queue's worker in the middle of a batch of mail (issue 16, decision 019): 20
// messages are queued, a worker process (mail-worker.ts) sends them through SMTP to a server in
// this process, and is killed while the SMTP server holds the 4th (before its "250 OK", so that
// message was never accepted). A second worker must then send every message not yet accepted,
// and none twice: each of the 20 arrives exactly once.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineBackgroundWork } from "../../src/server/background";
import { openDatabase } from "../../src/server/db/client";
import { createDeps } from "../../src/server/deps";
import { loadEnv } from "../../src/server/env";
import { type SmtpSink, startSmtpSink } from "../../src/server/test/smtp-sink";
import { MAIL_CRASH_JOB_OPTIONS } from "./lib/mail-crash-options";
import type { Report } from "./lib/report";
import { ROOT } from "./lib/server";

const MESSAGES = 20;
const KILL_AT = 4;
const SECRET = "mail-crash-secret-mail-crash-secret!";

function startWorker(env: Record<string, string>): { child: ChildProcess; ready: Promise<void> } {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(ROOT, "scripts/faults/mail-worker.ts")],
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

export async function mailCrash(report: Report, options: { databaseUrl?: string }) {
  const engine = options.databaseUrl ? "postgres" : "pglite";
  const dataDir = mkdtempSync(path.join(tmpdir(), `rc-faults-mail-${engine}-`));
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
    // Queue the batch, then let go of the database (PGlite is one process's).
    const database = options.databaseUrl
      ? await openDatabase({ engine: "postgres", url: options.databaseUrl })
      : await openDatabase({ engine: "pglite", dataDir: path.join(dataDir, "pg") });
    await database.migrate();
    const deps = createDeps({
      env: loadEnv({ ...env, LOG_LEVEL: "silent" }),
      database,
      clientIp: () => "127.0.0.1",
      jobs: { ...MAIL_CRASH_JOB_OPTIONS, work: false },
    });
    defineBackgroundWork(deps);
    await deps.jobs.start();
    for (let n = 1; n <= MESSAGES; n++) {
      await deps.mailer.send({
        to: `crash-${n}@example.com`,
        subject: `crash ${n}`,
        text: `Message ${n}`,
      });
    }
    await deps.jobs.stop();
    await deps.live.close();
    await database.close();

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
        throw new Error("the worker died before this message was accepted");
      }
    };
    await first.ready;
    report.check(
      await until(() => killed, 30_000),
      `the worker was killed while the SMTP server held message ${KILL_AT}`,
    );
    await exited(first.child);
    report.fact("accepted before the kill", sink.received.length);
    report.check(
      sink.received.length === KILL_AT - 1,
      "the worker died mid-batch",
      sink.received.length,
    );

    const second = startWorker(env);
    worker = second.child;
    await second.ready;
    const started = Date.now();
    await until(() => (sink?.received.length ?? 0) >= MESSAGES, 60_000);
    report.fact(
      "seconds until the rest arrived (expiry 3 s + retry)",
      Math.round((Date.now() - started) / 100) / 10,
    );
    // Anything sent twice would arrive by now.
    await new Promise((r) => setTimeout(r, 5_000));
    const subjects = sink.received.map((mail) => mail.headers.get("subject") ?? "");
    const counts = new Map<string, number>();
    for (const subject of subjects) counts.set(subject, (counts.get(subject) ?? 0) + 1);
    const missing = Array.from({ length: MESSAGES }, (_, i) => `crash ${i + 1}`).filter(
      (s) => !counts.has(s),
    );
    const twice = [...counts].filter(([, count]) => count > 1).map(([subject]) => subject);
    report.check(missing.length === 0, `all ${MESSAGES} messages arrived`, missing);
    report.check(twice.length === 0, "none arrived twice", twice);
    const ids = new Set(sink.received.map((mail) => mail.headers.get("message-id")));
    report.check(ids.size === sink.received.length, "each message has its own Message-ID");
    second.child.kill("SIGTERM");
    await exited(second.child);
  } finally {
    if (worker && worker.exitCode === null && worker.signalCode === null) worker.kill("SIGKILL");
    await sink?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
