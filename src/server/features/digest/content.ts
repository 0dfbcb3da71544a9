// What a digest says (docs/decisions/073), read for a batch of members in three statements, at
// send time: a post hidden, held or deleted since the period began, or by a member the reader
// has blocked, is left out whatever the reader's role (a mail leaves the site: it shows what
// anyone may read). Entries never name a member, so a private member is never named either.
// - "Replies to your discussions": the member's own discussions with replies they have not
//   seen (the forum's unread count, domain/reading/unread.ts), active during the period;
// - "Mentions of you": mention notifications not yet read, from the period;
// - "Discussions you missed": the period's most active discussions (by replies) that the member
//   did not start and has not read, neither muted nor by someone they blocked.
// Each links to the first reply the member has not seen, or to the top of a discussion they
// never opened.
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { othersReply, readStateJoin, SHOWN_REPLY } from "@/server/domain/reading/unread";
import { shownToVisitors } from "@/server/domain/visibility/rule";

/** At most this many entries in each part of a digest. */
export const ENTRIES_PER_PART = 5;
/** The period's busiest discussions that each member's "missed" part is chosen from. */
const ACTIVE_CANDIDATES = 40;

export type DigestEntry = {
  discussionId: string;
  title: string;
  /** The site path the entry links to: the first unread reply, or the discussion. */
  path: string;
  /** Unread replies; replies during the period for a missed discussion; mentions. */
  count: number;
};

export type DigestContent = {
  replies: DigestEntry[];
  mentions: DigestEntry[];
  missed: DigestEntry[];
};

export type DigestReader = { userId: string; since: Date };

/** The busiest discussions of each period start (its time in ms), kept through one run. */
export type Candidates = Map<number, { id: string; replies: number }[]>;

export function isEmpty(content: DigestContent): boolean {
  return content.replies.length + content.mentions.length + content.missed.length === 0;
}

/** The batch as rows of a query: `mb(user_id, since)`. */
function readers(batch: DigestReader[]): SQL {
  const rows = JSON.stringify(
    batch.map((reader) => ({ user_id: reader.userId, since: reader.since.toISOString() })),
  );
  return sql`jsonb_to_recordset(${rows}::jsonb) as mb(user_id text, since timestamptz)`;
}

const SHOWN_DISCUSSION = shownToVisitors({
  status: sql`d.status`,
  hiddenAt: sql`d.hidden_at`,
  authorId: sql`d.author_id`,
});

const reader = sql`mb.user_id`;

/** The first reply after the member's position that they have not seen (rd: readStateJoin). */
const firstUnread = sql`(select r.id from discussion_replies r
  where r.discussion_id = d.id and r.seq > rd.last_read_seq
    and (rd.mark is null or r.created_at > rd.mark)
    and ${SHOWN_REPLY} and ${othersReply(reader)}
  order by r.seq limit 1)`;

type EntryRow = {
  user_id: string;
  discussion_id: string;
  title: string;
  reply_id: string | null;
  count: number;
};

function entryOf(row: EntryRow): DigestEntry {
  const base = `/discussion/${row.discussion_id}`;
  return {
    discussionId: row.discussion_id,
    title: row.title,
    path: row.reply_id ? `${base}?reply=${row.reply_id}` : base,
    count: Number(row.count),
  };
}

async function repliesToOwn(db: Db, batch: DigestReader[]): Promise<EntryRow[]> {
  return queryRows<EntryRow>(
    db,
    sql`select mb.user_id, d.id as discussion_id, d.title, rd.unread as count,
          ${firstUnread} as reply_id
        from ${readers(batch)}
        join discussions d on d.author_id = mb.user_id and d.last_reply_at > mb.since
        ${readStateJoin(reader)}
        where ${SHOWN_DISCUSSION} and rd.unread > 0
        order by mb.user_id, d.last_reply_at desc`,
  );
}

async function mentions(db: Db, batch: DigestReader[]): Promise<EntryRow[]> {
  return queryRows<EntryRow>(
    db,
    sql`select mb.user_id, d.id as discussion_id, d.title, n.reply_id, n.event_count as count
        from ${readers(batch)}
        join notifications n on n.user_id = mb.user_id and n.kind = 'mention'
          and n.read_at is null and n.updated_at > mb.since
        join discussions d on d.id = n.discussion_id
        join discussion_replies r on r.id = n.reply_id
        where ${SHOWN_DISCUSSION} and ${SHOWN_REPLY}
          and not exists (select 1 from member_blocks b
            where b.blocker_id = mb.user_id and b.blocked_id = r.author_id)
        order by mb.user_id, n.updated_at desc`,
  );
}

/** The busiest discussions since `since`, by replies anyone may read, newest activity first. */
async function busiest(db: Db, since: Date): Promise<{ id: string; replies: number }[]> {
  return queryRows<{ id: string; replies: number }>(
    db,
    sql`select d.id, count(r.id)::int as replies
        from discussions d
        left join discussion_replies r on r.discussion_id = d.id
          and r.created_at > ${since.toISOString()}::timestamptz and ${SHOWN_REPLY}
        where ${SHOWN_DISCUSSION} and d.last_activity_at > ${since.toISOString()}::timestamptz
        group by d.id
        having count(r.id) > 0 or min(d.created_at) > ${since.toISOString()}::timestamptz
        order by count(r.id) desc, max(d.last_activity_at) desc
        limit ${ACTIVE_CANDIDATES}`,
  );
}

async function missed(db: Db, batch: DigestReader[], candidates: Candidates): Promise<EntryRow[]> {
  const ranked = batch.flatMap((member) =>
    (candidates.get(member.since.getTime()) ?? []).map((candidate, rank) => ({
      user_id: member.userId,
      discussion_id: candidate.id,
      replies: candidate.replies,
      rank,
    })),
  );
  if (ranked.length === 0) return [];
  return queryRows<EntryRow>(
    db,
    sql`select user_id, discussion_id, title, count, reply_id from (
          select mb.user_id, d.id as discussion_id, d.title, mb.replies as count,
            case when rd.last_read_seq is not null then ${firstUnread} end as reply_id,
            row_number() over (partition by mb.user_id order by mb.rank) as place
          from jsonb_to_recordset(${JSON.stringify(ranked)}::jsonb)
            as mb(user_id text, discussion_id uuid, replies int, rank int)
          join discussions d on d.id = mb.discussion_id
          ${readStateJoin(reader)}
          where ${SHOWN_DISCUSSION} and d.author_id is distinct from mb.user_id
            and not exists (select 1 from member_blocks b
              where b.blocker_id = mb.user_id and b.blocked_id = d.author_id)
            -- A subquery, not a bare NOT EXISTS: as an anti join PostgreSQL looked follows up by
            -- discussion alone and filtered by member, every follower of a busy discussion for
            -- each member and candidate (1.9 s of a 100-member batch: bench/RESULTS.md §25).
            and not (select exists (select 1 from discussion_follows df
              where df.discussion_id = d.id and df.user_id = mb.user_id and df.state = 'muted'))
            -- Never opened and not marked read since its last activity, or opened with replies
            -- not yet seen.
            and (rd.unread > 0 or (rd.last_read_seq is null
              and (rd.mark is null or d.last_activity_at > rd.mark)))
        ) chosen
        where place <= ${ENTRIES_PER_PART}
        order by user_id, place`,
  );
}

function byMember(rows: EntryRow[]): Map<string, DigestEntry[]> {
  const map = new Map<string, DigestEntry[]>();
  for (const row of rows) {
    const list = map.get(row.user_id) ?? [];
    if (list.length < ENTRIES_PER_PART) list.push(entryOf(row));
    map.set(row.user_id, list);
  }
  return map;
}

/**
 * The digests of a batch of members, each as it stands now. `candidates` keeps the busiest
 * discussions of each period start between batches of one run (they are the same for all).
 */
export async function digestContents(
  db: Db,
  batch: DigestReader[],
  candidates: Candidates = new Map(),
): Promise<Map<string, DigestContent>> {
  for (const { since } of batch) {
    if (!candidates.has(since.getTime())) candidates.set(since.getTime(), await busiest(db, since));
  }
  const own = byMember(await repliesToOwn(db, batch));
  const mentioned = byMember(await mentions(db, batch));
  const others = byMember(await missed(db, batch, candidates));
  const contents = new Map<string, DigestContent>();
  for (const { userId } of batch) {
    const replies = own.get(userId) ?? [];
    const mentionsOf = mentioned.get(userId) ?? [];
    // A discussion already listed above is not listed again as missed.
    const listed = new Set([...replies, ...mentionsOf].map((entry) => entry.discussionId));
    contents.set(userId, {
      replies,
      mentions: mentionsOf,
      missed: (others.get(userId) ?? []).filter((entry) => !listed.has(entry.discussionId)),
    });
  }
  return contents;
}
