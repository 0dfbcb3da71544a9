import { useMutation } from "@tanstack/react-query";
import type { NewsletterResult } from "../../../../shared/api-types";
import type { NewsletterInput } from "../../../../shared/schemas";
import { api } from "../../../lib/api-client";

export function subscribeToNewsletter(input: NewsletterInput): Promise<NewsletterResult> {
  return api.post<NewsletterResult>("/api/newsletter", { body: input });
}

export function useSubscribeToNewsletter() {
  return useMutation({ mutationFn: subscribeToNewsletter });
}
