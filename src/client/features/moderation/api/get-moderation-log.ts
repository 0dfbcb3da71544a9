import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { PublicModerationPage } from "@/shared/moderation";

export const moderationLogQueryKey = ["moderation", "log"] as const;

/** The whole log's page, or with `memberId` one member's history (staff, docs/product.md §11.8). */
export function moderationLogApiPath(
  cursor: string | null,
  memberId: string | null = null,
): string {
  const path = memberId
    ? `/api/moderation/members/${encodeURIComponent(memberId)}/log`
    : "/api/moderation/log";
  return cursor ? `${path}?cursor=${encodeURIComponent(cursor)}` : path;
}

export const moderationLogQueryOptions = (memberId: string | null = null) =>
  infiniteQueryOptions({
    queryKey: (memberId
      ? [...moderationLogQueryKey, "member", memberId]
      : [...moderationLogQueryKey]) as readonly string[],
    queryFn: ({ pageParam, signal }) =>
      api.get<PublicModerationPage>(moderationLogApiPath(pageParam, memberId), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** The whole log, or with `memberId` that member's history. */
export function useModerationLog(memberId: string | null = null) {
  return useInfiniteQuery(moderationLogQueryOptions(memberId));
}
