// The table "Did you mean" reads (decision 074): every word of 3 to 30 letters in at least
// MIN_POSTS posts a visitor reads, by at least MIN_AUTHORS authors, with its number of posts.
// Rebuilt whole by a job, from those posts only: a hidden, held or deleted post, a draft or a
// private profile adds nothing. Words are split with the `simple` configuration (no stemming):
// a suggestion is a word as people write it.
import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { MIN_POSTS } from "./suggest";

const words = (text: string) =>
  sql.raw(`unnest(tsvector_to_array(to_tsvector('simple', ${text})))`);

export async function rebuildSearchWords(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from search_words`);
    // At least MIN_AUTHORS (two) authors is min <> max: no count(distinct) over every (word,
    // author) pair.
    await tx.execute(sql`insert into search_words (word, posts)
      select word, count(*)::int from (
        select d.author_id, ${words("d.title || ' ' || coalesce(d.plain_content, d.content)")} as word
          from discussions d where d.status = 'active' and d.hidden_at is null
        union all
        select r.author_id, ${words("coalesce(r.plain_content, unquoted(r.content))")}
          from discussion_replies r join discussions d on d.id = r.discussion_id
          where r.deleted_at is null and r.held_at is null and r.hidden_at is null
            and d.status = 'active' and d.hidden_at is null
        union all
        select b.author_id, ${words("b.title || ' ' || b.excerpt || ' ' || coalesce(b.plain_content, b.content)")}
          from blog_posts b where b.status = 'published' and b.published_at <= now()
      ) used
      where char_length(word) between 3 and 30 and word ~ '^[[:alpha:]]+$'
      group by word
      having count(*) >= ${MIN_POSTS} and min(author_id) <> max(author_id)`);
  });
}
