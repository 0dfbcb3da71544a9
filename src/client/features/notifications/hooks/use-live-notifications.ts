// The member's own notification stream (GET /api/notifications/events, docs/decisions/023):
// each event says only that something changed, and the count and list are asked for again
// through the session. Open while the page is visible; EventSource reconnects by itself, and
// `ready` after a reconnect refetches whatever was missed.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { notificationsQueryKey } from "../api/get-notifications";

export const NOTIFICATION_EVENTS_URL = "/api/notifications/events";

export function useLiveNotifications(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      // A burst (a thousand replies' entries) becomes one refetch.
      clearTimeout(timer);
      timer = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
        150,
      );
    };
    const open = () => {
      if (source || document.hidden) return;
      source = new EventSource(NOTIFICATION_EVENTS_URL);
      source.addEventListener("ready", refresh);
      source.addEventListener("notifications", refresh);
    };
    const close = () => {
      source?.close();
      source = null;
    };
    const onVisibility = () => (document.hidden ? close() : open());
    open();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      clearTimeout(timer);
      close();
    };
  }, [enabled, queryClient]);
}
