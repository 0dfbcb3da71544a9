// Link previews and the title of /discussion/c/{slug} (issue 41): the category's name and
// description, filled in on the server. An unknown slug gets the not-found metadata (404).
import type { Db } from "@/server/db/client";
import { findCategoryBySlug } from "@/server/domain/categories/categories";
import type { PageMetaResolver } from "@/server/lib/page-meta";

const CATEGORY_PATH = /^\/discussion\/c\/([^/]+)\/?$/;

export function categoryPageMeta(db: Db): PageMetaResolver {
  return async (pathname) => {
    const slug = CATEGORY_PATH.exec(pathname)?.[1];
    // A slug is [a-z0-9-]: anything encoded in it names no category.
    if (!slug) return null;
    const category = await findCategoryBySlug(db, slug);
    if (!category) return null;
    return {
      title: category.name,
      description: category.description || `Discussions in ${category.name}.`,
      found: true,
    };
  };
}
