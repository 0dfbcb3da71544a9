import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useDiscussionEvents } from "@/client/hooks/use-discussion-events";
import { discussionsQueryKey } from "@/client/lib/query-keys";

/** A burst of changes (a moderator tidying up) becomes one refetch. */
const COALESCE_MS = 250;

/**
 * docs/product.md §4.6: open lists and the discussion page refetch on any change to the
 * discussions table, a reply's included (its count moved). The server relays every create,
 * pin, lock, delete and reply, from any app instance. After a reconnect they refetch too, since
 * changes may have been missed meanwhile.
 */
export function useLiveDiscussions(): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const refetch = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: discussionsQueryKey }),
      COALESCE_MS,
    );
  };
  useDiscussionEvents({
    // A reaction's counts are patched in where they show (decision 075): nothing to refetch.
    onChange: (change) => {
      if (change.type !== "reacted") refetch();
    },
    onResync: refetch,
  });
  useEffect(() => () => clearTimeout(timer.current), []);
}
