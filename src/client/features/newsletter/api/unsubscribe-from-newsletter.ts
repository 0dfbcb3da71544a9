import { useMutation } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";

export type UnsubscribeInput = { email: string; token: string };

export function unsubscribeFromNewsletter(input: UnsubscribeInput): Promise<unknown> {
  return api.post<unknown>("/api/newsletter/unsubscribe", { body: input });
}

export function useUnsubscribeFromNewsletter() {
  return useMutation({ mutationFn: unsubscribeFromNewsletter });
}
