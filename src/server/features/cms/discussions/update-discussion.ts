import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../../db/client";
import { UUID_ID } from "../../../lib/ids";

/** Replaces an active discussion's title and content; false when there is none with that id. */
export async function updateDiscussionText(
  db: Db,
  id: string,
  values: { title: string; content: string },
): Promise<boolean> {
  if (!UUID_ID.test(id)) return false;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update discussions set title = ${values.title}, content = ${values.content},
          updated_at = now()
        where id = ${id}::uuid and status = 'active'
        returning id`,
  );
  return rows.length > 0;
}
