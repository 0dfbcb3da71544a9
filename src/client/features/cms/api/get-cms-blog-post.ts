import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { CmsBlogPost } from "@/shared/api-types";
import { cmsBlogPostsQueryKey } from "./get-cms-blog-posts";

export function getCmsBlogPost(id: string, signal?: AbortSignal): Promise<CmsBlogPost> {
  return api.get<CmsBlogPost>(`/api/cms/blog-posts/${encodeURIComponent(id)}`, { signal });
}

export function cmsBlogPostQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...cmsBlogPostsQueryKey, "post", id],
    queryFn: ({ signal }) => getCmsBlogPost(id, signal),
    // The editor must start from what is saved now.
    staleTime: 0,
  });
}

/** One post with its content, for the editor. */
export function useCmsBlogPost(id: string | null) {
  return useQuery({ ...cmsBlogPostQueryOptions(id ?? ""), enabled: id !== null });
}
