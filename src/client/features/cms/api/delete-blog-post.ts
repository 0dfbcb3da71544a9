import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { blogPostsQueryKey, cmsOverviewQueryKey } from "@/client/lib/query-keys";

export function deleteBlogPost(id: string): Promise<void> {
  return api.delete<void>(`/api/cms/blog-posts/${encodeURIComponent(id)}`);
}

export function useDeleteBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBlogPost,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: blogPostsQueryKey }),
        queryClient.invalidateQueries({ queryKey: cmsOverviewQueryKey }),
      ]),
  });
}
