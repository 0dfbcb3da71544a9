// bench:data's replies (issue 14): `total` replies over the benchmark discussions, one thread of
// exactly LONG_THREAD replies and one of exactly SHORT_THREAD, with the counters the triggers of
// migration 0014 keep made equal to fresh counts.
//
// Like a live forum: most discussions get a few replies and some get many (a log-normal spread),
// mostly in the days after the discussion, by members of whom some reply far more than others
// (and the discussion's author now and then); a quarter answer an earlier reply of the thread,
// a few mention a public member, are edited or are deleted. Rows go in in time order, as they
// would arrive, so a thread's replies are spread over the table's pages rather than side by side.
//
// The count trigger costs four row updates per reply (its discussion, twice its status, its
// author's profile, the site counter): a million replies through it would rewrite each
// discussion's row once per reply. So the trigger is off while the rows go in, and the counters
// are set from fresh counts in one pass, all in one transaction (ALTER TABLE holds the table
// meanwhile: nobody else's reply can slip in uncounted); then the counters are checked against
// fresh counts again.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { plainContentOf } from "@/server/domain/content-format";
import { searchAsides, withAside } from "./search-vocabulary";
import { type Random, seededRandom } from "./seeded-random";

export const LONG_THREAD = 10_000;
export const SHORT_THREAD = 10;
const BATCH = 5_000;
const DAY = 24 * 3600 * 1000;

const OPENINGS = [
  "Same here.",
  "Completely agree.",
  "I had the exact same thing last week.",
  "Honestly, I think you're being a bit harsh.",
  "This made me laugh more than it should have.",
  "Couldn't have said it better.",
  "Have you tried complaining in writing?",
  "Oh, don't get me started.",
  "Respectfully, no.",
  "Ha, this is my whole life.",
];
const BODIES = [
  "Mine did it twice on Monday and nobody could tell me why.",
  "The trick is to ask for a manager straight away, it saves about an hour.",
  "We switched last year and it has been better, though not by much.",
  "I wrote to them in March and I am still waiting for an answer.",
  "My neighbour swears by turning it off and on again, which says a lot.",
  "It used to be simple. Somebody decided it needed an app.",
  "The worst part is the little chime it makes when it fails.",
  "I timed it: eleven minutes for something that should take one.",
  "Nobody at work believes me until it happens to them.",
  "There is a setting for it, buried three menus deep.",
  "I gave up and did it by hand, which took longer but felt better.",
  "My partner thinks I should let it go. I will not let it go.",
];

type Thread = { id: string; authorId: string | null; createdMs: number };
type Member = { id: string; fullName: string; isPublic: boolean };

/** The replies to insert, as parallel arrays in the order generated (thread by thread). */
type Plan = {
  ids: string[];
  thread: Int32Array;
  author: Int32Array;
  timeMs: Float64Array;
  replyTo: Int32Array;
  /** 1 deleted, 2 edited, 4 mentions a member (mentioned). */
  flags: Uint8Array;
  mentioned: Int32Array;
  contentSeed: Uint32Array;
};

const DELETED = 1;
const EDITED = 2;
const MENTIONS = 4;

/** Replies per thread: log-normal weights scaled to `total`, rounded so that they sum to it. */
function threadSizes(random: Random, threads: number, total: number): Int32Array {
  const weights = new Float64Array(threads);
  let sum = 0;
  for (let i = 0; i < threads; i++) {
    // A third of discussions get no answer at all; the rest a log-normal share.
    if (random.next() < 0.33) continue;
    const gaussian =
      Math.sqrt(-2 * Math.log(1 - random.next())) * Math.cos(2 * Math.PI * random.next());
    weights[i] = Math.exp(1.1 * gaussian);
    sum += weights[i] as number;
  }
  const sizes = new Int32Array(threads);
  let cumulative = 0;
  let given = 0;
  for (let i = 0; i < threads; i++) {
    cumulative += weights[i] as number;
    const upTo = sum > 0 ? Math.round((cumulative / sum) * total) : 0;
    sizes[i] = upTo - given;
    given = upTo;
  }
  return sizes;
}

function planReplies(
  random: Random,
  threads: Thread[],
  members: Member[],
  total: number,
  special: { long: number; short: number },
  nowMs: number,
): Plan {
  const others = total - LONG_THREAD - SHORT_THREAD;
  const sizes = threadSizes(random, threads.length, others);
  // The two measured threads have exactly their sizes.
  const longShare = sizes[special.long] as number;
  const shortShare = sizes[special.short] as number;
  sizes[special.long] = LONG_THREAD;
  sizes[special.short] = SHORT_THREAD;
  // Their random shares go to the next discussions, so the total stays `total`.
  for (const [index, share] of [
    [special.long, longShare],
    [special.short, shortShare],
  ] as const) {
    const heir = (index + 2) % threads.length;
    sizes[heir] = (sizes[heir] as number) + share;
  }
  const mentionable = members.map((m, i) => (m.isPublic ? i : -1)).filter((i) => i >= 0);
  const plan: Plan = {
    ids: new Array<string>(total),
    thread: new Int32Array(total),
    author: new Int32Array(total),
    timeMs: new Float64Array(total),
    replyTo: new Int32Array(total).fill(-1),
    flags: new Uint8Array(total),
    mentioned: new Int32Array(total).fill(-1),
    contentSeed: new Uint32Array(total),
  };
  const memberIndex = new Map(members.map((m, i) => [m.id, i]));
  let n = 0;
  for (const [t, thread] of threads.entries()) {
    const size = sizes[t] as number;
    if (size === 0) continue;
    const span = Math.max(1_000, nowMs - thread.createdMs - 1_000);
    const times = new Float64Array(size);
    for (let k = 0; k < size; k++) {
      let delay: number;
      if (t === special.long) {
        delay = random.next() * span;
      } else {
        // Most answers come within days; one in ten much later (someone digs it up).
        const mean = random.next() < 0.9 ? 2 * DAY : 60 * DAY;
        delay = -Math.log(1 - random.next()) * mean;
        if (delay > span) delay = random.next() * span;
      }
      times[k] = thread.createdMs + 1_000 + delay;
    }
    times.sort();
    const first = n;
    for (let k = 0; k < size; k++, n++) {
      // Strictly after the reply before it (a millisecond apart at least), so that an answered
      // reply always goes in first.
      const time =
        k > 0 ? Math.max(times[k] as number, (plan.timeMs[n - 1] as number) + 1) : times[k];
      plan.ids[n] = crypto.randomUUID();
      plan.thread[n] = t;
      plan.timeMs[n] = Math.min(time as number, nowMs);
      const ownAuthor = thread.authorId ? memberIndex.get(thread.authorId) : undefined;
      // Some members answer far more than others: the square of a uniform favours the first.
      plan.author[n] =
        ownAuthor !== undefined && random.next() < 0.15
          ? ownAuthor
          : Math.floor(random.next() ** 2 * members.length);
      if (k > 0 && random.next() < 0.25) {
        plan.replyTo[n] = first + Math.max(0, k - 1 - Math.floor(random.next() * 10));
      }
      const roll = random.next();
      // The measured threads keep every reply, so that their counts are exactly their sizes.
      const measured = t === special.long || t === special.short;
      let flags = roll < 0.01 && !measured ? DELETED : roll < 0.05 ? EDITED : 0;
      if (mentionable.length > 0 && random.next() < 0.03) {
        flags |= MENTIONS;
        plan.mentioned[n] = random.pick(mentionable);
      }
      plan.flags[n] = flags;
      plan.contentSeed[n] = Math.floor(random.next() * 2 ** 32);
    }
  }
  if (n !== total) throw new Error(`planned ${n} replies, not ${total}`);
  return plan;
}

function replyContent(seed: number, mention: Member | undefined, aside: string): string {
  const random = seededRandom(seed);
  const sentences = [random.pick(OPENINGS)];
  const more = Math.floor(random.next() * 4);
  for (let i = 0; i < more; i++) sentences.push(random.pick(BODIES));
  const text = withAside(sentences.join(random.next() < 0.2 ? "\n\n" : " "), aside);
  // The mention token of docs/decisions/020, labelled with the display name.
  return mention ? `@[${mention.fullName.trim()}](${mention.id}) ${text}` : text;
}

const iso = (ms: number) => new Date(ms).toISOString();

async function insertInTimeOrder(
  db: Db,
  plan: Plan,
  threads: Thread[],
  members: Member[],
  nowMs: number,
) {
  const total = plan.ids.length;
  // Issue 44: the long tail of words search is measured with, in time order.
  const aside = searchAsides(0x5ea7c5);
  const order = Uint32Array.from({ length: total }, (_, i) => i).sort(
    (a, b) => (plan.timeMs[a] as number) - (plan.timeMs[b] as number) || a - b,
  );
  for (let start = 0; start < total; start += BATCH) {
    const rows = [];
    const mentions = [];
    for (const i of order.subarray(start, start + BATCH)) {
      const flags = plan.flags[i] as number;
      const at = plan.timeMs[i] as number;
      const later = Math.min(nowMs, at + 60_000 + ((plan.contentSeed[i] as number) % 3_600_000));
      const mention = flags & MENTIONS ? members[plan.mentioned[i] as number] : undefined;
      const replyTo = plan.replyTo[i] as number;
      const content = replyContent(plan.contentSeed[i] as number, mention, aside(total));
      rows.push({
        id: plan.ids[i],
        discussion_id: threads[plan.thread[i] as number]?.id,
        author_id: members[plan.author[i] as number]?.id,
        content,
        // As the app writes a reply (features/replies): the text search indexes (issue 44).
        plain_content: plainContentOf(content, "markup"),
        reply_to_id: replyTo >= 0 ? plan.ids[replyTo] : null,
        created_at: iso(at),
        updated_at: iso(flags & (DELETED | EDITED) ? later : at),
        edited_at: flags & EDITED ? iso(later) : null,
        deleted_at: flags & DELETED ? iso(later) : null,
      });
      if (mention) mentions.push({ reply_id: plan.ids[i], user_id: mention.id });
    }
    await db.execute(sql`
      insert into discussion_replies
        (id, discussion_id, author_id, content, plain_content, reply_to_id, created_at, updated_at,
         edited_at, deleted_at)
      select id, discussion_id, author_id, content, plain_content, reply_to_id, created_at,
        updated_at, edited_at, deleted_at
      from json_to_recordset(${JSON.stringify(rows)}::json) as r(
        id uuid, discussion_id uuid, author_id text, content text, plain_content text, reply_to_id uuid,
        created_at timestamptz, updated_at timestamptz, edited_at timestamptz, deleted_at timestamptz)`);
    if (mentions.length > 0) {
      await db.execute(sql`
        insert into reply_mentions (reply_id, user_id)
        select reply_id, user_id
        from json_to_recordset(${JSON.stringify(mentions)}::json) as m(reply_id uuid, user_id text)`);
    }
    if ((start / BATCH) % 20 === 19) console.log(`  replies: ${start + BATCH}`);
  }
}

/**
 * Sets every reply counter from fresh counts (the rules of migration 0014), changing only the
 * rows that differ.
 */
async function setCountersFromRows(db: Db) {
  await db.execute(sql`
    update discussions d set replies_count = c.n, last_reply_at = c.latest
    from (
      select discussion_id,
        (count(*) filter (where deleted_at is null))::int as n,
        max(created_at) filter (where deleted_at is null) as latest
      from discussion_replies group by discussion_id
    ) c
    where c.discussion_id = d.id
      and (d.replies_count, d.last_reply_at) is distinct from (c.n, c.latest)`);
  await db.execute(sql`
    update profiles p set replies_count = coalesce(c.n, 0)
    from profiles q left join (
      select r.author_id, count(*)::int as n
      from discussion_replies r join discussions d on d.id = r.discussion_id
      where r.deleted_at is null and d.status = 'active' and r.author_id is not null
      group by r.author_id
    ) c on c.author_id = q.id
    where p.id = q.id and p.replies_count <> coalesce(c.n, 0)`);
  await db.execute(sql`
    update site_counters set value = (
      select count(*) from discussion_replies r join discussions d on d.id = r.discussion_id
      where r.deleted_at is null and d.status = 'active'
    ) where name = 'replies'`);
}

/** Counters that differ from a fresh count: zero of each, or this throws. */
export async function checkReplyCounters(db: Db) {
  const [row] = await queryRows<{ discussions: number; profiles: number; site: number }>(
    db,
    sql`with fresh as (
          select discussion_id,
            (count(*) filter (where deleted_at is null))::int as n,
            max(created_at) filter (where deleted_at is null) as latest
          from discussion_replies group by discussion_id
        ), fresh_authors as (
          select r.author_id, count(*)::int as n
          from discussion_replies r join discussions d on d.id = r.discussion_id
          where r.deleted_at is null and d.status = 'active' and r.author_id is not null
          group by r.author_id
        )
        select
          (select count(*)::int from discussions d left join fresh f on f.discussion_id = d.id
           where (d.replies_count, d.last_reply_at)
             is distinct from (coalesce(f.n, 0), f.latest)) as discussions,
          (select count(*)::int from profiles p left join fresh_authors f on f.author_id = p.id
           where p.replies_count <> coalesce(f.n, 0)) as profiles,
          (select (value <> (select count(*) from discussion_replies r
             join discussions d on d.id = r.discussion_id
             where r.deleted_at is null and d.status = 'active'))::int
           from site_counters where name = 'replies') as site`,
  );
  if (!row || row.discussions + row.profiles + row.site > 0) {
    throw new Error(`Reply counters differ from fresh counts: ${JSON.stringify(row)}`);
  }
}

/**
 * Adds `total` replies to the benchmark discussions (`threads`, oldest first) by `members`;
 * the ids of the long and the short thread.
 */
export async function generateReplies(
  db: Db,
  random: Random,
  threads: Thread[],
  members: Member[],
  total: number,
): Promise<{ longThreadId: string; shortThreadId: string }> {
  if (threads.length < 3 || total < LONG_THREAD + SHORT_THREAD) {
    throw new Error(
      `Replies need 3 discussions and ${LONG_THREAD + SHORT_THREAD} replies at least`,
    );
  }
  // Two recent discussions (a few hundred from the top of the list), as a reader would open.
  const long = Math.max(0, threads.length - 500);
  const short = long + 1;
  const nowMs = Date.now();
  const plan = planReplies(random, threads, members, total, { long, short }, nowMs);
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.execute(sql`alter table discussion_replies disable trigger discussion_replies_counts`);
    await insertInTimeOrder(tx, plan, threads, members, nowMs);
    await setCountersFromRows(tx);
    await tx.execute(sql`alter table discussion_replies enable trigger discussion_replies_counts`);
  });
  await checkReplyCounters(db);
  return {
    longThreadId: threads[long]?.id as string,
    shortThreadId: threads[short]?.id as string,
  };
}

export type { Member as ReplyAuthor, Thread as ReplyThread };
