import { useMutation, useQueryClient } from "@tanstack/react-query";
import { replaceReply } from "@/client/features/replies/lib/reply-pages";
import { api } from "@/client/lib/api-client";
import type { ReplyItem } from "@/shared/api-types";
import type { ReplyEditInput } from "@/shared/schemas";
import { updateLoadedThreads } from "./get-replies";

/**
 * PATCH /api/replies/{id}: new content, marked edited. Throws ApiError: 400 with field
 * messages, 403 someone else's reply, 409 a deleted reply.
 */
export function updateReply(id: string, input: ReplyEditInput): Promise<ReplyItem> {
  return api.patch<ReplyItem>(`/api/replies/${encodeURIComponent(id)}`, { body: input });
}

export function useUpdateReply(discussionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content }: { id: string; content: string }) => updateReply(id, { content }),
    onSuccess: (reply) =>
      updateLoadedThreads(queryClient, discussionId, (data) => replaceReply(data, reply)),
  });
}
