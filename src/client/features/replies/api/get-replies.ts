import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
} from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { ReplyPage } from "@/shared/api-types";

/** Where a page of the thread starts: after or before a cursor, or around a permalink's reply. */
export type ThreadPageParam = { cursor: string | null } | { around: string };

export type ThreadData = InfiniteData<ReplyPage, ThreadPageParam>;

/** Every query of one discussion's replies: a write or a live event refreshes all of them. */
export function repliesQueryKey(discussionId: string) {
  return ["replies", discussionId] as const;
}

/**
 * GET /api/discussions/{id}/replies: oldest first, 50 a page. `around` answers the page holding
 * that reply (404 REPLY_NOT_FOUND when the thread has none).
 */
export function getReplies(
  discussionId: string,
  param: ThreadPageParam,
  signal?: AbortSignal,
): Promise<ReplyPage> {
  const query = new URLSearchParams();
  if ("around" in param) query.set("around", param.around);
  else if (param.cursor) query.set("cursor", param.cursor);
  const search = query.size ? `?${query}` : "";
  return api.get<ReplyPage>(
    `/api/discussions/${encodeURIComponent(discussionId)}/replies${search}`,
    {
      signal,
    },
  );
}

/**
 * The thread from its start, or from the page holding reply `anchor` (a permalink); earlier and
 * later pages load on request.
 */
export function threadQueryOptions(discussionId: string, anchor: string | null) {
  return infiniteQueryOptions({
    queryKey: [...repliesQueryKey(discussionId), "thread", anchor],
    queryFn: ({ pageParam, signal }) => getReplies(discussionId, pageParam, signal),
    initialPageParam: (anchor ? { around: anchor } : { cursor: null }) as ThreadPageParam,
    getNextPageParam: (last): ThreadPageParam | undefined =>
      last.nextCursor ? { cursor: last.nextCursor } : undefined,
    getPreviousPageParam: (first): ThreadPageParam | undefined =>
      first.prevCursor ? { cursor: first.prevCursor } : undefined,
    // Moving to another reply's page keeps the replies on screen until it has loaded.
    placeholderData: keepPreviousData,
  });
}

export function useThread(discussionId: string, anchor: string | null) {
  return useInfiniteQuery(threadQueryOptions(discussionId, anchor));
}

/** Applies `update` to every loaded thread of the discussion, in place (no refetch). */
export function updateLoadedThreads(
  queryClient: QueryClient,
  discussionId: string,
  update: (data: ThreadData) => ThreadData,
): void {
  queryClient.setQueriesData<ThreadData>(
    { queryKey: [...repliesQueryKey(discussionId), "thread"] },
    (data) => (data ? update(data) : data),
  );
}
