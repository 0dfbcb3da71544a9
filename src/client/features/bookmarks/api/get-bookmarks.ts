import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { BookmarkPage } from "@/shared/bookmarks";

/** Every bookmark query starts here: a save or a removal refreshes them all. */
export const bookmarksQueryKey = ["bookmarks"] as const;

export function getBookmarks(cursor: string | null, signal?: AbortSignal): Promise<BookmarkPage> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : "";
  return api.get<BookmarkPage>(`/api/bookmarks${query}`, { signal });
}

export function bookmarksQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...bookmarksQueryKey, "list"],
    queryFn: ({ pageParam, signal }) => getBookmarks(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** The signed-in member's bookmarks, newest first, 20 a page. */
export function useBookmarks() {
  return useInfiniteQuery(bookmarksQueryOptions());
}
