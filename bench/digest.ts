// npm run bench:digest (issue 43): a weekly digest for every member of a bench:data database on
// PostgreSQL, planned and sent to the dev mailbox within 10 minutes, the worker within 512 MB.
//   DATABASE_URL=postgres://postgres@127.0.0.1:54341/bench_100k npm run bench:digest
// The database named is never changed: the bench works on a copy (CREATE DATABASE … TEMPLATE,
// so nobody may be connected to it) and drops the copy at the end. On the copy: the app's
// migrations, every bench member due (prepare-digest-data.ts), then `planDigests` here, timed,
// and the send by a worker process running the app's queues (lib/digest-worker.ts), until no
// row is queued or sending. Each recipient must then have exactly one file in the mailbox.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import pg from "pg";
import { defineBackgroundWork } from "../src/server/background";
import { openDatabase, queryRows } from "../src/server/db/client";
import { createDeps } from "../src/server/deps";
import { loadEnv } from "../src/server/env";
import { currentPeriods, planDigests } from "../src/server/features/digest/plan";
import { DIGEST_SEND_QUEUE } from "../src/server/features/digest/sender";
import { mailboxDirectory } from "../src/server/lib/mail";
import { profileDigestBatch } from "./lib/digest-profile";
import { formatLoad, loadAverage, othersCpu, postmasterOf, processCpuMs } from "./lib/machine-load";
import { prepareDigestData } from "./lib/prepare-digest-data";
import { rssMb } from "./lib/rss";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SECRET = "digest-bench-secret-digest-bench-secret!";
/** The issue's targets. */
const TARGET_SECONDS = 600;
const TARGET_MB = 512;
/** The bench gives up on a send this long after the plan (twice the target). */
const GIVE_UP_MS = 2 * TARGET_SECONDS * 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () => formatLoad(loadAverage());
const seconds = (ms: number) => (ms / 1000).toFixed(1);

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.href;
}

/** A copy of `source` named `copy`, made afresh; the source must have no connections. */
async function copyDatabase(admin: pg.Client, source: string, copy: string) {
  await admin.query(`drop database if exists "${copy}" with (force)`);
  await admin.query(`create database "${copy}" template "${source}"`);
}

function startWorker(env: Record<string, string>) {
  const { SMTP_URL: _smtp, ...inherited } = process.env;
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(ROOT, "bench/lib/digest-worker.ts")],
    {
      cwd: ROOT,
      env: { ...inherited, LOG_LEVEL: "error", ...env },
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

/** The peak resident memory of a live process (VmHWM), in MB. */
function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/^VmHWM:\s+(\d+) kB/m)?.[1] ?? Number.NaN) / 1024;
}

/** Mails in the dev mailbox per recipient, from each file's To line. */
function mailboxCounts(directory: string): Map<string, number> {
  const counts = new Map<string, number>();
  const names = readdirSync(directory).filter((name) => name.endsWith(".txt"));
  for (const name of names) {
    const text = readFileSync(path.join(directory, name), "utf8");
    const to = /^To: (.*)$/m.exec(text)?.[1]?.trim().toLowerCase() ?? "";
    counts.set(to, (counts.get(to) ?? 0) + 1);
  }
  return counts;
}

async function main() {
  const sourceUrl = process.env.DATABASE_URL;
  if (!sourceUrl) throw new Error("Set DATABASE_URL to a database filled by npm run bench:data.");
  const source = new URL(sourceUrl).pathname.slice(1);
  const copy = `${source}_digest_run`;
  const copyUrl = databaseUrl(sourceUrl, copy);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "rc-bench-digest-"));
  const admin = new pg.Client({ connectionString: databaseUrl(sourceUrl, "postgres") });
  await admin.connect();
  let worker: ChildProcess | null = null;
  try {
    console.log(`machine: ${os.cpus().length} cores (${os.cpus()[0]?.model}), load ${load()}`);
    let started = performance.now();
    await copyDatabase(admin, source, copy);
    console.log(`copy: ${source} → ${copy} in ${seconds(performance.now() - started)} s`);

    // Migrations and the data the digest reads, with generation's long statement time-out.
    started = performance.now();
    const setup = await openDatabase({
      engine: "postgres",
      url: copyUrl,
      poolSize: 2,
      timeouts: { connectMs: 5_000, queryMs: 3_600_000 },
    });
    await setup.migrate();
    const at = new Date();
    const weekly = (await currentPeriods(setup.db, at)).find((p) => p.choice === "weekly");
    if (!weekly) throw new Error("no weekly period");
    const prepared = await prepareDigestData(setup.db, weekly.since);
    await setup.close();
    console.log(
      `prepared in ${seconds(performance.now() - started)} s: period ${weekly.key} (since ${weekly.since.toISOString()}); ${Object.entries(
        prepared,
      )
        .map(([what, n]) => `${what} ${n}`)
        .join(", ")}; load ${load()}`,
    );

    // The worker runs before the plan, as the server's does.
    const env = {
      DATABASE_URL: copyUrl,
      DATA_DIR: dataDir,
      AUTH_SECRET: SECRET,
      SITE_URL: "http://localhost:3000",
    };
    const spawned = startWorker(env);
    worker = spawned.child;
    await spawned.ready;
    const workerPid = worker.pid ?? 0;
    console.log(`worker ready (pid ${workerPid}, RSS ${rssMb(workerPid).toFixed(0)} MB)`);

    // The plan as the hourly job makes it, with the app's own pool and time-outs.
    const app = await openDatabase({ engine: "postgres", url: copyUrl });
    const deps = createDeps({
      env: loadEnv({ ...env, LOG_LEVEL: "silent" }),
      database: app,
      clientIp: () => "127.0.0.1",
      jobs: { work: false },
    });
    defineBackgroundWork(deps);
    await deps.jobs.start();
    const [backend] = await queryRows<{ pid: number }>(app.db, sql`select pg_backend_pid() as pid`);
    const postmaster = postmasterOf(backend?.pid ?? 0);
    const others = othersCpu([process.pid, workerPid, ...(postmaster ? [postmaster] : [])]);
    const planStarted = performance.now();
    const planned = await planDigests(app.db, at);
    const planMs = performance.now() - planStarted;
    await deps.jobs.send(DIGEST_SEND_QUEUE, {}, { singletonKey: "digest" });
    const sendStarted = performance.now();
    console.log(`plan: ${planned} rows in ${seconds(planMs)} s; load ${load()}`);
    // The next hour's plan, while the send runs: every member planned already.
    const againStarted = performance.now();
    const again = await planDigests(app.db, at);
    console.log(
      `plan again (the hourly re-run): ${again} rows in ${seconds(performance.now() - againStarted)} s`,
    );

    // The send: until no row is queued or sending.
    let sampledMb = 0;
    let counts = new Map<string, number>();
    let lastReport = sendStarted;
    for (;;) {
      sampledMb = Math.max(sampledMb, rssMb(workerPid));
      const rows = await queryRows<{ status: string; n: number }>(
        app.db,
        sql`select status, count(*)::int as n from digest_deliveries
            where period = ${weekly.key} group by status`,
      );
      counts = new Map(rows.map((row) => [row.status, row.n]));
      const open = (counts.get("queued") ?? 0) + (counts.get("sending") ?? 0);
      const now = performance.now();
      if (open === 0 || now - sendStarted > GIVE_UP_MS) break;
      if (now - lastReport >= 30_000) {
        lastReport = now;
        console.log(
          `  ${seconds(now - sendStarted)} s: ${[...counts].map(([s, n]) => `${s} ${n}`).join(", ")}; RSS ${rssMb(workerPid).toFixed(0)} MB; load ${load()}`,
        );
      }
      await sleep(500);
    }
    const sendMs = performance.now() - sendStarted;
    const peakMb = peakRssMb(workerPid);
    const workerCpuMs = processCpuMs(workerPid) ?? Number.NaN;
    const othersCores = others.stop();
    const loadAtEnd = load();
    worker.kill("SIGTERM");
    await exited(worker);
    await deps.jobs.stop();
    await deps.live.close();

    const sent = counts.get("sent") ?? 0;
    const totalMs = planMs + sendMs;
    const timedOut = (counts.get("queued") ?? 0) + (counts.get("sending") ?? 0) > 0;
    console.log(
      `\nmembers planned ${planned}; digests ${[...counts].map(([s, n]) => `${s} ${n}`).join(", ")}${timedOut ? " (GAVE UP)" : ""}`,
    );
    console.log(
      `wall: plan ${seconds(planMs)} s, send ${seconds(sendMs)} s, total ${seconds(totalMs)} s (target ${TARGET_SECONDS} s: ${totalMs / 1000 <= TARGET_SECONDS && !timedOut ? "met" : "MISSED"}); ${(sent / (sendMs / 1000)).toFixed(0)} mails/s`,
    );
    console.log(
      `CPU: the worker ${seconds(workerCpuMs)} s; processes other than the bench, its worker and PostgreSQL used ${othersCores?.toFixed(2) ?? "?"} cores meanwhile`,
    );
    console.log(
      `worker peak RSS (VmHWM) ${peakMb.toFixed(0)} MB, highest sample ${sampledMb.toFixed(0)} MB (target ${TARGET_MB} MB: ${peakMb <= TARGET_MB ? "met" : "MISSED"}); load at the end ${loadAtEnd}`,
    );

    // Exactly one file per recipient of a sent row, none for anyone else.
    const recipients = await queryRows<{ email: string }>(
      app.db,
      sql`select lower(u.email) as email from digest_deliveries dd join "user" u on u.id = dd.user_id
          where dd.period = ${weekly.key} and dd.status = 'sent'`,
    );
    await app.close();
    await profileDigestBatch(copyUrl, weekly.key);
    const files = mailboxCounts(mailboxDirectory(dataDir));
    const expected = new Set(recipients.map((row) => row.email));
    const once = recipients.filter((row) => files.get(row.email) === 1).length;
    const twice = [...files.values()].filter((n) => n > 1).length;
    const strangers = [...files.keys()].filter((to) => !expected.has(to)).length;
    const total = [...files.values()].reduce((sum, n) => sum + n, 0);
    console.log(
      `mailbox: ${total} files; ${once} of ${recipients.length} sent rows' recipients have exactly one; more than one ${twice}; files to members without a sent row ${strangers}: ${once === recipients.length && twice === 0 && strangers === 0 ? "ok" : "FAIL"}`,
    );
  } finally {
    if (worker && worker.exitCode === null && worker.signalCode === null) worker.kill("SIGKILL");
    await admin.query(`drop database if exists "${copy}" with (force)`).catch(() => {});
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
