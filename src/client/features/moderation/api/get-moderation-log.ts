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

export function useModerationLog() {
  return useInfiniteQuery(moderationLogQueryOptions());
}
