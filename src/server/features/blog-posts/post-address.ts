// What the last segment of /blog/{...} and /api/blog-posts/{...} names: a slug, or the id that
// named posts before slugs (old links, docs/decisions/024). Anything else names no post.
import { isSlug } from "@/server/domain/blog-posts/slug";
import { UUID_ID } from "@/server/lib/ids";

export type PostAddress = { slug: string } | { id: string };

export function postAddress(segment: string): PostAddress | null {
  if (UUID_ID.test(segment)) return { id: segment.toLowerCase() };
  if (isSlug(segment)) return { slug: segment };
  return null;
}
