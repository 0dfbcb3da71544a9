// Issue 45's reactions for the benchmark data (docs/decisions/075): `count` rows of `reactions`
// by bench:data's members on the posts a visitor reads, loaded with the count trigger off and
// then recounted (recount_reactions(), migration 0046), then each Top period's scores as the
// top-scores job would leave them. Deterministic (setseed, one transaction), but for the ids.
//
// The spread: a post is chosen Zipf-like over the posts in a fixed shuffled order (the square of
// a uniform draw: the most reacted post takes about 1 in 1,400 of the reactions, the median
// post one or two); the member uniformly among bench:data's (never the post's author; a repeat
// of member, post and kind is dropped, as the unique constraint drops it in the app); the kind
// weighted (agree 40%, funny 25%, hugs 15%, wow 12%, angry 8%); the time soon after the post,
// as reactions come (an exponential wait of two days on average, never after now).
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { refreshTopScores } from "@/server/domain/reactions/top-scores";

/** bench:data's reactions per reply: 5,000,000 at its full size (1,000,000 replies). */
export const REACTIONS_PER_REPLY = 5;

const BATCH = 250_000;
const PERIODS = ["today", "week", "month", "year", "all"] as const;

export type ReactionLoad = {
  asked: number;
  /** Rows in `reactions` (repeats and own posts dropped). */
  rows: number;
  loadSeconds: number;
  recountSeconds: number;
  /** The top-scores job's run per period, in seconds, and the discussions each scores. */
  topScores: Array<{ period: string; seconds: number; discussions: number }>;
};

const since = (started: number) => (Date.now() - started) / 1000;

export async function loadReactions(
  db: Db,
  count: number,
  log: (line: string) => void = console.log,
): Promise<ReactionLoad> {
  const loadStarted = Date.now();
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.execute(sql`select setseed(0.45)`);
    // Made afresh: a second run replaces the first's reactions.
    await tx.execute(sql`delete from top_scores`);
    await tx.execute(sql`delete from reactions`);
    await tx.execute(sql`alter table reactions disable trigger reactions_count`);
    await tx.execute(sql`
      create temp table bench_reaction_posts on commit drop as
      select (row_number() over (order by md5(post_id::text)) - 1)::int as n,
        discussion_id, reply_id, author_id, created_at
      from (
        select d.id as post_id, d.id as discussion_id, null::uuid as reply_id, d.author_id, d.created_at
        from discussions d
        where d.status = 'active' and d.hidden_at is null
        union all
        select r.id, r.discussion_id, r.id, r.author_id, r.created_at
        from discussion_replies r join discussions d on d.id = r.discussion_id
        where d.status = 'active' and d.hidden_at is null
          and r.deleted_at is null and r.held_at is null and r.hidden_at is null
      ) posts`);
    await tx.execute(sql`alter table bench_reaction_posts add primary key (n)`);
    await tx.execute(sql`
      create temp table bench_reaction_members on commit drop as
      select (row_number() over (order by email) - 1)::int as n, id
      from "user" where email like 'bench-member-%'`);
    await tx.execute(sql`alter table bench_reaction_members add primary key (n)`);
    const [sizes] = await queryRows<{ posts: number; members: number }>(
      tx,
      sql`select (select count(*)::int from bench_reaction_posts) as posts,
        (select count(*)::int from bench_reaction_members) as members`,
    );
    const posts = sizes?.posts ?? 0;
    const members = sizes?.members ?? 0;
    if (posts === 0 || members === 0) {
      throw new Error("No benchmark posts or members: run npm run bench:data first");
    }
    for (let done = 0; done < count; done += BATCH) {
      const batch = Math.min(BATCH, count - done);
      await tx.execute(sql`
        insert into reactions (user_id, discussion_id, reply_id, kind, created_at)
        select m.id, p.discussion_id, p.reply_id,
          case when pick.k < 0.40 then 'agree' when pick.k < 0.65 then 'funny'
            when pick.k < 0.80 then 'hugs' when pick.k < 0.92 then 'wow' else 'angry' end,
          least(now(), p.created_at + (-ln(1 - pick.t) * 2) * interval '1 day')
        from (
          select floor(${posts} * power(random(), 2))::int as pn,
            floor(${members} * random())::int as mn, random() as k, random() as t
          from generate_series(1, ${batch})
        ) pick
        join bench_reaction_posts p on p.n = pick.pn
        join bench_reaction_members m on m.n = pick.mn
        where m.id is distinct from p.author_id
        on conflict do nothing`);
      log(
        `  reactions: ${(done + batch).toLocaleString("en")} asked, ${since(loadStarted).toFixed(0)} s`,
      );
    }
    await tx.execute(sql`alter table reactions enable trigger reactions_count`);
  });
  const loadSeconds = since(loadStarted);
  const recountStarted = Date.now();
  await db.execute(sql`select recount_reactions()`);
  const recountSeconds = since(recountStarted);
  await db.execute(sql`analyze reactions`);
  await db.execute(sql`analyze reaction_counts`);
  const [counted] = await queryRows<{ rows: number }>(
    db,
    sql`select count(*)::int as rows from reactions`,
  );
  log(
    `reactions: ${(counted?.rows ?? 0).toLocaleString("en")} rows of ${count.toLocaleString("en")} asked ` +
      `in ${loadSeconds.toFixed(1)} s (count trigger off); recounted in ${recountSeconds.toFixed(1)} s`,
  );
  // As the top-scores job leaves them (every ten minutes in the app), each period timed.
  const topScores: ReactionLoad["topScores"] = [];
  for (const period of PERIODS) {
    const started = Date.now();
    const discussions = (await refreshTopScores(db, period)).scored;
    topScores.push({ period, seconds: since(started), discussions });
  }
  await db.execute(sql`analyze top_scores`);
  log(
    `top scores: ${topScores
      .map((p) => `${p.period} ${p.discussions.toLocaleString("en")} in ${p.seconds.toFixed(1)} s`)
      .join(", ")}`,
  );
  return { asked: count, rows: counted?.rows ?? 0, loadSeconds, recountSeconds, topScores };
}
