import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { discussionsQueryKey, tagsQueryKey } from "@/client/lib/query-keys";
import type { DiscussionItem } from "@/shared/api-types";

export type RetagDiscussion = { id: string; tags: string[]; reason: string };

/** PUT /api/discussions/{id}/tags: a moderator's retag, logged with its reason (issue 41). */
export function retagDiscussion({ id, tags, reason }: RetagDiscussion): Promise<DiscussionItem> {
  return api.put<DiscussionItem>(`/api/discussions/${encodeURIComponent(id)}/tags`, {
    body: { tags, reason },
  });
}

/** Moderators and admins only; the lists, the page and the tags' counts follow. */
export function useRetagDiscussion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retagDiscussion,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: discussionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: tagsQueryKey }),
      ]),
  });
}
