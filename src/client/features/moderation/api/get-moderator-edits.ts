import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { ModeratorEditPage } from "@/shared/moderation";

export const moderatorEditsQueryKey = ["moderation", "edits"] as const;

/** GET /api/moderation/edits: staff only, newest first (docs/decisions/048). */
export function moderatorEditsApiPath(cursor: string | null): string {
  return cursor
    ? `/api/moderation/edits?cursor=${encodeURIComponent(cursor)}`
    : "/api/moderation/edits";
}

export const moderatorEditsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: moderatorEditsQueryKey,
    queryFn: ({ pageParam, signal }) =>
      api.get<ModeratorEditPage>(moderatorEditsApiPath(pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useModeratorEdits() {
  return useInfiniteQuery(moderatorEditsQueryOptions());
}
