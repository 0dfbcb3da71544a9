import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { cmsOverviewQueryKey, discussionsQueryKey } from "@/client/lib/query-keys";

/** Moderators and admins remove a discussion (docs/product.md §4.6); 403 for anyone else. */
export function deleteDiscussion(id: string): Promise<void> {
  return api.delete<void>(`/api/discussions/${encodeURIComponent(id)}`);
}

export function useDeleteDiscussion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDiscussion,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: discussionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: cmsOverviewQueryKey }),
      ]),
  });
}
