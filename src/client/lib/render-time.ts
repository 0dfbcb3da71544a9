// The clock of a page's first render. The server renders "5 minutes ago" with its clock, and
// the browser's first render must produce the same text or React reports a hydration mismatch
// (docs/decisions/025). So while the server renders and while the browser hydrates, times are
// relative to the server's render time, and what depends on the browser (its clock, its time
// zone) comes in the render right after. useSyncExternalStore knows, per component, whether it
// is hydrating (it reads the server snapshot then, also in Suspense boundaries that hydrate
// later) and renders the component again once hydrated when the snapshot differs.
import { createContext, useContext, useSyncExternalStore } from "react";

/** On the server: the moment this page is rendered (ms since the epoch). */
export const ServerRenderTime = createContext<number | null>(null);

let hydrationTime: number | null = null;

/** In the browser, before hydrating: the server's render time, from the page. */
export function startHydration(serverTime: number): void {
  hydrationTime = serverTime;
}

const subscribe = () => () => {};
const afterHydration = () => null;

/**
 * The server's render time during the server render and hydration, else null: then use the
 * browser's clock and formats.
 */
export function useHydrationTime(): number | null {
  const serverTime = useContext(ServerRenderTime);
  return useSyncExternalStore(subscribe, afterHydration, () => serverTime ?? hydrationTime);
}

/** True on the server and while the browser hydrates the server's HTML; false after. */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => false,
    () => true,
  );
}
