// A member's digest choice (docs/decisions/073), read and written by the settings, the
// unsubscribe link; nobody else's (it is the member's own).
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import type { DigestChoice } from "@/shared/digest";

export async function digestChoice(db: Db, userId: string): Promise<DigestChoice> {
  const [row] = await queryRows<{ digest: DigestChoice }>(
    db,
    sql`select digest from profiles where id = ${userId}`,
  );
  return row?.digest ?? "off";
}

export async function setDigestChoice(db: Db, userId: string, choice: DigestChoice) {
  await db.execute(
    sql`update profiles set digest = ${choice}, updated_at = now() where id = ${userId}`,
  );
}
