// What GET /api/discussions and GET /api/discussions/:id respond, in one place for the routes
// and the server's render of the forum (ssr/page-data.ts).
import type { Viewer } from "@/server/auth/viewer";
import type { Db } from "@/server/db/client";
import {
  collapsedAuthorIds,
  markDiscussion,
  markPage,
} from "@/server/domain/blocks/blocked-authors";
import { type ListQuery, leavingOutMuted } from "@/server/domain/discussions/list-query";
import { findActiveDiscussion, listDiscussions } from "@/server/domain/discussions/queries";
import { UUID_ID } from "@/server/lib/ids";
import type { DiscussionItem, DiscussionPage } from "@/shared/api-types";

/**
 * A page of the forum's list as `viewer` sees it: their blocked authors marked (decision 031),
 * their muted categories left out (issue 41).
 */
export async function discussionListResponse(
  db: Db,
  query: ListQuery,
  viewer: Viewer | null,
): Promise<DiscussionPage> {
  const [page, blocked] = await Promise.all([
    listDiscussions(db, leavingOutMuted(query, viewer?.id), viewer),
    collapsedAuthorIds(db, viewer),
  ]);
  return markPage(page, markDiscussion, blocked);
}

/** One discussion as `viewer` sees it, or null where the route answers 404. */
export async function discussionResponse(
  db: Db,
  id: string,
  viewer: Viewer | null,
): Promise<DiscussionItem | null> {
  if (!UUID_ID.test(id)) return null;
  const [item, blocked] = await Promise.all([
    findActiveDiscussion(db, id, viewer),
    collapsedAuthorIds(db, viewer),
  ]);
  return item && markDiscussion(item, blocked);
}
