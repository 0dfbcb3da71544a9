// Blog posts as the staff see them: drafts included, every field editable (docs/architecture.md "Deliberate
// improvements": CMS posts are persisted; published ones feed the home page and /blog).
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { BLOG_POST_CATEGORY_COLUMNS } from "@/server/domain/blog-posts/category";
import { slugBase, slugCandidate } from "@/server/domain/blog-posts/slug";
import { blogCategoryId } from "@/server/domain/categories/categories";
import {
  markupWhenChanged,
  plainContentOf,
  plainContentWhenChanged,
} from "@/server/domain/content-format";
import { newsletterDeliveryJson } from "@/server/domain/newsletter/sends";
import {
  microsecondText,
  nextTimeCursor,
  type TimeCursor,
  whereAfterTimeCursor,
} from "@/server/lib/page-cursor";
import type { CmsBlogPost, CmsBlogPostSummary, NewsletterDelivery } from "@/shared/api-types";
import { readTimeMinutes } from "@/shared/constants";
import type { ContentFormat } from "@/shared/markup/plain-text";
import type { BlogPostValues } from "@/shared/schemas";

type PostRow = {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  content?: string;
  content_format?: ContentFormat;
  category: string;
  category_slug: string | null;
  status: "draft" | "published";
  featured: boolean;
  read_time_minutes: number;
  published_at: string | null;
  created_at: string;
  updated_at: string;
  cursorAt: string;
  newsletter?: NewsletterDelivery | null;
};

const columns = sql`id, slug, title, excerpt, ${BLOG_POST_CATEGORY_COLUMNS}, status, featured, read_time_minutes,
  ${microsecondText(sql`published_at`)} as published_at,
  ${microsecondText(sql`created_at`)} as created_at,
  ${microsecondText(sql`updated_at`)} as updated_at,
  ${microsecondText(sql`created_at`)} as "cursorAt",
  ${newsletterDeliveryJson(sql`blog_posts.id`)} as newsletter`;

function toSummary(row: PostRow): CmsBlogPostSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    category: row.category,
    categorySlug: row.category_slug,
    status: row.status,
    featured: row.featured,
    readTimeMinutes: row.read_time_minutes,
    publishedAt: row.published_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    newsletter: row.newsletter ?? null,
  };
}

function toPost(row: PostRow): CmsBlogPost {
  return {
    ...toSummary(row),
    content: row.content ?? "",
    contentFormat: row.content_format ?? "markup",
  };
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
    sql`select ${columns}, content, content_format from blog_posts where id = ${id}::uuid`,
  );
  return row ? toPost(row) : null;
}

/** The slugs already taken that `base` would collide with: base itself and base-N. */
async function takenSlugs(db: Db, base: string): Promise<Set<string>> {
  // A base holds only [a-z0-9-], so it has no LIKE wildcards to escape.
  const rows = await queryRows<{ slug: string }>(
    db,
    sql`select slug from blog_posts where slug = ${base} or slug like ${`${base}-%`}`,
  );
  return new Set(rows.map((row) => row.slug));
}

/** Tries before giving up when other posts keep taking the slug chosen (concurrent creates). */
const SLUG_ATTEMPTS = 10;

/**
 * docs/product.md §3: a new post starts as a draft, not featured, whatever the form said. Its
 * slug comes from the title, with -2, -3 ... when taken (docs/decisions/024); the unique index
 * decides between two posts created at once, and the loser takes the next free one.
 */
export async function insertPost(
  db: Db,
  values: Pick<BlogPostValues, "title" | "excerpt" | "content" | "category">,
  authorId: string,
): Promise<CmsBlogPost> {
  const categoryId = await blogCategoryId(db, values.category);
  const base = slugBase(values.title);
  for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt++) {
    const taken = await takenSlugs(db, base);
    let n = 1;
    while (taken.has(slugCandidate(base, n))) n++;
    const [row] = await queryRows<PostRow>(
      db,
      sql`insert into blog_posts (slug, title, excerpt, content, plain_content, category_id, status, featured, read_time_minutes, author_id)
          values (${slugCandidate(base, n)}, ${values.title}, ${values.excerpt}, ${values.content},
                  ${plainContentOf(values.content, "markup")},
                  ${categoryId}::uuid, 'draft', false, ${readTimeMinutes(values.content)}, ${authorId})
          on conflict (slug) do nothing
          returning ${columns}, content, content_format`,
    );
    if (row) return toPost(row);
  }
  throw new Error(`no free slug for "${base}" after ${SLUG_ATTEMPTS} attempts`);
}

/**
 * Replaces every editable field but the slug, which stays as it was made so that links to the
 * post keep working (docs/decisions/024). published_at is set the first time the post is published
 * and kept afterwards (unpublishing and publishing again keeps its place in the lists).
 */
export async function updatePost(
  db: Db,
  id: string,
  values: BlogPostValues,
): Promise<CmsBlogPost | null> {
  const categoryId = await blogCategoryId(db, values.category);
  const [row] = await queryRows<PostRow>(
    db,
    sql`update blog_posts set
          title = ${values.title},
          excerpt = ${values.excerpt},
          ${markupWhenChanged(values.content)},
          ${plainContentWhenChanged(values.content)},
          content = ${values.content},
          category_id = ${categoryId}::uuid,
          status = ${values.status},
          featured = ${values.featured},
          read_time_minutes = ${readTimeMinutes(values.content)},
          published_at = coalesce(published_at,
            case when ${values.status} = 'published' then now() end),
          updated_at = now()
        where id = ${id}::uuid
        returning ${columns}, content, content_format`,
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
