import { useEffect, useRef } from "react";
import {
  type DiscussionEventListener,
  subscribeToDiscussionEvents,
} from "@/client/lib/discussion-events";

/**
 * Listens to the page's live stream of discussion changes while the component is mounted. The
 * latest `listener` is called: it may close over props and state without resubscribing.
 */
export function useDiscussionEvents(listener: DiscussionEventListener): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(
    () =>
      subscribeToDiscussionEvents({
        onChange: (change) => latest.current.onChange?.(change),
        onResync: () => latest.current.onResync?.(),
      }),
    [],
  );
}
