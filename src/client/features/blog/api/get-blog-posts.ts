import { queryOptions, useQuery } from "@tanstack/react-query";
import type { BlogPostsPage } from "../../../../shared/api-types";
import { api } from "../../../lib/api-client";
import { blogPostsQueryKey } from "../../../lib/query-keys";

/** The home page shows the six newest posts (SPEC §2: six sample posts). */
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
