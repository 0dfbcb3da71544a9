import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { discussionsQueryKey } from "@/client/lib/query-keys";
import { moderationQueueQueryKey } from "./get-queue";

export type AppealDecision = { id: string; decision: "keep" | "reverse"; reason: string };

/** Keeps or reverses the action an appeal is about. */
export function decideAppeal({ id, ...body }: AppealDecision): Promise<{ id: string }> {
  return api.post<{ id: string }>(`/api/moderation/appeals/${encodeURIComponent(id)}/decision`, {
    body,
  });
}

export function useDecideAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideAppeal,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: moderationQueueQueryKey }),
        queryClient.invalidateQueries({ queryKey: discussionsQueryKey }),
      ]),
  });
}
