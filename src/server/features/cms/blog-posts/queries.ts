// Blog posts as the staff see them: drafts included, every field editable (DESIGN "Deliberate
// improvements": CMS posts are persisted; published ones feed the home page and /blog).
import { sql } from "drizzle-orm";
import type { CmsBlogPost, CmsBlogPostSummary } from "../../../../shared/api-types";
import { readTimeMinutes } from "../../../../shared/constants";
import type { BlogPostValues } from "../../../../shared/schemas";
import { type Db, queryRows } from "../../../db/client";
import {
  microsecondText,
  nextTimeCursor,
  type TimeCursor,
  whereAfterTimeCursor,
} from "../../../lib/page-cursor";

type PostRow = {
  id: string;
  title: string;
  excerpt: string;
  content?: string;
  category: string;
  status: "draft" | "published";
  featured: boolean;
  read_time_minutes: number;
  published_at: string | null;
  created_at: string;
  updated_at: string;
  cursorAt: string;
};

const columns = sql`id, title, excerpt, category, status, featured, read_time_minutes,
  ${microsecondText(sql`published_at`)} as published_at,
  ${microsecondText(sql`created_at`)} as created_at,
  ${microsecondText(sql`updated_at`)} as updated_at,
  ${microsecondText(sql`created_at`)} as "cursorAt"`;

function toSummary(row: PostRow): CmsBlogPostSummary {
  return {
    id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    category: row.category,
    status: row.status,
    featured: row.featured,
    readTimeMinutes: row.read_time_minutes,
    publishedAt: row.published_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toPost(row: PostRow): CmsBlogPost {
  return { ...toSummary(row), content: row.content ?? "" };
}

/** Every post, drafts too, newest created first. */
export async function listAllPosts(
  db: Db,
  { limit, cursor }: { limit: number; cursor: TimeCursor | null },
): Promise<{ posts: CmsBlogPostSummary[]; nextCursor: string | null }> {
  const rows = await queryRows<PostRow>(
    db,
    sql`select ${columns} from blog_posts ${whereAfterTimeCursor(cursor)}
        order by created_at desc, id desc limit ${limit + 1}`,
  );
  return { posts: rows.slice(0, limit).map(toSummary), nextCursor: nextTimeCursor(rows, limit) };
}

export async function findPost(db: Db, id: string): Promise<CmsBlogPost | null> {
  const [row] = await queryRows<PostRow>(
    db,
    sql`select ${columns}, content from blog_posts where id = ${id}::uuid`,
  );
  return row ? toPost(row) : null;
}

/** SPEC §3: a new post starts as a draft, not featured, whatever the form said. */
export async function insertPost(
  db: Db,
  values: Pick<BlogPostValues, "title" | "excerpt" | "content" | "category">,
  authorId: string,
): Promise<CmsBlogPost> {
  const [row] = await queryRows<PostRow>(
    db,
    sql`insert into blog_posts (title, excerpt, content, category, status, featured, read_time_minutes, author_id)
        values (${values.title}, ${values.excerpt}, ${values.content}, ${values.category},
                'draft', false, ${readTimeMinutes(values.content)}, ${authorId})
        returning ${columns}, content`,
  );
  if (!row) throw new Error("blog post insert returned no row");
  return toPost(row);
}

/**
 * Replaces every editable field. published_at is set the first time the post is published
 * and kept afterwards (unpublishing and publishing again keeps its place in the lists).
 */
export async function updatePost(
  db: Db,
  id: string,
  values: BlogPostValues,
): Promise<CmsBlogPost | null> {
  const [row] = await queryRows<PostRow>(
    db,
    sql`update blog_posts set
          title = ${values.title},
          excerpt = ${values.excerpt},
          content = ${values.content},
          category = ${values.category},
          status = ${values.status},
          featured = ${values.featured},
          read_time_minutes = ${readTimeMinutes(values.content)},
          published_at = coalesce(published_at,
            case when ${values.status} = 'published' then now() end),
          updated_at = now()
        where id = ${id}::uuid
        returning ${columns}, content`,
  );
  return row ? toPost(row) : null;
}

/** The id of the post deleted, or null. */
export async function deletePost(db: Db, id: string): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`delete from blog_posts where id = ${id}::uuid returning id`,
  );
  return row?.id ?? null;
}
