// What GET /api/discussions/:id/replies responds, in one place for the route and the server's
// render of a discussion (ssr/page-data.ts).
import { z } from "zod";
import { requestReactionKinds } from "@/server/auth/request-site-settings";
import type { Viewer } from "@/server/auth/viewer";
import type { Db } from "@/server/db/client";
import { collapsedAuthorIds, markPage, markReply } from "@/server/domain/blocks/blocked-authors";
import { withReplyReactions } from "@/server/domain/reactions/counts";
import { UUID_ID } from "@/server/lib/ids";
import { pageQuerySchema } from "@/server/lib/page-cursor";
import type { ReplyPage } from "@/shared/api-types";
import { REPLIES_PAGE_SIZE } from "@/shared/constants";
import { listReplies, replyPageAround } from "./queries";
import { withQuotes } from "./quotes";

export const REPLY_NOT_FOUND = "Reply not found";

/** A thread page's query string; the discussion page's render reads its address with it too. */
export const replyListQuerySchema = pageQuerySchema(REPLIES_PAGE_SIZE, REPLIES_PAGE_SIZE)
  .extend({
    // The reply a permalink names (/discussion/{id}?reply={replyId}): its page is answered.
    around: z.string().max(100, REPLY_NOT_FOUND).optional(),
  })
  .refine((query) => !(query.around && query.cursor), {
    message: "Ask for a cursor or a reply, not both",
    path: ["around"],
  });

export type ReplyListQuery = z.output<typeof replyListQuerySchema>;

/** From the thread's start or `query.cursor`, or the page of the reply `query.around` names. */
function threadPage(
  db: Db,
  discussionId: string,
  query: ReplyListQuery,
  viewer: Viewer | null,
): Promise<ReplyPage | null> {
  if (query.around === undefined) {
    return listReplies(db, discussionId, query.cursor, query.limit, viewer);
  }
  if (!UUID_ID.test(query.around)) return Promise.resolve(null);
  return replyPageAround(db, discussionId, query.around, query.limit, viewer);
}

/**
 * A page of an active discussion's replies as `viewer` sees it: their blocked authors marked
 * (decision 031), their quotes named as `viewer` may read them (decision 064). Null for a reply `around` names that the thread does not have (the route's
 * 404 "Reply not found").
 */
export async function replyPageResponse(
  db: Db,
  discussionId: string,
  query: ReplyListQuery,
  viewer: Viewer | null,
): Promise<ReplyPage | null> {
  const [page, blocked] = await Promise.all([
    threadPage(db, discussionId, query, viewer),
    collapsedAuthorIds(db, viewer),
  ]);
  if (!page) return null;
  const [items, reacted] = await Promise.all([
    withQuotes(db, viewer, page.items),
    withReplyReactions(db, page, requestReactionKinds(db, viewer)),
  ]);
  // Each reply with its quotes and its reactions (docs/decisions/075).
  const quoted = {
    ...page,
    items: items.map((item, index) => {
      const reactions = reacted.items[index]?.reactions;
      return reactions ? { ...item, reactions } : item;
    }),
  };
  return markPage(quoted, markReply, blocked);
}
