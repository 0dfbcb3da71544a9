import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { discussionsQueryKey } from "../api/discussions-query-key";

/** GET /api/discussions/events: Server-Sent Events, one per change to any discussion. */
export const DISCUSSION_EVENTS_URL = "/api/discussions/events";

/** A burst of changes (a moderator tidying up) becomes one refetch. */
const COALESCE_MS = 250;
const MAX_RETRY_MS = 30_000;

/**
 * SPEC §4: open lists refetch on any change to the discussions table. The server relays every
 * create, pin, lock and delete, from any app instance. After a reconnect the lists refetch
 * too, since changes may have been missed meanwhile.
 */
export function useLiveDiscussions(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let source: EventSource | undefined;
    let refetchTimer: ReturnType<typeof setTimeout> | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let connectedBefore = false;
    let failures = 0;

    const refetch = () => {
      clearTimeout(refetchTimer);
      refetchTimer = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: discussionsQueryKey }),
        COALESCE_MS,
      );
    };

    const connect = () => {
      const current = new EventSource(DISCUSSION_EVENTS_URL);
      source = current;
      current.addEventListener("ready", () => {
        failures = 0;
        if (connectedBefore) refetch();
        connectedBefore = true;
      });
      current.addEventListener("discussion", refetch);
      current.addEventListener("error", () => {
        // A dropped connection (server restart) is retried by the browser itself. An HTTP
        // error instead (a proxy's 502 while the app restarts) closes the source for good, so
        // start a new one, waiting longer after each failure.
        if (current.readyState !== EventSource.CLOSED) return;
        failures += 1;
        retryTimer = setTimeout(connect, Math.min(MAX_RETRY_MS, 1_000 * 2 ** failures));
      });
    };

    connect();
    return () => {
      clearTimeout(refetchTimer);
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [queryClient]);
}
