import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { discussionsQueryKey } from "@/client/lib/query-keys";
import type { DiscussionItem } from "@/shared/api-types";
import type { DiscussionInput } from "@/shared/schemas";

/**
 * Staff change a discussion's title and content; its author stays. Someone else's needs a
 * reason (docs/decisions/048).
 */
export function updateCmsDiscussion(change: {
  id: string;
  values: DiscussionInput & { reason?: string };
}): Promise<DiscussionItem> {
  return api.patch<DiscussionItem>(`/api/cms/discussions/${encodeURIComponent(change.id)}`, {
    body: change.values,
  });
}

export function useUpdateCmsDiscussion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCmsDiscussion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discussionsQueryKey }),
  });
}
