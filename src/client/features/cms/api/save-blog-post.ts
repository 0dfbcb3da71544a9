import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CmsBlogPost } from "../../../../shared/api-types";
import type { BlogPostInput } from "../../../../shared/schemas";
import { api } from "../../../lib/api-client";
import { blogPostsQueryKey } from "../../../lib/query-keys";
import { overviewQueryKey } from "./get-overview";

/** A post to save: a new one (no id) starts as a draft whatever status it carries. */
export type BlogPostSave = { id: string | null; values: BlogPostInput };

export function saveBlogPost({ id, values }: BlogPostSave): Promise<CmsBlogPost> {
  return id
    ? api.put<CmsBlogPost>(`/api/cms/blog-posts/${encodeURIComponent(id)}`, { body: values })
    : api.post<CmsBlogPost>("/api/cms/blog-posts", { body: values });
}

export function deleteBlogPost(id: string): Promise<void> {
  return api.delete<void>(`/api/cms/blog-posts/${encodeURIComponent(id)}`);
}

function useInvalidatePosts() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      // Every blog list (home, /blog, the CMS) starts with the first key element.
      queryClient.invalidateQueries({ queryKey: blogPostsQueryKey }),
      queryClient.invalidateQueries({ queryKey: overviewQueryKey }),
    ]);
}

export function useSaveBlogPost() {
  const invalidate = useInvalidatePosts();
  return useMutation({ mutationFn: saveBlogPost, onSuccess: invalidate });
}

export function useDeleteBlogPost() {
  const invalidate = useInvalidatePosts();
  return useMutation({ mutationFn: deleteBlogPost, onSuccess: invalidate });
}
