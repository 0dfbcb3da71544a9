import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { discussionsQueryKey, repliesRootQueryKey, tagsQueryKey } from "@/client/lib/query-keys";
import type { QueueActionInput, ReportTarget } from "@/shared/moderation";
import { moderationQueueQueryKey } from "./get-queue";

export type ItemAction = QueueActionInput & { targetKind: ReportTarget; targetId: string };

/**
 * Dismiss, hide, delete or suspend the author (a tag: dismiss or delete), from the queue or the
 * page's menu; with a reason.
 */
export function actOnItem({ targetKind, targetId, ...body }: ItemAction): Promise<{ id: string }> {
  return api.post<{ id: string }>(
    `/api/moderation/items/${targetKind}/${encodeURIComponent(targetId)}/actions`,
    { body },
  );
}

/** What an action on an item changes: the queue, the forum, the threads and the tags. */
export function refreshAfterItemAction(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: moderationQueueQueryKey }),
    queryClient.invalidateQueries({ queryKey: discussionsQueryKey }),
    queryClient.invalidateQueries({ queryKey: repliesRootQueryKey }),
    queryClient.invalidateQueries({ queryKey: tagsQueryKey }),
  ]);
}

export function useActOnItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: actOnItem,
    onSuccess: () => refreshAfterItemAction(queryClient),
  });
}
