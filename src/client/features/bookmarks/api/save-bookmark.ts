import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { BookmarkCreateInput, BookmarkMark, BookmarkUpdateInput } from "@/shared/bookmarks";
import { bookmarksQueryKey } from "./get-bookmarks";

export function createBookmark(input: BookmarkCreateInput): Promise<BookmarkMark> {
  return api.post<BookmarkMark>("/api/bookmarks", { body: input });
}

export function updateBookmark(id: string, input: BookmarkUpdateInput): Promise<BookmarkMark> {
  return api.patch<BookmarkMark>(`/api/bookmarks/${encodeURIComponent(id)}`, { body: input });
}

export function deleteBookmark(id: string): Promise<void> {
  return api.delete<void>(`/api/bookmarks/${encodeURIComponent(id)}`);
}

/** Bookmarks a post, or changes or removes a bookmark; every bookmark query is refreshed after. */
export function useCreateBookmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBookmark,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookmarksQueryKey }),
  });
}

export function useUpdateBookmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: BookmarkUpdateInput }) =>
      updateBookmark(id, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookmarksQueryKey }),
  });
}

export function useDeleteBookmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBookmark,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookmarksQueryKey }),
  });
}
