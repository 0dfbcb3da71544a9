import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { blogPostsQueryKey } from "@/client/lib/query-keys";
import type { BlogPostsPage } from "@/shared/api-types";

/** The home page shows the six newest posts (docs/product.md §2: six sample posts). */
export const LATEST_POSTS_COUNT = 6;

export function getBlogPosts(
  { limit, cursor }: { limit: number; cursor?: string | null },
  signal?: AbortSignal,
): Promise<BlogPostsPage> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (cursor) query.set("cursor", cursor);
  return api.get<BlogPostsPage>(`/api/blog-posts?${query}`, { signal });
}

export function latestPostsQueryOptions() {
  return queryOptions({
    queryKey: [...blogPostsQueryKey, "latest", LATEST_POSTS_COUNT],
    queryFn: ({ signal }) => getBlogPosts({ limit: LATEST_POSTS_COUNT }, signal),
  });
}

export function useLatestPosts() {
  return useQuery(latestPostsQueryOptions());
}
