import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { discussionsQueryKey } from "@/client/lib/query-keys";
import type { DiscussionItem } from "@/shared/api-types";

/** Pin and lock are set to a value rather than toggled: two moderators cannot undo each other. */
export type ModerationChange = { id: string } & (
  | { flag: "pinned"; value: boolean }
  | { flag: "locked"; value: boolean }
);

export function moderateDiscussion(change: ModerationChange): Promise<DiscussionItem> {
  const id = encodeURIComponent(change.id);
  return change.flag === "pinned"
    ? api.put<DiscussionItem>(`/api/discussions/${id}/pin`, { body: { pinned: change.value } })
    : api.put<DiscussionItem>(`/api/discussions/${id}/lock`, { body: { locked: change.value } });
}

/** Moderators and admins only; the server answers 403 to everyone else. */
export function useModerateDiscussion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateDiscussion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discussionsQueryKey }),
  });
}
