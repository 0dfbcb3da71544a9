import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { NotificationPage } from "@/shared/notifications";

/** Every notification query starts here: a read, a live event or a new entry refreshes all. */
export const notificationsQueryKey = ["notifications"] as const;

export function getNotifications(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<NotificationPage> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : "";
  return api.get<NotificationPage>(`/api/notifications${query}`, { signal });
}

export function notificationsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...notificationsQueryKey, "list"],
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** The signed-in member's notifications, newest activity first, 20 a page. */
export function useNotifications() {
  return useInfiniteQuery(notificationsQueryOptions());
}
