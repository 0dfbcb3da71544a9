import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { cmsOverviewQueryKey, discussionsQueryKey } from "@/client/lib/query-keys";
import type { DiscussionItem } from "@/shared/api-types";

export type DeletedDiscussion = {
  id: string;
  title: string;
  author: string;
  authorId: string | null;
  createdAt: string;
  deletedAt: string;
  replies: number;
};

type DeletedPage = { items: DeletedDiscussion[]; nextCursor: string | null };

/** Deleted discussions for staff, most recently deleted first (issue 17). */
export const deletedDiscussionsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...discussionsQueryKey, "deleted"],
    queryFn: ({ pageParam, signal }) =>
      api.get<DeletedPage>(
        pageParam
          ? `/api/cms/discussions/deleted?cursor=${encodeURIComponent(pageParam)}`
          : "/api/cms/discussions/deleted",
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useDeletedDiscussions() {
  return useInfiniteQuery(deletedDiscussionsQueryOptions());
}

export function useRestoreDiscussion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<DiscussionItem>(`/api/cms/discussions/${encodeURIComponent(id)}/restore`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: discussionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: cmsOverviewQueryKey }),
      ]),
  });
}
