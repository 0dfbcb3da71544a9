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
  // One round trip, nothing counted that grows with the forum: active discussions are the sum
  // of the categories' counts (every discussion has one category, and each category counts its
  // active ones by trigger: docs/decisions/066); counting them here read 1,000,000 index
  // entries on every render of the home page (bench/RESULTS.md §21). Replies are counted by
  // triggers too; published blog posts are few.
  const [row] = await queryRows<{ posts: number; discussions: number; replies: number }>(
    db,
    sql`select
          (select count(*)::int from blog_posts where status = 'published') as posts,
          (select coalesce(sum(discussions_count), 0)::int from categories) as discussions,
          (select value::int from site_counters where name = 'replies') as replies`,
  );
  return {
    posts: Number(row?.posts ?? 0),
    discussions: Number(row?.discussions ?? 0),
    replies: Number(row?.replies ?? 0),
  };
}
