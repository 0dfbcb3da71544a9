import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { discussionsQueryKey } from "../../../lib/query-keys";
import { reconnectDelayMs } from "../lib/reconnect-delay";

/** GET /api/discussions/events: Server-Sent Events, one per change to any discussion. */
export const DISCUSSION_EVENTS_URL = "/api/discussions/events";

/** A burst of changes (a moderator tidying up) becomes one refetch. */
const COALESCE_MS = 250;

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
    // Whether changes may have been missed before the stream is (again) in place: on every
    // reconnect, and on the first connect when the data was loaded in a hidden tab.
    let refetchOnReady = document.visibilityState === "hidden";
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
        if (refetchOnReady) refetch();
        refetchOnReady = true;
      });
      current.addEventListener("discussion", refetch);
      current.addEventListener("error", () => {
        // A dropped connection (server restart) is retried by the browser itself. An HTTP
        // error instead (a proxy's 502 while the app restarts, a 503, or a 429 when this
        // address holds too many streams) closes the source for good, so start a new one,
        // waiting longer after each failure in a row (at least 1 s, at most 30 s).
        if (current.readyState !== EventSource.CLOSED || source !== current) return;
        failures += 1;
        retryTimer = setTimeout(connect, reconnectDelayMs(failures));
      });
    };

    const disconnect = () => {
      clearTimeout(retryTimer);
      source?.close();
      source = undefined;
    };

    // Only visible tabs hold a stream: over HTTP/1.1 a browser opens at most six connections
    // to a site, and six hidden forum tabs would otherwise leave none for anything else. A tab
    // shown again reconnects, and the reconnect refetches.
    const onVisibilityChange = () => {
      if (document.visibilityState === "hidden") disconnect();
      else if (!source) connect();
    };
    document.addEventListener("visibilitychange", onVisibilityChange);

    if (document.visibilityState !== "hidden") connect();
    return () => {
      document.removeEventListener("visibilitychange", onVisibilityChange);
      clearTimeout(refetchTimer);
      disconnect();
    };
  }, [queryClient]);
}
