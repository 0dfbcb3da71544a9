import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { PublicModerationPage } from "@/shared/moderation";

export const moderationLogQueryKey = ["moderation", "log"] as const;

export function moderationLogApiPath(cursor: string | null): string {
  return cursor
    ? `/api/moderation/log?cursor=${encodeURIComponent(cursor)}`
    : "/api/moderation/log";
}

export const moderationLogQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: moderationLogQueryKey,
    queryFn: ({ pageParam, signal }) =>
      api.get<PublicModerationPage>(moderationLogApiPath(pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** One member's history, for staff (docs/product.md §11.8). */
export const memberModerationLogQueryOptions = (memberId: string) =>
  infiniteQueryOptions({
    queryKey: [...moderationLogQueryKey, "member", memberId],
    queryFn: ({ pageParam, signal }) => {
      const path = `/api/moderation/members/${encodeURIComponent(memberId)}/log`;
      const query = pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : "";
      return api.get<PublicModerationPage>(`${path}${query}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** The whole log, or with `memberId` that member's history. */
export function useModerationLog(memberId?: string | null) {
  return useInfiniteQuery(
    memberId ? memberModerationLogQueryOptions(memberId) : moderationLogQueryOptions(),
  );
}
