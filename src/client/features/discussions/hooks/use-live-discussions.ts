import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { discussionsQueryKey } from "../api/discussions-query-key";

/** GET /api/discussions/events: Server-Sent Events, one per change to any discussion. */
export const DISCUSSION_EVENTS_URL = "/api/discussions/events";

/** A burst of changes (a moderator tidying up) becomes one refetch. */
const COALESCE_MS = 250;

/**
 * SPEC §4: open lists refetch on any change to the discussions table. The server relays every
 * create, pin, lock and delete, from any app instance; EventSource reconnects by itself after
 * a server restart, and a reconnect refetches too, since changes may have been missed meanwhile.
 */
export function useLiveDiscussions(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource(DISCUSSION_EVENTS_URL);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let connectedBefore = false;
    const refetch = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: discussionsQueryKey }),
        COALESCE_MS,
      );
    };
    const onReady = () => {
      if (connectedBefore) refetch();
      connectedBefore = true;
    };
    source.addEventListener("ready", onReady);
    source.addEventListener("discussion", refetch);
    return () => {
      clearTimeout(timer);
      source.removeEventListener("ready", onReady);
      source.removeEventListener("discussion", refetch);
      source.close();
    };
  }, [queryClient]);
}
