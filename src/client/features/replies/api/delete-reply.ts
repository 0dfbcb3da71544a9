import { useMutation, useQueryClient } from "@tanstack/react-query";
import { replaceReply } from "@/client/features/replies/lib/reply-pages";
import { api } from "@/client/lib/api-client";
import { discussionsQueryKey } from "@/client/lib/query-keys";
import { repliesQueryKey, updateLoadedThreads } from "./get-replies";
import { getReply } from "./get-reply";

/** DELETE /api/replies/{id}: a soft delete (204, also when already deleted). */
export function deleteReply(id: string): Promise<void> {
  return api.delete<void>(`/api/replies/${encodeURIComponent(id)}`);
}

export function useDeleteReply(discussionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReply,
    onSuccess: async (_, id) => {
      void queryClient.invalidateQueries({ queryKey: discussionsQueryKey });
      // The answer has no body: read the reply as the thread now shows it (deleted, in place;
      // its answers then name "a deleted reply"). If that fails, the thread refetches instead.
      try {
        const reply = await getReply(id);
        updateLoadedThreads(queryClient, discussionId, (data) => replaceReply(data, reply));
      } catch {
        await queryClient.invalidateQueries({ queryKey: repliesQueryKey(discussionId) });
      }
    },
  });
}
