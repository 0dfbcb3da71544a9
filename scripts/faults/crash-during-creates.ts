// kill -9 the server while 1,000 discussion creates by many members are in flight, start it
// again on the same data, and look for every create that was answered 201: each must be there,
// with its title and author, exactly once. Creates that were cut off may or may not have been
// committed. Each create carries an Idempotency-Key (docs/decisions/033), and after the restart
// every one is sent again with its key, as the client retries an unanswered submission: each
// key must have made exactly one discussion, a committed one is answered with its first answer
// (replayed), and the members' discussion counts (kept by a trigger) must match the rows.
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows } from "../../src/server/db/client";
import { createMembers, type Outcome, request } from "./lib/http";
import type { Report } from "./lib/report";
import { tally } from "./lib/report";
import { startServer } from "./lib/server";

const CREATES = 1_000;
const MEMBERS = 40;

export async function crashDuringCreates(
  report: Report,
  options: { port: number; databaseUrl?: string },
): Promise<void> {
  const engine = options.databaseUrl ? "postgres" : "pglite";
  const dataDir = mkdtempSync(path.join(tmpdir(), `rc-faults-crash-${engine}-`));
  // One new discussion per member every 15 s by default: raised so that 25 each go through.
  const env = { RATE_LIMIT_MULTIPLIER: "1000" };
  const serverOptions = { port: options.port, dataDir, databaseUrl: options.databaseUrl, env };
  try {
    let server = await startServer(serverOptions);
    const members = await createMembers(server.url, dataDir, MEMBERS, `crash-${engine}`);
    const run = randomBytes(4).toString("hex");
    const titleOf = (n: number) => `crash ${run} ${n}`;
    const bodyOf = (n: number) => ({
      category: "rants-and-vents",
      title: titleOf(n),
      content: `Created by request ${n} of run ${run}.`,
    });
    const keys = Array.from({ length: CREATES }, () => randomUUID());
    const createOnce = (url: string, n: number) =>
      request(url, "POST", "/api/discussions", {
        cookie: members[n % MEMBERS]?.cookie,
        json: bodyOf(n),
        headers: { "idempotency-key": keys[n] ?? "" },
        timeoutMs: 60_000,
      });
    const idOf = (outcome: Outcome) =>
      outcome.status === 201 ? (JSON.parse(outcome.body) as { id: string }).id : undefined;

    const outcomes: Array<Outcome & { id?: string }> = new Array(CREATES);
    let created = 0;
    // Kill somewhere between 10% and 60% of the way, at a point we do not choose exactly.
    const killAfter = Math.round(CREATES * (0.1 + Math.random() * 0.5));
    let killed = false;
    const killed9 = new Promise<void>((resolve) => {
      const creates = Array.from({ length: CREATES }, async (_, n) => {
        const outcome = await createOnce(server.url, n);
        outcomes[n] = { ...outcome, id: idOf(outcome) };
        if (outcome.status === 201) created += 1;
        if (!killed && created >= killAfter) {
          killed = true;
          server.signal("SIGKILL");
          resolve();
        }
      });
      void Promise.allSettled(creates).then(() => resolve());
    });
    await killed9;
    const exit = await server.exited;
    // Let the in-flight requests see the dead connection.
    while (outcomes.filter(Boolean).length < CREATES) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    report.check(
      exit.signal === "SIGKILL",
      `${engine}: the server was killed with SIGKILL mid-run`,
      exit,
    );
    const answered = outcomes.filter((outcome) => outcome.status === 201);
    report.fact(`${engine} outcomes`, tally(outcomes));
    report.check(
      outcomes.every((outcome) => outcome.status === 201 || outcome.status === null),
      `${engine}: every create was answered 201 or cut off (no 4xx/5xx)`,
      tally(outcomes),
    );

    // Start again on the same data: PGlite recovers its files, the stale lock is taken over.
    const restartedAt = new Date();
    server = await startServer(serverOptions);
    const health = await request(server.url, "GET", "/api/health");
    report.check(
      health.status === 200,
      `${engine}: restarts and reports a healthy database`,
      health.body,
    );
    let visible = 0;
    for (const outcome of answered) {
      const found = await request(server.url, "GET", `/api/discussions/${outcome.id}`);
      if (found.status === 200) visible += 1;
    }
    report.check(
      visible === answered.length,
      `${engine}: all ${answered.length} creates answered 201 are there after the restart`,
      { visible, answered: answered.length },
    );

    // Every create again, with its key: the cut-off ones as a client retries them, and the
    // answered ones to show that a retry of a known create is only ever a replay.
    const retries = await Promise.all(outcomes.map((_, n) => createOnce(server.url, n)));
    const replayed = (n: number) => retries[n]?.headers?.get("idempotent-replayed") === "true";
    const cutOff = outcomes.flatMap((outcome, n) => (outcome.status === null ? [n] : []));
    report.fact(`${engine} retries`, tally(retries));
    report.check(
      retries.every((retry) => retry.status === 201),
      `${engine}: every retry with its Idempotency-Key was answered 201`,
      tally(retries),
    );
    const answeredAgain = outcomes.flatMap((outcome, n) =>
      outcome.status === 201 && !(replayed(n) && retries[n]?.body === outcome.body) ? [n] : [],
    );
    report.check(
      answeredAgain.length === 0,
      `${engine}: each of the ${answered.length} answered creates, retried, got its first answer back (replayed)`,
      answeredAgain.slice(0, 5),
    );
    const replayedCutOffs = cutOff.filter(replayed);
    await server.stop();

    // Read the rows directly, with the server stopped (PGlite is one process's database).
    const database = options.databaseUrl
      ? await openDatabase({ engine: "postgres", url: options.databaseUrl, poolSize: 1 })
      : await openDatabase({ engine: "pglite", dataDir: path.join(dataDir, "pg") });
    try {
      const rows = await queryRows<{ id: string; title: string; author_email: string }>(
        database.db,
        sql`select d.id, d.title, u.email as author_email
            from discussions d join "user" u on u.id = d.author_id
            where d.title like ${`crash ${run} %`}`,
      );
      const byId = new Map(rows.map((row) => [row.id, row]));
      const titles = rows.map((row) => row.title);
      const wrong = answered.filter((outcome) => {
        const n = outcomes.indexOf(outcome);
        const row = outcome.id ? byId.get(outcome.id) : undefined;
        return !row || row.title !== titleOf(n) || row.author_email !== members[n % MEMBERS]?.email;
      });
      report.check(
        wrong.length === 0,
        `${engine}: each 201 is stored with its own title and author`,
        wrong.slice(0, 5).map((outcome) => outcome.id),
      );
      report.check(
        new Set(titles).size === titles.length,
        `${engine}: no create was stored twice`,
        titles.length - new Set(titles).size,
      );
      // Each key made exactly one discussion, the one its retry was answered with.
      const byTitle = new Map(rows.map((row) => [row.title, row]));
      const notOnce = retries.flatMap((retry, n) => {
        const row = byTitle.get(titleOf(n));
        return row && idOf(retry) === row.id ? [] : [n];
      });
      report.check(
        rows.length === CREATES && notOnce.length === 0,
        `${engine}: each of the ${CREATES} keys made exactly one discussion, the one its retry answered`,
        { rows: rows.length, notOnce: notOnce.slice(0, 5) },
      );
      const [keyRows] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from idempotency_keys
            where key in (${sql.join(
              keys.map((key) => sql`${key}`),
              sql`, `,
            )}) and response_status = 201`,
      );
      report.check(
        keyRows?.n === CREATES,
        `${engine}: each key is recorded once, with its answer`,
        keyRows,
      );
      // The replay header is honest: the cut-off creates it called committed are exactly the
      // ones stored before the restart beyond those answered 201.
      const [before] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from discussions
            where title like ${`crash ${run} %`} and created_at < ${restartedAt.toISOString()}`,
      );
      report.check(
        before?.n === answered.length + replayedCutOffs.length,
        `${engine}: the cut-off creates answered as replays are those committed before the kill`,
        {
          storedBeforeRestart: before?.n,
          answered: answered.length,
          replayed: replayedCutOffs.length,
        },
      );
      report.fact(`${engine} stored`, {
        answered201: answered.length,
        cutOff: cutOff.length,
        committedButCutOff: replayedCutOffs.length,
        createdByRetry: cutOff.length - replayedCutOffs.length,
        stored: rows.length,
      });
      const drift = await queryRows<{ id: string }>(
        database.db,
        sql`select p.id from profiles p
            where p.discussions_count <> (
              select count(*) from discussions d where d.author_id = p.id and d.status = 'active')`,
      );
      report.check(
        drift.length === 0,
        `${engine}: members' discussion counts match the rows`,
        drift.length,
      );
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
