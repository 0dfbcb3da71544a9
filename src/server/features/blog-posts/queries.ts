// Reading published blog posts. Lists are newest first with keyset pagination; the sort key is
// the publication time, falling back to the creation time for a post published without one.
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { blogPosts, profiles } from "@/server/db/schema";
import {
  BLOG_POST_CATEGORY_NAME,
  BLOG_POST_CATEGORY_SLUG,
} from "@/server/domain/blog-posts/category";
import { encodeTimeCursor, type TimeCursor } from "@/server/lib/page-cursor";
import type { BlogPostDetail, BlogPostSummary } from "@/shared/api-types";

const sortKey = sql`coalesce(${blogPosts.publishedAt}, ${blogPosts.createdAt})`;

const summaryColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  category: BLOG_POST_CATEGORY_NAME,
  categorySlug: BLOG_POST_CATEGORY_SLUG,
  readTimeMinutes: blogPosts.readTimeMinutes,
  featured: blogPosts.featured,
  publishedAt: sql<Date>`${sortKey}`.mapWith(blogPosts.publishedAt),
};

/** The row with its publication time as an ISO string, the API's date format. */
function withIsoDate<Row extends { publishedAt: Date }>(row: Row) {
  return { ...row, publishedAt: row.publishedAt.toISOString() };
}

export async function listPublishedPosts(
  db: Db,
  { limit, cursor }: { limit: number; cursor?: TimeCursor },
): Promise<{ posts: BlogPostSummary[]; nextCursor: string | null }> {
  const rows = await db
    .select({ ...summaryColumns, sortKeyText: sql<string>`${sortKey}::text` })
    .from(blogPosts)
    .where(
      and(
        eq(blogPosts.status, "published"),
        cursor
          ? sql`(${sortKey}, ${blogPosts.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(sortKey), desc(blogPosts.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    posts: page.map(({ sortKeyText: _, ...row }) => withIsoDate(row)),
    nextCursor:
      rows.length > limit && last ? encodeTimeCursor({ at: last.sortKeyText, id: last.id }) : null,
  };
}

/** One published post by its slug or its id, or null (drafts and unknown ones alike). */
export async function findPublishedPost(
  db: Db,
  by: { slug: string } | { id: string },
): Promise<BlogPostDetail | null> {
  const [row] = await db
    .select({
      ...summaryColumns,
      content: blogPosts.content,
      contentFormat: blogPosts.contentFormat,
      authorName: profiles.fullName,
    })
    .from(blogPosts)
    .leftJoin(profiles, eq(profiles.id, blogPosts.authorId))
    .where(
      and(
        "slug" in by ? eq(blogPosts.slug, by.slug) : eq(blogPosts.id, by.id),
        eq(blogPosts.status, "published"),
      ),
    );
  return row ? withIsoDate(row) : null;
}

/** The newest published posts for the blog's feed: what an item shows and when it changed. */
export async function newestPostsForFeed(db: Db, limit: number) {
  return db
    .select({
      slug: blogPosts.slug,
      title: blogPosts.title,
      excerpt: blogPosts.excerpt,
      published: sql<Date>`${sortKey}`.mapWith(blogPosts.publishedAt),
      updated: blogPosts.updatedAt,
    })
    .from(blogPosts)
    .where(eq(blogPosts.status, "published"))
    .orderBy(desc(sortKey), desc(blogPosts.id))
    .limit(limit);
}
