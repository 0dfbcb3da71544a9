// Starts a page the server rendered (docs/decisions/025). Part of the entry: every page the
// server answers is rendered there, and as a chunk of its own it cost the home page a file and
// 0.2 KB gzipped more (decision 044).
import type { QueryClient } from "@tanstack/react-query";
import { type ReactNode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { ApiError } from "@/client/lib/api-client";
import { lazyLoader } from "@/client/lib/lazy-component";
import { startHydration } from "@/client/lib/render-time";
import { SSR_DATA_ELEMENT_ID, type SsrData } from "@/client/lib/ssr-data";

/**
 * Puts the server's queries into the cache as they were (TanStack Query's `hydrate` does the
 * same and more, at a size this chunk need not carry). Failed queries (a missing record: the
 * page says so) come as plain objects, revived as the ApiError the components check for, and
 * are not fetched again as the page mounts, so the first render shows what the server's did.
 */
function fillCache(queryClient: QueryClient, { queries }: SsrData): void {
  const cache = queryClient.getQueryCache();
  for (const { queryKey, queryHash, state, error } of queries) {
    if (error) {
      state.error = new ApiError(error.status, error.code, error.message);
      queryClient.setQueryDefaults(queryKey, { retryOnMount: false });
    }
    cache.build(queryClient, { queryKey, queryHash }, state);
  }
}

/**
 * Loads the named lazy components (those the server rendered). A lazy component inside another
 * one's code is known once that code has run, so this goes round until every name is loaded or
 * none of the rest is known (a name this build does not have is skipped).
 */
async function preloadLazyComponents(names: readonly string[]): Promise<void> {
  const waiting = new Set(names);
  for (;;) {
    const known = [...waiting].filter((name) => lazyLoader(name));
    if (known.length === 0) return;
    for (const name of known) waiting.delete(name);
    await Promise.all(known.map((name) => lazyLoader(name)?.()));
  }
}

/**
 * Ends the current task and resumes in a new one: the entry's modules run in one task after the
 * first paint, and the cache and the lazy components' requests need not be part of it (a task
 * over 50 ms on a phone is blocking time; bench/RESULTS.md §42). `scheduler.yield` resumes ahead
 * of other queued tasks where the browser has it.
 */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Hydrates the server's HTML in `container` with `app`, whose first render must be the server's:
 * the same queries, the same clock, every lazy component it rendered already loaded. Should a
 * component's code fail to load, the app renders afresh instead.
 */
export async function hydratePage(
  container: HTMLElement,
  app: ReactNode,
  queryClient: QueryClient,
  data: SsrData,
): Promise<void> {
  startHydration(data.renderedAt);
  // Read once: the data need not stay in the document. The mark says the page still hydrates
  // until the layout marks it started (browser tests wait for that).
  document.documentElement.dataset.serverRendered = "";
  document.getElementById(SSR_DATA_ELEMENT_ID)?.remove();
  await yieldToBrowser();
  fillCache(queryClient, data);
  try {
    await preloadLazyComponents(data.lazy);
  } catch {
    createRoot(container).render(app);
    return;
  }
  // As a transition, React hydrates in slices of a few milliseconds and lets the browser answer
  // in between; at its default priority, a discussion of 200 replies hydrated in one task of a
  // quarter of a second on a throttled phone (Lighthouse's Total Blocking Time). A click on the
  // page meanwhile makes React finish hydrating at once and then handles it.
  startTransition(() => {
    hydrateRoot(container, app);
  });
}
