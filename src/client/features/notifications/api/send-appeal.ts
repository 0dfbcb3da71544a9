import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { notificationsQueryKey } from "./get-notifications";

/** The member's one appeal of a moderator's action, sent from its notification. */
export function sendAppeal(appeal: { actionId: string; message: string }): Promise<{ id: string }> {
  return api.post<{ id: string }>("/api/moderation/appeals", { body: appeal });
}

export function useSendAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendAppeal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
