import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { discussionsQueryKey } from "@/client/lib/query-keys";
import type { HeldPostKind } from "@/shared/moderation";
import { moderationQueueQueryKey } from "./get-queue";

export type HeldPostDecision = {
  kind: HeldPostKind;
  id: string;
  decision: "approve" | "delete";
  reason?: string;
};

/** Approves a new member's held first post (it appears) or deletes it (docs/decisions/034). */
export function decideHeldPost({ kind, id, decision, reason }: HeldPostDecision) {
  return api.post<{ id: string }>(
    `/api/moderation/held-posts/${kind}/${encodeURIComponent(id)}/${decision}`,
    { body: reason ? { reason } : {} },
  );
}

export function useDecideHeldPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideHeldPost,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: moderationQueueQueryKey }),
        queryClient.invalidateQueries({ queryKey: discussionsQueryKey }),
      ]),
  });
}
