// The member's own notification stream (GET /api/notifications/events, docs/decisions/023):
// each event says only that something changed, and the count and list are asked for again
// through the session. The page's one stream of it (lib/live-event-stream.ts): open while the
// page is visible; refused, it is retried while the count is polled (decision 051).
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { type LiveChannel, subscribeToLiveEvents } from "@/client/lib/live-event-stream";
import { notificationsQueryKey } from "../api/get-notifications";

export const NOTIFICATION_EVENTS_URL = "/api/notifications/events";

const NOTIFICATION_CHANNEL: LiveChannel<true> = {
  url: NOTIFICATION_EVENTS_URL,
  event: "notifications",
  parse: () => true,
  // The count was read before the stream opened: whatever came in between is fetched.
  resyncOnFirstReady: true,
};

export function useLiveNotifications(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      // A burst (a thousand replies' entries) becomes one refetch.
      clearTimeout(timer);
      timer = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
        150,
      );
    };
    const stop = subscribeToLiveEvents(NOTIFICATION_CHANNEL, {
      onChange: refresh,
      onResync: refresh,
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [enabled, queryClient]);
}
