import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { moderationQueueQueryKey } from "./get-queue";

export type HeldSubmissionDecision = {
  id: string;
  decision: "release" | "discard";
  reason: string;
};

/** Releases a held form submission (it then takes effect) or discards it (docs/decisions/034). */
export function decideHeldSubmission({
  id,
  decision,
  reason,
}: HeldSubmissionDecision): Promise<{ id: string }> {
  return api.post<{ id: string }>(`/api/moderation/held/${encodeURIComponent(id)}/${decision}`, {
    body: { reason },
  });
}

export function useDecideHeldSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideHeldSubmission,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationQueueQueryKey }),
  });
}
