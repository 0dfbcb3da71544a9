import type { Db } from "@/server/db/client";
import type { PageMeta, PageMetaResolver } from "@/server/lib/page-meta";
import { postAddress } from "./post-address";
import { findPublishedPost } from "./queries";

const BLOG_POST_PATH = /^\/blog\/([^/]+)\/?$/;

const NOT_FOUND: PageMeta = {
  title: "Post not found",
  description: "This post may have been removed or doesn't exist.",
  found: false,
};

/**
 * /blog/{slug}: the post's title and excerpt for link previews. /blog/{id}, the address before
 * slugs, moves permanently to /blog/{slug} (docs/decisions/024). Other paths are not ours.
 */
export function blogPostPageMeta(db: Db): PageMetaResolver {
  return async (pathname) => {
    const match = BLOG_POST_PATH.exec(pathname);
    if (!match?.[1]) return null;
    let segment: string;
    try {
      segment = decodeURIComponent(match[1]);
    } catch {
      return NOT_FOUND; // a malformed escape names no post
    }
    const address = postAddress(segment);
    const post = address ? await findPublishedPost(db, address) : null;
    if (!post) return NOT_FOUND;
    const meta: PageMeta = { title: post.title, description: post.excerpt, found: true };
    return address && "id" in address ? { ...meta, movedTo: `/blog/${post.slug}` } : meta;
  };
}
