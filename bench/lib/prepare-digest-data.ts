// bench:digest's data, on a copy of a bench:data database (never the original): every bench
// member due for this week's digest, and what a digest reads made real. bench:data spreads its
// replies over the last two years up to the moment it ran, so the period (the last full week and
// the days since) has its share of replies already; what it lacks is the readers' state:
// - members chose weekly, are verified, not suspended, and were last active a month before;
// - each author of a discussion replied to in the period read it up to that last visit (so its
//   new replies are unread: "Replies to your discussions");
// - a fifth of the members read about two of the period's 40 busiest discussions, a third of
//   those to the end (the rest up to their last visit: "Discussions you missed" links a reply);
// - every mention in the period is a notification, as the fan-out makes them, and so is one
//   reply in ten more, to a member chosen from the reply's id ("Mentions of you").
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";

const BENCH_MEMBER = sql`u.email like 'bench-member-%'`;

async function count(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, query);
  return row?.n ?? 0;
}

/** Makes the copy's members due and gives them something to read; what it made, counted. */
export async function prepareDigestData(db: Db, since: Date): Promise<Record<string, number>> {
  const start = sql`${since.toISOString()}::timestamptz`;
  const away = sql`(${start} - interval '30 days')`;
  await db.execute(sql`update "user" u set email_verified = true
    where ${BENCH_MEMBER} and not u.email_verified`);
  await db.execute(sql`delete from suspensions s using "user" u
    where u.id = s.user_id and ${BENCH_MEMBER}`);
  const due = await count(
    db,
    sql`with due as (update profiles p set digest = 'weekly', last_active_at = ${away},
          last_visit_at = ${away}
        from "user" u where u.id = p.id and ${BENCH_MEMBER} returning 1)
      select count(*)::int as n from due`,
  );
  const replies = await count(
    db,
    sql`select count(*)::int as n from discussion_replies r where r.created_at > ${start}`,
  );
  const active = await count(
    db,
    sql`select count(*)::int as n from discussions d where d.last_activity_at > ${start}`,
  );
  const authors = await count(
    db,
    sql`with made as (
        insert into read_positions (user_id, discussion_id, last_read_seq, seen_count, read_at)
        select d.author_id, d.id, b.upto, seen_replies(d.author_id, d.id, b.upto), ${away}
        from discussions d
        cross join lateral (select coalesce(max(r.seq), 0) as upto from discussion_replies r
          where r.discussion_id = d.id and r.created_at <= ${away}) b
        where d.last_reply_at > ${start} and d.author_id is not null and d.created_at <= ${away}
        on conflict do nothing returning 1)
      select count(*)::int as n from made`,
  );
  const readers = await count(
    db,
    sql`with busiest as (
        select r.discussion_id as id from discussion_replies r
        where r.created_at > ${start} and r.deleted_at is null
        group by r.discussion_id order by count(*) desc limit 40),
      chosen as (
        select u.id as user_id, b.id as discussion_id,
          abs(hashtext(u.id || b.id::text)) % 3 = 0 as to_the_end
        from "user" u cross join busiest b
        where ${BENCH_MEMBER} and abs(hashtext(u.id)) % 5 = 0
          and abs(hashtext(u.id || b.id::text)) % 20 = 0),
      positioned as (
        select c.user_id, c.discussion_id, (select coalesce(max(r.seq), 0)
          from discussion_replies r where r.discussion_id = c.discussion_id
            and (c.to_the_end or r.created_at <= ${away})) as upto
        from chosen c),
      made as (
        insert into read_positions (user_id, discussion_id, last_read_seq, seen_count, read_at)
        select p.user_id, p.discussion_id, p.upto,
          seen_replies(p.user_id, p.discussion_id, p.upto), ${away}
        from positioned p
        on conflict do nothing returning 1)
      select count(*)::int as n from made`,
  );
  const mentions = await count(
    db,
    sql`with members as (
        select u.id, row_number() over (order by u.id) - 1 as k, count(*) over () as total
        from "user" u where ${BENCH_MEMBER}),
      events as (
        select m.user_id, r.id as reply_id, r.discussion_id, r.author_id, r.created_at
        from reply_mentions m join discussion_replies r on r.id = m.reply_id
        where r.created_at > ${start} and r.deleted_at is null
        union all
        select mb.id, r.id, r.discussion_id, r.author_id, r.created_at
        from discussion_replies r
        join members mb on mb.k = abs(hashtext(r.id::text)) % mb.total
        where r.created_at > ${start} and r.deleted_at is null
          and abs(hashtext(r.id::text || 'mention')) % 10 = 0
          and r.author_id is distinct from mb.id),
      grouped as (
        select distinct on (user_id, discussion_id) user_id, discussion_id, reply_id, author_id,
          created_at, count(*) over (partition by user_id, discussion_id)::int as events
        from events order by user_id, discussion_id, created_at desc),
      made as (
        insert into notifications
          (user_id, kind, group_key, discussion_id, reply_id, actor_id, event_count,
           created_at, updated_at)
        select user_id, 'mention', 'mention:' || discussion_id, discussion_id, reply_id,
          author_id, events, created_at, created_at
        from grouped
        on conflict do nothing returning 1)
      select count(*)::int as n from made`,
  );
  await db.execute(sql`analyze`);
  return {
    "due members": due,
    "replies in the period": replies,
    "discussions active in it": active,
    "authors' read positions": authors,
    "readers' read positions": readers,
    "mention notifications": mentions,
  };
}
