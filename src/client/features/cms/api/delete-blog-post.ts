import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { blogPostsQueryKey } from "../../../lib/query-keys";
import { overviewQueryKey } from "./get-overview";

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
        queryClient.invalidateQueries({ queryKey: overviewQueryKey }),
      ]),
  });
}
