import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { blogPostsQueryKey } from "@/client/lib/query-keys";
import type { CmsBlogPostsPage } from "@/shared/api-types";

/**
 * Starts with the public blog's key ("blog-posts"): one invalidation after a write refreshes
 * the CMS list, the home page's latest posts and /blog alike.
 */
export const cmsBlogPostsQueryKey = [...blogPostsQueryKey, "cms"] as const;

export function getCmsBlogPosts(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<CmsBlogPostsPage> {
  const query = new URLSearchParams({ limit: "20" });
  if (cursor) query.set("cursor", cursor);
  return api.get<CmsBlogPostsPage>(`/api/cms/blog-posts?${query}`, { signal });
}

export function cmsBlogPostsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...cmsBlogPostsQueryKey, "list"],
    queryFn: ({ pageParam, signal }) => getCmsBlogPosts(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // While a post is being emailed, its delivery counts move: look again every few seconds.
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) =>
        page.posts.some(
          (post) => post.newsletter && (post.newsletter.preparing || post.newsletter.queued > 0),
        ),
      )
        ? 3000
        : false,
  });
}

/** Every post, drafts included, newest first. */
export function useCmsBlogPosts() {
  return useInfiniteQuery(cmsBlogPostsQueryOptions());
}
