// Apart from get-blog-posts.ts so the home page's latest posts do not download the
// infinite-query code that only /blog needs.
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { blogPostsQueryKey } from "@/client/lib/query-keys";
import { getBlogPosts } from "./get-blog-posts";

export const BLOG_LIST_PAGE_SIZE = 12;

export function blogPostPagesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...blogPostsQueryKey, "pages", BLOG_LIST_PAGE_SIZE],
    queryFn: ({ pageParam, signal }) =>
      getBlogPosts({ limit: BLOG_LIST_PAGE_SIZE, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** Every published post, a page at a time (the /blog page's "Load more"). */
export function useBlogPostPages() {
  return useInfiniteQuery(blogPostPagesQueryOptions());
}
