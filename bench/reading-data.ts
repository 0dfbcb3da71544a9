// npm run bench:reading-data: issue 42's two readers, added to a database bench:data filled.
// Both are verified members with a password (BENCH_READER_PASSWORD) who last visited two days
// ago and never marked anything read; one has read positions in [positions] discussions
// (10,000), the other none. The positions: three in four of the list's first 1,000 discussions
// (its first pages, pinned ones first), the rest spread evenly over the others; every third was
// opened before its first reply, so each reply to it is unread. Others read too: [others] of
// bench:data's members (1,000) have read [each] (100) of those first 1,000 discussions to their
// end, so a discussion on the first page has about 100 readers, as on a forum in use (and the
// planner's statistics say so). Run it again to make them afresh.
//   DATABASE_URL=postgres://postgres@127.0.0.1:55432/bench npm run bench:reading-data -- [positions] [others] [each]
import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import pg from "pg";
import { BENCH_READER_PASSWORD, BENCH_READERS } from "./lib/bench-member";

const POSITIONS = Number(process.argv[2] ?? 10_000);
const OTHER_READERS = Number(process.argv[3] ?? 1_000);
const EACH_READS = Number(process.argv[4] ?? 100);
/** The list's first discussions (in its order), of which the reader opened three in four. */
const RECENT = 1_000;

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error("Set DATABASE_URL to a database filled by npm run bench:data.");
    process.exit(1);
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = Date.now();
  try {
    const password = await hashPassword(BENCH_READER_PASSWORD);
    await client.query("begin");
    // Deleting the member deletes their profile, account and positions (foreign keys, cascade).
    await client.query(`delete from "user" where email = any($1)`, [Object.values(BENCH_READERS)]);
    const ids: Record<string, string> = {};
    for (const [reader, email] of Object.entries(BENCH_READERS)) {
      const id = randomUUID();
      ids[reader] = id;
      // The trigger of migration 0001 creates the profile.
      await client.query(
        `insert into "user" (id, name, email, email_verified, created_at, updated_at)
         values ($1, $2, $3, true, now() - interval '1 year', now() - interval '1 year')`,
        [id, `Bench Reader (${reader})`, email],
      );
      await client.query(
        `insert into account (id, account_id, provider_id, user_id, password)
         values ($1, $2, 'credential', $2, $3)`,
        [randomUUID(), id, password],
      );
      await client.query(
        `update profiles set last_active_at = now() - interval '1 day',
           last_visit_at = now() - interval '2 days', marked_read_at = null
         where id = $1`,
        [id],
      );
    }
    const recentRead = Math.round((RECENT * 3) / 4);
    const { rowCount } = await client.query(
      `with active as (
         select id, created_at, row_number() over (order by is_pinned desc, created_at desc, id desc) as n
         from discussions where status = 'active'
       ),
       chosen as (
         select a.id, a.created_at, a.n from active a
         where (a.n <= $2 and a.n % 4 <> 0)
           or (a.n > $2 and (a.n - $2) % greatest(1,
             ((select count(*) from active) - $2) / greatest(1, $3::int - $4::int)) = 0)
         order by a.n limit $3
       )
       insert into read_positions (user_id, discussion_id, last_read_seq, seen_count, read_at)
       select $1, c.id, s.seq, seen_replies($1, c.id, s.seq),
         greatest(c.created_at, now() - (c.n % 60) * interval '1 day')
       from chosen c cross join lateral (
         select coalesce(case when c.n % 3 = 0
           then min(r.seq) - 1 else max(r.seq) end, 0) as seq
         from discussion_replies r where r.discussion_id = c.id
       ) s`,
      [ids.positions, RECENT, POSITIONS, recentRead],
    );
    // The other readers: member k (by email) read the first discussions n with (n + k) mod
    // (RECENT / EACH_READS) = 0, to their last reply.
    await client.query(
      `delete from read_positions where user_id in (select id from "user" where email like 'bench-member-%')`,
    );
    const others = await client.query(
      `with members as (
         select id, row_number() over (order by email) as k from "user"
         where email like 'bench-member-%' order by email limit $1
       ),
       first as (
         select id, row_number() over (order by is_pinned desc, created_at desc, id desc) as n
         from discussions where status = 'active' order by n limit $2
       )
       insert into read_positions (user_id, discussion_id, last_read_seq, seen_count, read_at)
       select m.id, f.id, s.seq, seen_replies(m.id, f.id, s.seq), now() - interval '1 day'
       from members m join first f on (f.n + m.k) % greatest(1, $2::int / $3::int) = 0
       cross join lateral (select coalesce(max(r.seq), 0) as seq
         from discussion_replies r where r.discussion_id = f.id) s`,
      [OTHER_READERS, RECENT, EACH_READS],
    );
    await client.query("commit");
    await client.query("vacuum analyze read_positions");
    const { rows } = await client.query<{ unread: number; first_page: number }>(
      `select count(*) filter (where d.shown_replies_count > rp.seen_count)::int as unread,
         count(*) filter (where d.id in (select id from discussions where status = 'active'
           order by is_pinned desc, created_at desc, id desc limit 20))::int as first_page
       from read_positions rp join discussions d on d.id = rp.discussion_id
       where rp.user_id = $1`,
      [ids.positions],
    );
    console.log(
      `Readers: ${BENCH_READERS.positions} with ${rowCount} read positions ` +
        `(${rows[0]?.unread} with unread replies; ${rows[0]?.first_page} of the first page's 20 ` +
        `discussions), ${BENCH_READERS.none} with none; ${others.rowCount} positions of ` +
        `${OTHER_READERS} other members in the first ${RECENT} discussions; ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } catch (error) {
    await client.query("rollback");
    throw error;
  } finally {
    await client.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
