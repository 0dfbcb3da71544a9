// A member's drafts (docs/decisions/065): every query takes the member's id from the session,
// never from the request, so nobody (staff included) reads or writes another member's draft.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import type { Draft } from "@/shared/api-types";
import { DRAFTS_PER_MEMBER } from "@/shared/drafts";

export async function readDraft(db: Db, userId: string, place: string): Promise<Draft | null> {
  const [row] = await queryRows<Draft>(
    db,
    sql`select place, title, content, updated_at as "updatedAt"
        from drafts where user_id = ${userId} and place = ${place}`,
  );
  return row ? { ...row, updatedAt: new Date(row.updatedAt).toISOString() } : null;
}

/** Saves the draft, then forgets the member's oldest beyond DRAFTS_PER_MEMBER. */
export async function saveDraft(
  db: Db,
  userId: string,
  place: string,
  draft: { title: string | null; content: string },
): Promise<Draft> {
  const [row] = await queryRows<Draft>(
    db,
    sql`insert into drafts (user_id, place, title, content)
        values (${userId}, ${place}, ${draft.title}, ${draft.content})
        on conflict (user_id, place) do update
          set title = excluded.title, content = excluded.content, updated_at = now()
        returning place, title, content, updated_at as "updatedAt"`,
  );
  await db.execute(
    sql`delete from drafts where user_id = ${userId} and place in (
          select place from drafts where user_id = ${userId}
          order by updated_at desc offset ${DRAFTS_PER_MEMBER})`,
  );
  if (!row) throw new Error("the draft was not saved");
  return { ...row, updatedAt: new Date(row.updatedAt).toISOString() };
}

/** Deletes the member's draft at `place` (sent or discarded); none there is no error. */
export async function deleteDraft(db: Db, userId: string, place: string): Promise<void> {
  await db.execute(sql`delete from drafts where user_id = ${userId} and place = ${place}`);
}
