// A reply in a discussion with 1,000 followers (issue 16): the reply request's latency with and
// without followers, and how long until all 1,000 notifications exist. The fan-out runs in the
// job queue, worked here as the server does (a poll every half second) while replies arrive.
//   npx tsx bench/notification-fanout.ts [replies per case, default 200]
// PGlite by default; DATABASE_URL for PostgreSQL (needs the test template: npm run test:pg once).
import os from "node:os";
import { sql } from "drizzle-orm";
import { queryRows } from "../src/server/db/client";
import { insertDiscussionRow } from "../src/server/test/discussions";
import { createMember } from "../src/server/test/factories";
import { createTestApp, type TestApp } from "../src/server/test/test-app";
import { createTemplate } from "../src/server/test/test-database";

const REPLIES = Number(process.argv[2] ?? 200);
const FOLLOWERS = 1_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

async function addFollowers(t: TestApp, discussionId: string, count: number) {
  await t.db.execute(sql`
    with made as (
      insert into "user" (id, name, email, email_verified)
      select gen_random_uuid()::text, 'Follower ' || n, 'follower-' || gen_random_uuid() || '@example.com', true
      from generate_series(1, ${count}) n
      returning id
    )
    insert into discussion_follows (discussion_id, user_id, state)
    select ${discussionId}::uuid, id, 'following' from made`);
}

async function timeReplies(
  client: Awaited<ReturnType<typeof createMember>>["client"],
  discussionId: string,
) {
  const times: number[] = [];
  for (let n = 0; n < REPLIES; n++) {
    const started = performance.now();
    const answer = await client.post(`/api/discussions/${discussionId}/replies`, {
      content: `Reply ${n}`,
    });
    times.push(performance.now() - started);
    if (answer.status !== 201) throw new Error(`reply failed: ${answer.status}`);
  }
  return times.sort((a, b) => a - b);
}

async function main() {
  await createTemplate();
  const t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "100000" } });
  let working = true;
  // The worker: what jobs.start({ work: true }) does, a poll every half second.
  const worker = (async () => {
    while (working) {
      await t.runJobs();
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  })();
  try {
    const author = await createMember(t, { name: "Bench Author" });
    const replier = await createMember(t, { name: "Bench Replier" });
    const quiet = await insertDiscussionRow(t.db, { authorId: author.id });
    const followed = await insertDiscussionRow(t.db, { authorId: author.id });
    await addFollowers(t, followed, FOLLOWERS);
    // Warm-up.
    for (let n = 0; n < 20; n++)
      await replier.client.post(`/api/discussions/${quiet}/replies`, { content: "warm" });

    const without = await timeReplies(replier.client, quiet);
    const withFollowers = await timeReplies(replier.client, followed);

    // Time until every follower's entry exists, from the reply's answer, once the queue has
    // worked off the replies above.
    for (;;) {
      const [left] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from pgboss.job
            where name = 'notification-events' and state in ('created', 'retry', 'active')`,
      );
      if (!left?.n) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const fresh = await insertDiscussionRow(t.db, { authorId: author.id });
    await addFollowers(t, fresh, FOLLOWERS);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const answer = await replier.client.post(`/api/discussions/${fresh}/replies`, {
      content: "Fan out",
    });
    const answered = performance.now();
    if (answer.status !== 201) throw new Error(`reply failed: ${answer.status}`);
    let count = 0;
    while (count < FOLLOWERS + 1 && performance.now() - answered < 30_000) {
      const [row] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from notifications where discussion_id = ${fresh}::uuid`,
      );
      count = row?.n ?? 0;
      if (count < FOLLOWERS + 1) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const allExistMs = performance.now() - answered;

    const line = (name: string, times: number[]) =>
      `${name}: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms (${times.length} replies)`;
    console.log(
      `engine: ${t.database.engine}; load average ${os
        .loadavg()
        .map((v) => v.toFixed(2))
        .join(" ")}`,
    );
    console.log(line("reply, no followers", without));
    console.log(line(`reply, ${FOLLOWERS} followers`, withFollowers));
    console.log(
      `p99 ratio: ${(percentile(withFollowers, 99) / percentile(without, 99)).toFixed(2)} (issue: within 1.10)`,
    );
    console.log(
      `all ${FOLLOWERS} follower notifications (+ the author's) exist after ${allExistMs.toFixed(0)} ms (${count} rows; issue: within 5,000 ms)`,
    );
  } finally {
    working = false;
    await worker;
    await t.close();
  }
}

await main();
