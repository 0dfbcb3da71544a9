import type { Db } from "../../db/client";
import { UUID_ID } from "../../lib/ids";
import type { PageMetaResolver } from "../../lib/page-meta";
import { findPublishedPost } from "./queries";

const BLOG_POST_PATH = /^\/blog\/([^/]+)\/?$/;

/** /blog/{id}: the post's title and excerpt for link previews; other paths are not ours. */
export function blogPostPageMeta(db: Db): PageMetaResolver {
  return async (pathname) => {
    const match = BLOG_POST_PATH.exec(pathname);
    if (!match?.[1]) return null;
    let id: string;
    try {
      id = decodeURIComponent(match[1]);
    } catch {
      return null; // malformed escape: the fixed metadata answers
    }
    const post = UUID_ID.test(id) ? await findPublishedPost(db, id) : null;
    if (!post) {
      return {
        title: "Post not found",
        description: "This post may have been removed or doesn't exist.",
        found: false,
      };
    }
    return { title: post.title, description: post.excerpt, found: true };
  };
}
