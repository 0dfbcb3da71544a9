// A blog post's category as the API shows it (docs/decisions/066): the shared category's name,
// or "Uncategorized" without one, and its slug (null without one). Read from a blog_posts row.
import { sql } from "drizzle-orm";
import { DEFAULT_BLOG_CATEGORY } from "@/shared/constants";

export const BLOG_POST_CATEGORY_NAME = sql<string>`coalesce(
  (select name from categories where id = blog_posts.category_id), ${DEFAULT_BLOG_CATEGORY})`;
export const BLOG_POST_CATEGORY_SLUG = sql<
  string | null
>`(select slug from categories where id = blog_posts.category_id)`;

export const BLOG_POST_CATEGORY_COLUMNS = sql`${BLOG_POST_CATEGORY_NAME} as category,
  ${BLOG_POST_CATEGORY_SLUG} as category_slug`;
