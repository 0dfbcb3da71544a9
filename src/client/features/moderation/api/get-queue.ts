import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { ModerationQueue } from "@/shared/moderation";

export const moderationQueueQueryKey = ["moderation", "queue"] as const;

export function getModerationQueue(signal?: AbortSignal): Promise<ModerationQueue> {
  return api.get<ModerationQueue>("/api/moderation/queue", { signal });
}

export const moderationQueueQueryOptions = () =>
  queryOptions({
    queryKey: moderationQueueQueryKey,
    queryFn: ({ signal }) => getModerationQueue(signal),
  });

export function useModerationQueue() {
  return useQuery(moderationQueueQueryOptions());
}
