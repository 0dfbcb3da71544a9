import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DiscussionItem } from "../../../../shared/api-types";
import type { DiscussionInput } from "../../../../shared/schemas";
import { api } from "../../../lib/api-client";
import { discussionsQueryKey } from "../../../lib/query-keys";
import { overviewQueryKey } from "./get-overview";

const path = (id: string) => `/api/discussions/${encodeURIComponent(id)}`;

/** Staff create (authored by themselves) or edit title and content. */
export function saveDiscussion({
  id,
  values,
}: {
  id: string | null;
  values: DiscussionInput;
}): Promise<DiscussionItem> {
  return id
    ? api.patch<DiscussionItem>(`/api/cms/discussions/${encodeURIComponent(id)}`, { body: values })
    : api.post<DiscussionItem>("/api/cms/discussions", { body: values });
}

/** Pin, lock and delete are the forum's moderation endpoints. */
export type DiscussionModeration =
  | { id: string; action: "pin"; value: boolean }
  | { id: string; action: "lock"; value: boolean }
  | { id: string; action: "delete" };

export function moderateDiscussion(change: DiscussionModeration): Promise<unknown> {
  if (change.action === "delete") return api.delete<void>(path(change.id));
  return change.action === "pin"
    ? api.put(`${path(change.id)}/pin`, { body: { pinned: change.value } })
    : api.put(`${path(change.id)}/lock`, { body: { locked: change.value } });
}

function useInvalidateDiscussions() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: discussionsQueryKey }),
      queryClient.invalidateQueries({ queryKey: overviewQueryKey }),
    ]);
}

export function useSaveDiscussion() {
  const invalidate = useInvalidateDiscussions();
  return useMutation({ mutationFn: saveDiscussion, onSuccess: invalidate });
}

export function useModerateDiscussion() {
  const invalidate = useInvalidateDiscussions();
  return useMutation({ mutationFn: moderateDiscussion, onSuccess: invalidate });
}
