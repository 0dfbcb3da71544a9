import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { UnreadCount } from "@/shared/notifications";
import { notificationsQueryKey } from "./get-notifications";

export function getUnreadCount(signal?: AbortSignal): Promise<UnreadCount> {
  return api.get<UnreadCount>("/api/notifications/unread-count", { signal });
}

export function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: [...notificationsQueryKey, "unread"],
    queryFn: ({ signal }) => getUnreadCount(signal),
  });
}

/** The bell's number; the live stream (hooks/use-live-notifications.ts) keeps it current. */
export function useUnreadCount(enabled = true) {
  return useQuery({ ...unreadCountQueryOptions(), enabled });
}
