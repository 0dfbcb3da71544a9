import { useMutation } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { NewsletterResult } from "@/shared/api-types";
import type { NewsletterInput } from "@/shared/schemas";
import type { SpamFields } from "@/shared/spam";

export function subscribeToNewsletter(
  input: NewsletterInput & SpamFields,
): Promise<NewsletterResult> {
  return api.post<NewsletterResult>("/api/newsletter", { body: input });
}

export function useSubscribeToNewsletter() {
  return useMutation({ mutationFn: subscribeToNewsletter });
}
