// Blog posts and members found by full-text search (issue 44, decision 074): a few of each, on
// the first page of results. Only published posts and public profiles are in their indexes.
import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { displayName } from "@/server/db/display-name";
import { SEARCH_SIDE_RESULTS, type SearchBlogPostHit, type SearchMemberHit } from "@/shared/search";
import type { ParsedSearch } from "@/shared/search-query";
import { excerptOf, headlineOf, type SearchTerms } from "./headline";
import { blogPostPath, profilePath } from "./result-paths";

/** A blog post's date conditions: before: excludes the day, after: includes it. */
function publishedWithin(query: ParsedSearch): SQL {
  const parts = [sql`b.status = 'published'`, sql`b.published_at <= now()`];
  if (query.before) parts.push(sql`b.published_at < ${query.before}::date`);
  if (query.after) parts.push(sql`b.published_at >= ${query.after}::date`);
  return sql.join(parts, sql` and `);
}

export async function searchBlogPosts(
  db: Db,
  terms: SearchTerms,
  query: ParsedSearch,
): Promise<SearchBlogPostHit[]> {
  // Discussions' filters name nothing a blog post has but a category.
  if (query.author || query.tag) return [];
  const category = query.category
    ? sql`and b.category_id = (select id from categories where slug = ${query.category})`
    : sql``;
  const rows = await queryRows<{
    id: string;
    slug: string;
    title: string;
    excerpt: string;
    published_at: Date | string;
  }>(
    db,
    sql`select b.id, b.slug, ${headlineOf(terms, sql`b.title`)} as title,
        ${excerptOf(terms, sql`b.excerpt || chr(10) || coalesce(b.plain_content, b.content)`)} as excerpt,
        b.published_at
      from (select * from blog_posts b
        where b.search_vector @@ ${terms.tsquery} and ${publishedWithin(query)} ${category}
        order by ts_rank_cd(b.search_vector, ${terms.tsquery}, 32) desc, b.published_at desc
        limit ${SEARCH_SIDE_RESULTS}) b
      order by ts_rank_cd(b.search_vector, ${terms.tsquery}, 32) desc, b.published_at desc`,
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    publishedAt: new Date(row.published_at).toISOString(),
    path: blogPostPath(row.slug),
  }));
}

export async function searchMembers(
  db: Db,
  terms: SearchTerms,
  query: ParsedSearch,
): Promise<SearchMemberHit[]> {
  if (query.author || query.category || query.tag || query.before || query.after) return [];
  const name = displayName(sql`p.full_name`, sql`p.email`);
  const rows = await queryRows<{
    id: string;
    name: string;
    excerpt: string | null;
    avatar_url: string | null;
  }>(
    db,
    sql`select p.id, ${headlineOf(terms, name)} as name,
        case when coalesce(p.bio, '') = '' and coalesce(p.location, '') = '' then null
          else ${excerptOf(terms, sql`concat_ws(' · ', nullif(p.location, ''), nullif(p.bio, ''))`)} end
          as excerpt,
        p.avatar_url
      from (select * from profiles p
        where p.search_vector @@ ${terms.tsquery} and p.is_public
        order by ts_rank_cd(p.search_vector, ${terms.tsquery}, 32) desc, p.id
        limit ${SEARCH_SIDE_RESULTS}) p
      order by ts_rank_cd(p.search_vector, ${terms.tsquery}, 32) desc, p.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    excerpt: row.excerpt ?? "",
    avatarUrl: row.avatar_url,
    path: profilePath(row.id),
  }));
}
