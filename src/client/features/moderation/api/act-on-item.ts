import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { discussionsQueryKey, repliesRootQueryKey } from "@/client/lib/query-keys";
import type { QueueActionInput, ReportTarget } from "@/shared/moderation";
import { moderationQueueQueryKey } from "./get-queue";

export type ItemAction = QueueActionInput & { targetKind: ReportTarget; targetId: string };

/** Dismiss, hide, delete or suspend the author, from the queue or the page's menu; with a reason. */
export function actOnItem({ targetKind, targetId, ...body }: ItemAction): Promise<{ id: string }> {
  return api.post<{ id: string }>(
    `/api/moderation/items/${targetKind}/${encodeURIComponent(targetId)}/actions`,
    { body },
  );
}

export function useActOnItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: actOnItem,
    // Not awaited: a discussion deleted from its own page is left before its refetch answers
    // 404 (docs/product.md §11.8), rather than after.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: moderationQueueQueryKey });
      void queryClient.invalidateQueries({ queryKey: discussionsQueryKey });
      void queryClient.invalidateQueries({ queryKey: repliesRootQueryKey });
    },
  });
}
