import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { blogPostsQueryKey, cmsOverviewQueryKey } from "@/client/lib/query-keys";
import type { CmsBlogPost } from "@/shared/api-types";
import type { BlogPostInput } from "@/shared/schemas";

export function updateBlogPost(change: {
  id: string;
  values: BlogPostInput;
}): Promise<CmsBlogPost> {
  return api.put<CmsBlogPost>(`/api/cms/blog-posts/${encodeURIComponent(change.id)}`, {
    body: change.values,
  });
}

export function useUpdateBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBlogPost,
    // Publishing shows a post on the home page and /blog, and counts it in the overview.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: blogPostsQueryKey }),
        queryClient.invalidateQueries({ queryKey: cmsOverviewQueryKey }),
      ]),
  });
}
