import { useQueryClient } from "@tanstack/react-query";
import { addReplyAtEnd } from "@/client/features/replies/lib/reply-pages";
import { useIdempotentMutation } from "@/client/hooks/use-idempotent-mutation";
import { api } from "@/client/lib/api-client";
import { discussionsQueryKey } from "@/client/lib/query-keys";
import type { ReplyItem } from "@/shared/api-types";
import type { ReplyValues } from "@/shared/schemas";
import { updateLoadedThreads } from "./get-replies";

/**
 * POST /api/discussions/{id}/replies. Throws ApiError: 400 with field messages, 401 signed
 * out, 403 locked, 404 discussion gone, 429 replying too fast.
 */
export function createReply(
  discussionId: string,
  input: ReplyValues,
  idempotencyKey?: string,
): Promise<ReplyItem> {
  return api.post<ReplyItem>(`/api/discussions/${encodeURIComponent(discussionId)}/replies`, {
    body: input,
    idempotencyKey,
  });
}

export function useCreateReply(discussionId: string) {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    send: (input: ReplyValues, key: string) => createReply(discussionId, input, key),
    onSuccess: (reply) => {
      // Shown at once where the loaded thread reaches its end; the count moves everywhere.
      updateLoadedThreads(queryClient, discussionId, (data) => addReplyAtEnd(data, reply));
      return queryClient.invalidateQueries({ queryKey: discussionsQueryKey });
    },
  });
}
