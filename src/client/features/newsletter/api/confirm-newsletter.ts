import { useMutation } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { NewsletterConfirmResult } from "@/shared/api-types";

export function confirmNewsletter(token: string): Promise<NewsletterConfirmResult> {
  return api.post<NewsletterConfirmResult>("/api/newsletter/confirm", { body: { token } });
}

export function useConfirmNewsletter() {
  return useMutation({ mutationFn: confirmNewsletter });
}
