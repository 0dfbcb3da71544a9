// /api/bookmarks (issue 42, docs/decisions/072): the viewer's own bookmarks, newest first; bookmark
// a discussion or a reply, change the note or the reminder, remove. /api/discussions/{id}/bookmarks:
// which posts of a discussion the viewer bookmarked (the page's marks). Another member's bookmark
// is as missing as one that does not exist (404), for staff too.
import { Hono } from "hono";
import { signedIn } from "@/server/auth/middleware";
import type { AppEnv } from "@/server/context";
import { DISCUSSION_NOT_FOUND } from "@/server/domain/discussions/edit";
import { findActiveDiscussion } from "@/server/domain/discussions/queries";
import { HttpError } from "@/server/lib/http-error";
import { UUID_ID, uuidParam } from "@/server/lib/ids";
import { pageQuerySchema } from "@/server/lib/page-cursor";
import type { RateLimitRule } from "@/server/lib/rate-limit";
import { jsonBody, queryParams } from "@/server/lib/validate";
import {
  BOOKMARK_NOT_FOUND,
  BOOKMARKS_PAGE_SIZE,
  type BookmarkMark,
  type BookmarkPage,
  bookmarkCreateSchema,
  bookmarkUpdateSchema,
  type DiscussionBookmarks,
  REMINDER_IN_THE_PAST,
  reminderIsAhead,
} from "@/shared/bookmarks";
import {
  deleteBookmark,
  discussionBookmarks,
  findBookmark,
  listBookmarks,
  replyBookmarkable,
  saveBookmark,
  updateBookmark,
} from "./queries";

export const REPLY_NOT_FOUND = "Reply not found";

/** Saves of notes and reminders; a member tidying a long list still fits. */
export const BOOKMARK_RATE_LIMIT: RateLimitRule = {
  name: "bookmark",
  max: 60,
  windowSeconds: 60,
  message: "Too many changes to your bookmarks. Please wait a minute.",
};

const listQuery = pageQuerySchema(BOOKMARKS_PAGE_SIZE, 50);

/** A reminder set or moved must be ahead; one sent on as it was (an edit of the note) may not be. */
function checkReminder(remindAt: string | null | undefined, before: string | null = null): void {
  if (!remindAt || (before && new Date(before).getTime() === new Date(remindAt).getTime())) return;
  if (!reminderIsAhead(remindAt)) {
    throw new HttpError(400, REMINDER_IN_THE_PAST, { fields: { remindAt: REMINDER_IN_THE_PAST } });
  }
}

export const bookmarkRoutes = new Hono<AppEnv>()
  .use(signedIn())
  .get("/", queryParams(listQuery), async (c) => {
    const { cursor, limit } = c.req.valid("query");
    const page: BookmarkPage = await listBookmarks(c.var.deps.db, c.var.viewer, cursor, limit);
    return c.json(page);
  })
  .post("/", jsonBody(bookmarkCreateSchema), async (c) => {
    const { db, rateLimiter } = c.var.deps;
    const { viewer } = c.var;
    const input = c.req.valid("json");
    await rateLimiter.hit(BOOKMARK_RATE_LIMIT, viewer.id);
    // What the member may not open (deleted, someone else's held post) is not there to bookmark.
    if (
      !UUID_ID.test(input.discussionId) ||
      !(await findActiveDiscussion(db, input.discussionId, viewer))
    ) {
      throw new HttpError(404, DISCUSSION_NOT_FOUND);
    }
    const replyId = input.replyId ?? null;
    if (
      replyId !== null &&
      (!UUID_ID.test(replyId) ||
        !(await replyBookmarkable(db, viewer, input.discussionId, replyId)))
    ) {
      throw new HttpError(404, REPLY_NOT_FOUND);
    }
    const before = await discussionBookmarks(db, viewer.id, input.discussionId);
    checkReminder(input.remindAt, before.find((mark) => mark.replyId === replyId)?.remindAt);
    const { mark, created } = await saveBookmark(
      db,
      viewer.id,
      { discussionId: input.discussionId, replyId },
      { note: input.note, remindAt: input.remindAt },
    );
    return c.json(mark satisfies BookmarkMark, created ? 201 : 200);
  })
  .patch("/:id", jsonBody(bookmarkUpdateSchema), async (c) => {
    const { db, rateLimiter } = c.var.deps;
    const { viewer } = c.var;
    const id = uuidParam(c, "id", BOOKMARK_NOT_FOUND);
    await rateLimiter.hit(BOOKMARK_RATE_LIMIT, viewer.id);
    const input = c.req.valid("json");
    const before = await findBookmark(db, viewer.id, id);
    if (!before) throw new HttpError(404, BOOKMARK_NOT_FOUND);
    checkReminder(input.remindAt, before.remindAt);
    const mark = await updateBookmark(db, viewer.id, id, input);
    if (!mark) throw new HttpError(404, BOOKMARK_NOT_FOUND);
    return c.json(mark satisfies BookmarkMark);
  })
  .delete("/:id", async (c) => {
    const id = uuidParam(c, "id", BOOKMARK_NOT_FOUND);
    if (!(await deleteBookmark(c.var.deps.db, c.var.viewer.id, id))) {
      throw new HttpError(404, BOOKMARK_NOT_FOUND);
    }
    return c.body(null, 204);
  });

/** Mounted at /api/discussions/:id/bookmarks: 404 where the viewer may not open the discussion. */
export const discussionBookmarkRoutes = new Hono<AppEnv>().use(signedIn()).get("/", async (c) => {
  const { db } = c.var.deps;
  const id = uuidParam(c, "id", DISCUSSION_NOT_FOUND);
  if (!(await findActiveDiscussion(db, id, c.var.viewer))) {
    throw new HttpError(404, DISCUSSION_NOT_FOUND);
  }
  const body: DiscussionBookmarks = {
    bookmarks: await discussionBookmarks(db, c.var.viewer.id, id),
  };
  return c.json(body);
});
