// npm run bench:reading: issue 42's writes target. Readers scrolling: BENCH_CONNECTIONS (50)
// connections, each a signed-in member (BENCH_MEMBERS of them, new each run) reading one of
// BENCH_DISCUSSIONS threads, send PUT /api/discussions/{id}/read with a seq one higher each time,
// as fast as the server answers, for BENCH_DURATION seconds. Reports requests per second and the
// rows written to read_positions (pg_stat_user_tables: inserts and updates), during the load and
// at the server's stop (its last flush), against the most decision 071 allows: one write per
// member and discussion per 10 s (the first report at once, then one per interval), and the flush.
//   DATABASE_URL=postgres://postgres@127.0.0.1:55432/bench npm run bench:reading
// Options (environment): BENCH_PORT (3430), BENCH_CONNECTIONS (50), BENCH_MEMBERS (10),
// BENCH_DISCUSSIONS (25), BENCH_DURATION (30 s), BENCH_WARMUP (0 s, same pairs).
import { mkdtempSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { WRITE_INTERVAL_MS } from "@/server/domain/reading/position-buffer";
import { signedInCookie } from "./lib/bench-member";
import { formatLoad, loadAverage, othersCpu, postmasterOf } from "./lib/machine-load";
import { quantile } from "./lib/percentiles";
import { startServer } from "./lib/server-process";

const databaseUrl = process.env.DATABASE_URL;
const port = Number(process.env.BENCH_PORT ?? 3430);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const memberCount = Number(process.env.BENCH_MEMBERS ?? 10);
const discussionCount = Number(process.env.BENCH_DISCUSSIONS ?? 25);
const durationS = Number(process.env.BENCH_DURATION ?? 30);
/** PostgreSQL's backends report their table statistics within PGSTAT_IDLE_INTERVAL (10 s) idle. */
const STATS_SETTLE_MS = 11_000;

type Thread = { id: string; firstSeq: number; lastSeq: number };

async function withClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Rows inserted and updated in read_positions so far, as PostgreSQL counts them. */
const positionWrites = () =>
  withClient(async (client) => {
    const { rows } = await client.query<{ writes: string }>(
      `select n_tup_ins + n_tup_upd as writes from pg_stat_user_tables where relname = 'read_positions'`,
    );
    return Number(rows[0]?.writes ?? 0);
  });

/** The longest threads, to scroll through: their first and last reply's seq. */
const threads = () =>
  withClient(async (client) => {
    const { rows } = await client.query<{ id: string; first_seq: string; last_seq: string }>(
      `select d.id, min(r.seq) as first_seq, max(r.seq) as last_seq
       from (select id from discussions where status = 'active' and replies_count > 0
             order by replies_count desc, id limit $1) d
       join discussion_replies r on r.discussion_id = d.id
       group by d.id order by d.id`,
      [discussionCount],
    );
    if (rows.length < discussionCount) {
      throw new Error(`Only ${rows.length} discussions with replies: run bench:data`);
    }
    return rows.map(
      (row): Thread => ({
        id: row.id,
        firstSeq: Number(row.first_seq),
        lastSeq: Number(row.last_seq),
      }),
    );
  });

async function main() {
  if (!databaseUrl) {
    console.error("Set DATABASE_URL to the benchmark database (see npm run bench:data).");
    process.exit(1);
  }
  const scrolled = await threads();
  const postmaster = await withClient(async (client) =>
    postmasterOf(
      (await client.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]?.pid ?? 0,
    ),
  );
  const workDir = mkdtempSync(path.join(tmpdir(), "rc-bench-reading-"));
  const app = await startServer({ port, databaseUrl, dataDir: path.join(workDir, "data") });
  let stopped = false;
  try {
    const since = await withClient(
      async (client) => (await client.query<{ now: Date }>("select now()")).rows[0]?.now,
    );
    const cookies: string[] = [];
    for (let i = 0; i < memberCount; i++) cookies.push(await signedInCookie(app.url, databaseUrl));
    // Connection c reads as member c mod M in thread c mod D: with M = 10 and D = 25, 50 pairs.
    const readers = Array.from({ length: connections }, (_, c) => ({
      cookie: cookies[c % memberCount] as string,
      thread: scrolled[c % discussionCount] as Thread,
      member: c % memberCount,
    }));
    const pairs = new Set(readers.map((r) => `${r.member} ${r.thread.id}`)).size;
    const start = loadAverage();
    console.log(
      `Machine: ${start.cores} cores (${os.cpus()[0]?.model ?? "unknown CPU"}), Node ${process.version}; ` +
        `load average at start ${formatLoad(start)}. ${connections} connections: ${memberCount} members ` +
        `in ${discussionCount} threads, ${pairs} distinct (member, discussion) pairs, for ${durationS} s; ` +
        `app pid ${app.pid}`,
    );
    const before = await positionWrites();
    const others = othersCpu([process.pid, app.pid, ...(postmaster ? [postmaster] : [])]);
    const latencies: number[] = [];
    let failures = 0;
    const origin = `http://localhost:${port}`;
    const until = Date.now() + durationS * 1000;
    const started = performance.now();
    await Promise.all(
      readers.map(async ({ cookie, thread }) => {
        // Scrolling down: a seq one higher each time, from the thread's first reply; past its
        // last reply the server keeps its last (nobody has read what is not written yet).
        for (let seq = thread.firstSeq; Date.now() < until; seq++) {
          const sent = performance.now();
          const response = await fetch(`${app.url}/api/discussions/${thread.id}/read`, {
            method: "PUT",
            headers: { cookie, origin, "content-type": "application/json" },
            body: JSON.stringify({ seq }),
          });
          await response.arrayBuffer();
          latencies.push(performance.now() - sent);
          if (response.status !== 204) failures++;
        }
      }),
    );
    const elapsedS = (performance.now() - started) / 1000;
    const othersCores = others.stop();
    const loadEnd = loadAverage();
    // The server's timer writes what waited at the end within an interval; the backends report
    // their statistics once idle.
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(WRITE_INTERVAL_MS, STATS_SETTLE_MS)),
    );
    const duringLoad = (await positionWrites()) - before;
    await app.stop();
    stopped = true;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const atStop = (await positionWrites()) - before - duringLoad;
    const total = duringLoad + atStop;
    const intervals = Math.ceil((durationS * 1000) / WRITE_INTERVAL_MS);
    // The first report of a pair is written at once, then at most one per interval after it
    // (durationS / 10 of them, the last after the load ended), then the stop's flush.
    const allowed = pairs * (1 + intervals) + pairs;
    const requests = latencies.length;
    console.log(
      `\nRequests: ${requests.toLocaleString("en")} in ${elapsedS.toFixed(1)} s, ${(requests / elapsedS).toFixed(0)} req/s; ` +
        `latency p50 ${quantile(latencies, 0.5).toFixed(1)} ms, p99 ${quantile(latencies, 0.99).toFixed(1)} ms; ` +
        `failures ${failures}. Load average at end ${formatLoad(loadEnd)}; other processes' CPU ` +
        `${othersCores === null ? "unknown" : `${othersCores.toFixed(2)} cores`}.`,
    );
    console.log(
      `Rows written to read_positions: ${duringLoad} during the load and its last interval ` +
        `(${(duringLoad / elapsedS).toFixed(1)} per second of load), ${atStop} at the server's stop; ` +
        `${total} in all, ${(total / requests).toFixed(4)} per request. ` +
        `Allowed: one per pair per ${WRITE_INTERVAL_MS / 1000} s = ${(pairs / (WRITE_INTERVAL_MS / 1000)).toFixed(1)} per second, ` +
        `at most ${allowed} rows here (${pairs} pairs × (1 + ${intervals}) + the stop's ${pairs}): ` +
        `${total <= allowed ? "within" : "OVER"}.`,
    );
    const written = await withClient(async (client) => {
      const { rows } = await client.query<{ rows: number; at_last: number }>(
        `select count(*)::int as rows,
           count(*) filter (where rp.last_read_seq = (select max(r.seq) from discussion_replies r
             where r.discussion_id = rp.discussion_id))::int as at_last
         from read_positions rp where rp.user_id in (
           select u.id from "user" u where u.email like 'load-%@bench.test' and u.created_at >= $1)`,
        [since],
      );
      return rows[0];
    });
    console.log(
      `Positions kept: ${written?.rows} rows for this run's members (${pairs} pairs expected), ` +
        `${written?.at_last} at their thread's last reply.`,
    );
    if (failures > 0 || total > allowed) process.exitCode = 1;
  } finally {
    if (!stopped) await app.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
