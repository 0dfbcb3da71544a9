// The loaded pages of a thread, changed in place when a reply is posted, edited or deleted
// (here or, through the live stream, anywhere): no refetch, and nothing moves but that reply.
import type { InfiniteData } from "@tanstack/react-query";
import type { ReplyItem, ReplyPage } from "@/shared/api-types";

type Pages<P> = InfiniteData<ReplyPage, P>;

/** Whether the loaded pages hold reply `id`. */
export function hasReply<P>(data: Pages<P> | undefined, id: string): boolean {
  return data?.pages.some((page) => page.items.some((item) => item.id === id)) ?? false;
}

/** Thread order: oldest first, ties kept apart by id (as the server sorts). */
function comesBefore(a: ReplyItem, b: ReplyItem): boolean {
  return a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.id < b.id);
}

/**
 * `reply` added in its place in the last page, when the loaded pages reach the end of the
 * thread; otherwise unchanged (the count and "Load more" lead to it). Already there: unchanged.
 */
export function addReplyAtEnd<P>(data: Pages<P>, reply: ReplyItem): Pages<P> {
  const last = data.pages.at(-1);
  if (!last || last.nextCursor !== null || hasReply(data, reply.id)) return data;
  const items = [...last.items];
  let at = items.length;
  // A reply committed late may sort before ones already shown (decision 020).
  while (at > 0 && comesBefore(reply, items[at - 1] as ReplyItem)) at -= 1;
  items.splice(at, 0, reply);
  return { ...data, pages: [...data.pages.slice(0, -1), { ...last, items }] };
}

/** Whether `next` is a newer state of `current` than the one shown (answers can cross). */
function isNewer(next: ReplyItem, current: ReplyItem): boolean {
  if (current.deleted) return next.deleted;
  if (next.deleted) return true;
  return (next.editedAt ?? "") >= (current.editedAt ?? "");
}

/**
 * `reply` in place of the loaded reply with its id. A deleted reply's answers then name "a
 * deleted reply", as the server would show them.
 */
export function replaceReply<P>(data: Pages<P>, reply: ReplyItem): Pages<P> {
  let changed = false;
  const pages = data.pages.map((page) => {
    let pageChanged = false;
    const items = page.items.map((item) => {
      if (item.id === reply.id && isNewer(reply, item)) {
        pageChanged = true;
        return reply;
      }
      if (reply.deleted && item.replyTo?.id === reply.id && item.replyTo.authorDisplayName) {
        pageChanged = true;
        return { ...item, replyTo: { ...item.replyTo, authorDisplayName: null } };
      }
      return item;
    });
    if (!pageChanged) return page;
    changed = true;
    return { ...page, items };
  });
  return changed ? { ...data, pages } : data;
}
