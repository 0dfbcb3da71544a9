import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { categoriesQueryKey, discussionsQueryKey } from "@/client/lib/query-keys";
import type { DiscussionItem } from "@/shared/api-types";

export type MoveDiscussion = { id: string; category: string; reason: string };

/** PUT /api/discussions/{id}/category: a moderator's move, logged with its reason (issue 41). */
export function moveDiscussion({ id, category, reason }: MoveDiscussion): Promise<DiscussionItem> {
  return api.put<DiscussionItem>(`/api/discussions/${encodeURIComponent(id)}/category`, {
    body: { category, reason },
  });
}

/** Moderators and admins only; the lists, the page and the categories' counts follow. */
export function useMoveDiscussion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveDiscussion,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: discussionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
      ]),
  });
}
