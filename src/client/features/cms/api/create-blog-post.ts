import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { blogPostsQueryKey, cmsOverviewQueryKey } from "@/client/lib/query-keys";
import type { CmsBlogPost } from "@/shared/api-types";
import type { BlogPostInput } from "@/shared/schemas";

/** A new post starts as a draft whatever status it carries. */
export function createBlogPost(values: BlogPostInput): Promise<CmsBlogPost> {
  return api.post<CmsBlogPost>("/api/cms/blog-posts", { body: values });
}

export function useCreateBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBlogPost,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: blogPostsQueryKey }),
        queryClient.invalidateQueries({ queryKey: cmsOverviewQueryKey }),
      ]),
  });
}
