// Link previews of /discussion/{id}: the discussion's title and the first 200 characters of
// its content as plain text (docs/product.md §9, docs/decisions/064), filled in on the server.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { shownToVisitors } from "@/server/domain/visibility/rule";
import { UUID_ID } from "@/server/lib/ids";
import type { PageMetaResolver } from "@/server/lib/page-meta";
import { META_DISCUSSION_DESCRIPTION_CHARS } from "@/shared/constants";
import { type ContentFormat, plainSummary } from "@/shared/markup/plain-text";

const DISCUSSION_PATH = /^\/discussion\/([^/]+)\/?$/;

/** Null for other paths and for missing discussions: those get the fixed metadata. */
export function discussionPageMeta(db: Db): PageMetaResolver {
  return async (pathname) => {
    const id = DISCUSSION_PATH.exec(pathname)?.[1];
    if (!id || !UUID_ID.test(id)) return null;
    const [row] = await queryRows<{
      title: string;
      content: string;
      content_format: ContentFormat;
    }>(
      db,
      sql`select title, left(content, ${META_DISCUSSION_DESCRIPTION_CHARS * 4}) as content,
            content_format
          from discussions d where d.id = ${id}::uuid
            -- A link preview is made for everyone: a hidden one's words are not in it (046).
            and ${shownToVisitors({ status: sql`d.status`, hiddenAt: sql`d.hidden_at`, authorId: sql`d.author_id` })}`,
    );
    if (!row) return null;
    // Line breaks and runs of spaces read badly in a one-line preview.
    const description = plainSummary(
      row.content,
      row.content_format,
      META_DISCUSSION_DESCRIPTION_CHARS,
    );
    return { title: row.title, description, found: true };
  };
}
