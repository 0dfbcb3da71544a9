// Migration 0045 indexed the replies and blog posts written before it from their content,
// markup markers and mention tokens included; this job writes their plain text (which the
// trigger then indexes), a batch of replies at a time in id order, then the blog posts. The
// migration leaves a row in search_backfill when there is work; the last batch removes it.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { plainContentOf } from "@/server/domain/content-format";

export const BACKFILL_BATCH = 500;

/** Nothing was left (`idle`), some is still left (`more`), or this batch finished it (`done`). */
export type BackfillState = "idle" | "more" | "done";

/** Writes one batch. */
export async function backfillPlainText(db: Db, batch = BACKFILL_BATCH): Promise<BackfillState> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [state] = await queryRows<{ after_id: string | null }>(
      tx,
      sql`select after_id from search_backfill where id = 1 for update`,
    );
    if (!state) return "idle";
    const replies = await queryRows<{ id: string; content: string }>(
      tx,
      sql`select id, content from discussion_replies
        ${state.after_id ? sql`where id > ${state.after_id}::uuid` : sql``}
        order by id limit ${batch}`,
    );
    for (const reply of replies) {
      const plain = plainContentOf(reply.content, "markup");
      if (plain === null) continue;
      await tx.execute(
        sql`update discussion_replies set plain_content = ${plain} where id = ${reply.id}::uuid`,
      );
    }
    const last = replies.at(-1);
    if (replies.length === batch && last) {
      await tx.execute(sql`update search_backfill set after_id = ${last.id}::uuid where id = 1`);
      return "more";
    }
    // A site has tens of blog posts, not millions: the markup ones in one go.
    const posts = await queryRows<{ id: string; content: string }>(
      tx,
      sql`select id, content from blog_posts
        where content_format = 'markup' and plain_content is null`,
    );
    for (const post of posts) {
      const plain = plainContentOf(post.content, "markup");
      if (plain === null) continue;
      await tx.execute(
        sql`update blog_posts set plain_content = ${plain} where id = ${post.id}::uuid`,
      );
    }
    await tx.execute(sql`delete from search_backfill where id = 1`);
    return "done";
  });
}
