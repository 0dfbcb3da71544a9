// The viewer's own blocks (docs/decisions/031). Nothing here reads who blocked the viewer.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";

/** Whether `memberId` is a member (a verified account: it has a profile). */
export async function memberExists(db: Db, memberId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from profiles where id = ${memberId}`,
  );
  return rows.length > 0;
}

export async function isBlocked(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const rows = await queryRows<{ blocked_id: string }>(
    db,
    sql`select blocked_id from member_blocks
        where blocker_id = ${blockerId} and blocked_id = ${blockedId}`,
  );
  return rows.length > 0;
}

/** Blocks `blockedId` for `blockerId`; blocking again changes nothing. */
export async function addBlock(db: Db, blockerId: string, blockedId: string): Promise<void> {
  await db.execute(
    sql`insert into member_blocks (blocker_id, blocked_id) values (${blockerId}, ${blockedId})
        on conflict do nothing`,
  );
}

/** Lifts the block; lifting one that is not there changes nothing. */
export async function removeBlock(db: Db, blockerId: string, blockedId: string): Promise<void> {
  await db.execute(
    sql`delete from member_blocks where blocker_id = ${blockerId} and blocked_id = ${blockedId}`,
  );
}
