// Blocking as the lists see it (issue 17, docs/decisions/031): an item whose author the viewer
// blocked is marked `authorBlocked`, and the client collapses it ("Post from a member you
// blocked"). The mark is computed per viewer after the page is read, so the lists' queries and
// plans stay as they were. Staff always see everything: their blocks silence notifications
// only. Nobody learns who blocked them: only the viewer's own blocks are ever read.
import { sql } from "drizzle-orm";
import type { Viewer } from "@/server/auth/viewer";
import type { Db } from "@/server/db/client";
import { queryPreparedRows } from "@/server/db/prepared";
import type { DiscussionItem, ReplyItem } from "@/shared/api-types";
import { STAFF_ROLES } from "@/shared/permissions";

const NONE: ReadonlySet<string> = new Set();

/**
 * Each request's answer: a discussion's page marks its opening post and its thread, each asking.
 * Keyed by the viewer, which getViewer makes once per request (auth/viewer.ts), so a block made
 * by one request is read by the next.
 */
const perRequest = new WeakMap<Viewer, Promise<ReadonlySet<string>>>();

/** The ids of the members `viewer` blocked whose posts collapse for them (none for staff). */
export function collapsedAuthorIds(db: Db, viewer: Viewer | null): Promise<ReadonlySet<string>> {
  if (!viewer || (STAFF_ROLES as readonly string[]).includes(viewer.role)) {
    return Promise.resolve(NONE);
  }
  let blocked = perRequest.get(viewer);
  if (!blocked) {
    // Asked by every member's list and thread: a prepared key lookup (db/prepared.ts).
    blocked = queryPreparedRows<{ blocked_id: string }>(
      db,
      sql`select blocked_id from member_blocks where blocker_id = ${viewer.id}`,
    ).then((rows) => new Set(rows.map((row) => row.blocked_id)));
    perRequest.set(viewer, blocked);
  }
  return blocked;
}

export function markDiscussion(item: DiscussionItem, blocked: ReadonlySet<string>): DiscussionItem {
  return item.authorId && blocked.has(item.authorId) ? { ...item, authorBlocked: true } : item;
}

export function markReply(item: ReplyItem, blocked: ReadonlySet<string>): ReplyItem {
  const authorId = item.author?.id;
  return authorId && blocked.has(authorId) ? { ...item, authorBlocked: true } : item;
}

/** A page of discussions or replies with the viewer's blocked authors marked. */
export function markPage<P extends { items: T[] }, T>(
  page: P,
  mark: (item: T, blocked: ReadonlySet<string>) => T,
  blocked: ReadonlySet<string>,
): P {
  if (blocked.size === 0) return page;
  return { ...page, items: page.items.map((item) => mark(item, blocked)) };
}
