import { queryOptions, useQuery } from "@tanstack/react-query";
import type { BlogPostDetail } from "../../../../shared/api-types";
import { api } from "../../../lib/api-client";
import { blogPostsQueryKey } from "../../../lib/query-keys";

export function getBlogPost(id: string, signal?: AbortSignal): Promise<BlogPostDetail> {
  return api.get<BlogPostDetail>(`/api/blog-posts/${encodeURIComponent(id)}`, { signal });
}

export function blogPostQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...blogPostsQueryKey, "one", id],
    queryFn: ({ signal }) => getBlogPost(id, signal),
  });
}

export function useBlogPost(id: string) {
  return useQuery(blogPostQueryOptions(id));
}
