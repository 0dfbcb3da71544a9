import { useMutation, useQueryClient } from "@tanstack/react-query";
import { replaceReply } from "@/client/features/replies/lib/reply-pages";
import { api } from "@/client/lib/api-client";
import type { ReplyItem } from "@/shared/api-types";
import type { ReplyEditInput } from "@/shared/schemas";
import { updateLoadedThreads } from "./get-replies";

/**
 * PATCH /api/replies/{id}: new content, marked edited; someone else's reply with the
 * moderator's reason (docs/decisions/048). Throws ApiError: 400 with field messages, 403
 * someone else's reply, 409 a deleted reply.
 */
export function updateReply(
  id: string,
  input: ReplyEditInput & { reason?: string },
): Promise<ReplyItem> {
  return api.patch<ReplyItem>(`/api/replies/${encodeURIComponent(id)}`, { body: input });
}

export function useUpdateReply(discussionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content, reason }: { id: string; content: string; reason?: string }) =>
      updateReply(id, reason === undefined ? { content } : { content, reason }),
    onSuccess: (reply) =>
      updateLoadedThreads(queryClient, discussionId, (data) => replaceReply(data, reply)),
  });
}
