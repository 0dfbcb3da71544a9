import { useCallback, useEffect, useState } from "react";
import { useHydrating } from "@/client/lib/render-time";

const key = (discussionId: string) => `discussion-shares:${discussionId}`;

function readCount(discussionId: string): number {
  try {
    const value = Number(sessionStorage.getItem(key(discussionId)));
    return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
  } catch {
    return 0; // storage blocked (private mode, sandboxed frame): count from zero
  }
}

/** docs/product.md §2: the share menu counts the shares made in this browser session. */
export function useShareCount(discussionId: string) {
  // This browser's storage: not in the server's render, nor in the hydration that matches it.
  const hydrating = useHydrating();
  const [count, setCount] = useState(() => (hydrating ? 0 : readCount(discussionId)));
  useEffect(() => {
    if (!hydrating) setCount(readCount(discussionId));
  }, [hydrating, discussionId]);
  const recordShare = useCallback(() => {
    const next = readCount(discussionId) + 1;
    try {
      sessionStorage.setItem(key(discussionId), String(next));
    } catch {
      // Still counted on screen for as long as the page is open.
    }
    setCount(next);
  }, [discussionId]);
  return { count, recordShare };
}
