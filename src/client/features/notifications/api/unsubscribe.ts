import { useMutation } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";

export type UnsubscribeAnswer = { unsubscribed: string[] };

/** The email's link, signed out: the token is the credential (docs/decisions/023). */
export function unsubscribeFromNotifications(token: string): Promise<UnsubscribeAnswer> {
  return api.post<UnsubscribeAnswer>(
    `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
  );
}

export function useUnsubscribeFromNotifications() {
  return useMutation({ mutationFn: unsubscribeFromNotifications });
}
