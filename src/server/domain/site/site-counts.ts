// The site's own totals, counted in the database: the CMS overview's cards and the about
// section's stats (docs/decisions/030) read the same numbers.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";

export type SiteCounts = {
  /** Published blog posts. */
  posts: number;
  /** Active discussions (the about section's rants). */
  discussions: number;
  /** Replies anyone can read, kept by triggers (docs/decisions/020). */
  replies: number;
};

export async function countSite(db: Db): Promise<SiteCounts> {
  // One round trip; each count reads an index (blog_posts_published_idx, discussions_list_idx);
  // a million replies are never counted per request.
  const [row] = await queryRows<{ posts: number; discussions: number; replies: number }>(
    db,
    sql`select
          (select count(*)::int from blog_posts where status = 'published') as posts,
          (select count(*)::int from discussions where status = 'active') as discussions,
          (select value::int from site_counters where name = 'replies') as replies`,
  );
  return {
    posts: Number(row?.posts ?? 0),
    discussions: Number(row?.discussions ?? 0),
    replies: Number(row?.replies ?? 0),
  };
}
