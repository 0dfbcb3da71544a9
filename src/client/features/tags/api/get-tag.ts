// One tag by its name (GET /api/tags/{name}, docs/decisions/070): its id, which a report names
// it by, and its count. A tag the reader may not see fails with ApiError 404 `Tag not found`.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { tagsQueryKey } from "@/client/lib/query-keys";
import type { Tag } from "@/shared/api-types";

export function getTag(name: string, signal?: AbortSignal): Promise<Tag> {
  return api.get<Tag>(`/api/tags/${encodeURIComponent(name)}`, { signal });
}

export function tagQueryOptions(name: string) {
  return queryOptions({
    queryKey: [...tagsQueryKey, "detail", name],
    queryFn: ({ signal }) => getTag(name, signal),
    staleTime: 60_000,
    retry: false,
  });
}

export function useTag(name: string) {
  return useQuery(tagQueryOptions(name));
}
