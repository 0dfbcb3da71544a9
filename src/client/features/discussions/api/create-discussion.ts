import { useQueryClient } from "@tanstack/react-query";
import { useIdempotentMutation } from "@/client/hooks/use-idempotent-mutation";
import { api } from "@/client/lib/api-client";
import { discussionsQueryKey } from "@/client/lib/query-keys";
import type { DiscussionItem } from "@/shared/api-types";
import type { DiscussionInput } from "@/shared/schemas";

/** Throws ApiError: 400 with field messages, 401 signed out, 429 posting too fast. */
export function createDiscussion(
  input: DiscussionInput,
  idempotencyKey?: string,
): Promise<DiscussionItem> {
  return api.post<DiscussionItem>("/api/discussions", { body: input, idempotencyKey });
}

export function useCreateDiscussion() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    send: createDiscussion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discussionsQueryKey }),
  });
}
