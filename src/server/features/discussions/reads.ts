// What GET /api/discussions and GET /api/discussions/:id respond, in one place for the routes
// and the server's render of the forum (ssr/page-data.ts).
import { requestReactionKinds } from "@/server/auth/request-site-settings";
import type { Viewer } from "@/server/auth/viewer";
import type { Db } from "@/server/db/client";
import {
  collapsedAuthorIds,
  markDiscussion,
  markPage,
} from "@/server/domain/blocks/blocked-authors";
import {
  type ListQuery,
  leavingOutMuted,
  readBy,
  SIGN_IN_FOR_UNREAD,
} from "@/server/domain/discussions/list-query";
import { findActiveDiscussion, listDiscussions } from "@/server/domain/discussions/queries";
import { withDiscussionReactions } from "@/server/domain/reactions/counts";
import type { ReadPositionBuffer } from "@/server/domain/reading/position-buffer";
import { discussionReadState } from "@/server/domain/reading/unread";
import { HttpError } from "@/server/lib/http-error";
import { UUID_ID } from "@/server/lib/ids";
import type { DiscussionItem, DiscussionPage } from "@/shared/api-types";

/** What the reads need besides the database: the positions waiting to be written. */
type Reading = { db: Db; readPositions: ReadPositionBuffer };

/**
 * A page of the forum's list as `viewer` sees it: their blocked authors marked (decision 031),
 * their muted categories left out (issue 41), what is new to them marked (decision 071).
 */
export async function discussionListResponse(
  { db, readPositions }: Reading,
  query: ListQuery,
  viewer: Viewer | null,
): Promise<DiscussionPage> {
  const asked = readBy(leavingOutMuted(query, viewer?.id), viewer?.id);
  if (!asked) throw new HttpError(401, SIGN_IN_FOR_UNREAD);
  if (viewer) await readPositions.flush(viewer.id);
  const [page, blocked] = await Promise.all([
    listDiscussions(db, asked, viewer),
    collapsedAuthorIds(db, viewer),
  ]);
  return markPage(page, markDiscussion, blocked);
}

/**
 * One discussion as `viewer` sees it, with a member's read state (where its thread opens) and
 * its reactions (docs/decisions/075), or null where the route answers 404.
 */
export async function discussionResponse(
  { db, readPositions }: Reading,
  id: string,
  viewer: Viewer | null,
): Promise<DiscussionItem | null> {
  if (!UUID_ID.test(id)) return null;
  if (viewer) await readPositions.flush(viewer.id, id);
  const [item, blocked, readState] = await Promise.all([
    findActiveDiscussion(db, id, viewer),
    collapsedAuthorIds(db, viewer),
    viewer ? discussionReadState(db, viewer.id, id) : undefined,
  ]);
  if (!item) return null;
  const reacted = await withDiscussionReactions(db, item, requestReactionKinds(db, viewer));
  return { ...markDiscussion(reacted, blocked), ...(readState ? { readState } : {}) };
}
