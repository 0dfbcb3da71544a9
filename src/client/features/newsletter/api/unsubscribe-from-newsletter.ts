import { useMutation } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";

export type UnsubscribeInput = { email: string; token: string };

/** The same address a mail provider's one-click unsubscribe posts to (RFC 8058). */
export function unsubscribeFromNewsletter(input: UnsubscribeInput): Promise<unknown> {
  const query = new URLSearchParams({ email: input.email, token: input.token });
  return api.post<unknown>(`/api/newsletter/unsubscribe?${query}`);
}

export function useUnsubscribeFromNewsletter() {
  return useMutation({ mutationFn: unsubscribeFromNewsletter });
}
