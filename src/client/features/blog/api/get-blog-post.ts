import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { blogPostsQueryKey } from "@/client/lib/query-keys";
import type { BlogPostDetail } from "@/shared/api-types";

/** A post by its slug; an old id finds it too, and the answer names the slug to move to. */
export function getBlogPost(slug: string, signal?: AbortSignal): Promise<BlogPostDetail> {
  return api.get<BlogPostDetail>(`/api/blog-posts/${encodeURIComponent(slug)}`, { signal });
}

export function blogPostQueryOptions(slug: string) {
  return queryOptions({
    queryKey: [...blogPostsQueryKey, "one", slug],
    queryFn: ({ signal }) => getBlogPost(slug, signal),
  });
}

export function useBlogPost(slug: string) {
  return useQuery(blogPostQueryOptions(slug));
}
