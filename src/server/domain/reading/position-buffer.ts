// Read positions as members scroll (issue 42, docs/decisions/071): a reader's browser reports the
// highest reply it has shown every few seconds; the database sees at most one write per member
// and discussion every WRITE_INTERVAL_MS, all the waiting positions in one statement. Before
// anything reads a member's unread state it writes theirs (`flush`), so no answer is stale.
import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import type { Logger } from "@/server/lib/logger";

export const WRITE_INTERVAL_MS = 10_000;
/** How many write times the buffer keeps before it forgets those past the interval. */
const FORGET_AT = 1_000;

type Waiting = { userId: string; discussionId: string; seq: number };

export type ReadPositionBuffer = {
  /**
   * Keeps `seq` as the member's position in the discussion (a lower one changes nothing);
   * resolves once it is written when it is written at once, else when it is kept.
   */
  record(userId: string, discussionId: string, seq: number): Promise<void>;
  /** Writes the member's waiting positions now (all of theirs, or one discussion's). */
  flush(userId: string, discussionId?: string): Promise<void>;
  /** Writes everything waiting and stops the timer: the server's shutdown, a test's end. */
  close(): Promise<void>;
};

const keyOf = (userId: string, discussionId: string) => `${userId} ${discussionId}`;

/**
 * Writes positions, each only where it moves the member forward; the seen count is the database's
 * own (seen_replies, migration 0042), counted as the position is written.
 */
export async function writeReadPositions(db: Db, positions: Waiting[]): Promise<void> {
  if (positions.length === 0) return;
  const rows = sql.join(
    positions.map(
      ({ userId, discussionId, seq }) =>
        sql`(${userId}::text, ${discussionId}::uuid, ${seq}::bigint)`,
    ),
    sql`, `,
  );
  // A discussion gone meanwhile is skipped (the join), not an error. A position past the
  // thread's last reply is its last reply: nobody has read what is not written yet.
  await db.execute(sql`
    insert into read_positions (user_id, discussion_id, last_read_seq, seen_count, read_at)
    select p.user_id, p.discussion_id, p.seq, seen_replies(p.user_id, p.discussion_id, p.seq), now()
    from (
      select w.user_id, w.discussion_id, least(w.seq, coalesce((select max(r.seq)
        from discussion_replies r where r.discussion_id = w.discussion_id), 0)) as seq
      from (values ${rows}) as w(user_id, discussion_id, seq)
      join discussions d on d.id = w.discussion_id
    ) p
    on conflict (user_id, discussion_id) do update
      set last_read_seq = excluded.last_read_seq, seen_count = excluded.seen_count,
        read_at = excluded.read_at
      where read_positions.last_read_seq < excluded.last_read_seq`);
}

export function createReadPositionBuffer(db: Db, logger: Logger): ReadPositionBuffer {
  const waiting = new Map<string, Waiting>();
  // When each key was last written: a key written within the interval waits for the timer.
  const writtenAt = new Map<string, number>();
  // Writes under way: a flush waits for them, so a read after a report sees it.
  const writing = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  function write(keys: string[]): Promise<void> {
    const done = writeNow(keys).finally(() => writing.delete(done));
    writing.add(done);
    return done;
  }

  async function writeNow(keys: string[]) {
    const positions: Waiting[] = [];
    const now = Date.now();
    // Pages opened without scrolling write at once and never start the sweep: their write
    // times are forgotten here, so a long-running server's map stays small.
    if (writtenAt.size >= FORGET_AT) forgetOld(now);
    for (const key of keys) {
      const position = waiting.get(key);
      if (!position) continue;
      waiting.delete(key);
      writtenAt.set(key, now);
      positions.push(position);
    }
    await writeReadPositions(db, positions);
  }

  /** Forgets write times past the interval, so the map holds only the last interval's readers. */
  function forgetOld(now: number) {
    for (const [key, at] of writtenAt) if (now - at >= WRITE_INTERVAL_MS) writtenAt.delete(key);
  }

  function sweep() {
    timer = null;
    forgetOld(Date.now());
    const due = [...waiting.keys()].filter((key) => !writtenAt.has(key));
    write(due).catch((error) => logger.warn({ err: error }, "could not record read positions"));
    if (waiting.size > 0) schedule();
  }

  function schedule() {
    if (timer || closed) return;
    timer = setTimeout(sweep, WRITE_INTERVAL_MS);
    timer.unref();
  }

  return {
    async record(userId, discussionId, seq) {
      if (closed) return;
      const key = keyOf(userId, discussionId);
      const known = waiting.get(key);
      if (known && known.seq >= seq) return;
      waiting.set(key, { userId, discussionId, seq });
      // Not written within the interval: now, so that one look at a page counts at once.
      const at = writtenAt.get(key);
      if (at === undefined || Date.now() - at >= WRITE_INTERVAL_MS) {
        await write([key]).catch((error) =>
          logger.warn({ err: error }, "could not record a read position"),
        );
      } else {
        schedule();
      }
    },
    async flush(userId, discussionId) {
      const keys =
        discussionId === undefined
          ? [...waiting.values()]
              .filter((position) => position.userId === userId)
              .map((position) => keyOf(position.userId, position.discussionId))
          : [keyOf(userId, discussionId)];
      await Promise.allSettled([...writing]);
      await write(keys);
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await Promise.allSettled([...writing]);
      await write([...waiting.keys()]);
    },
  };
}
