import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { blogPostsQueryKey } from "@/client/lib/query-keys";
import type { CmsBlogPost, NewsletterContent } from "@/shared/api-types";

/** Starts emailing a published post to the newsletter's subscribers (once per post). */
export function emailBlogPost(input: {
  id: string;
  content: NewsletterContent;
}): Promise<CmsBlogPost> {
  return api.post<CmsBlogPost>(`/api/cms/blog-posts/${encodeURIComponent(input.id)}/newsletter`, {
    body: { content: input.content },
  });
}

export function useEmailBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: emailBlogPost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogPostsQueryKey }),
  });
}
