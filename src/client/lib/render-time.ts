// The clock of a page's first render. The server renders "5 minutes ago" with its clock, and
// the browser's first render must produce the same text or React reports a hydration mismatch
// and throws the server's HTML away (docs/decisions/025). So while the server renders and while
// the browser hydrates, times are relative to the server's render time, and what depends on the
// browser (its clock, its time zone) comes right after hydration.
import { createContext, useContext, useEffect, useState } from "react";

/** On the server: the moment this page is rendered (ms since the epoch). */
export const ServerRenderTime = createContext<number | null>(null);

let hydrationTime: number | null = null;

/** In the browser, before hydrating: the server's render time, from the page. */
export function startHydration(serverTime: number): void {
  hydrationTime = serverTime;
}

/**
 * The server's render time during the server render and hydration, else null: then use the
 * browser's clock and formats. Components that hydrate render once more right after, with null.
 */
export function useHydrationTime(): number | null {
  const serverTime = useContext(ServerRenderTime);
  const [time, setTime] = useState(() => serverTime ?? hydrationTime);
  useEffect(() => {
    if (time === null) return;
    // Every component of the first render has read it by now.
    hydrationTime = null;
    setTime(null);
  }, [time]);
  return time;
}
