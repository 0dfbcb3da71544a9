import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { discussionsQueryKey } from "@/client/lib/query-keys";
import type { DiscussionItem } from "@/shared/api-types";
import type { DiscussionInput } from "@/shared/schemas";

/**
 * The author edits their own discussion (issue 17): the same rules as creating it; a moderator
 * or admin edits someone else's from the page with a reason (docs/decisions/048, 062).
 */
export function updateDiscussion(change: {
  id: string;
  values: DiscussionInput & { reason?: string };
}): Promise<DiscussionItem> {
  return api.patch<DiscussionItem>(`/api/discussions/${encodeURIComponent(change.id)}`, {
    body: change.values,
  });
}

export function useUpdateDiscussion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDiscussion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discussionsQueryKey }),
  });
}
