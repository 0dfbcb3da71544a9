// Server-rendered pages kept for anonymous visitors (docs/decisions/025): the same address
// renders the same HTML for everyone without a session, so the page's queries and React render
// run once per address and moment, not once per visitor. An entry lives `ttlMs` at most; every
// write this instance answers (app.ts) and every change to a discussion or reply (the
// live-update channel, from any instance) clears them all, so a new reply or post is on the
// page at once. Only another instance's writes without a live event (a profile, a blog post)
// take up to `ttlMs` to show.
import type { LiveBus } from "./live-bus";
import type { Logger } from "./logger";

export type CachedPage = {
  status: number;
  body: string;
  headers: Record<string, string>;
};

export type PageCache = {
  get(key: string): CachedPage | null;
  set(key: string, page: CachedPage): void;
  clear(): void;
};

export function createPageCache(options: { ttlMs: number; maxEntries: number }): PageCache {
  const entries = new Map<string, { page: CachedPage; until: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return null;
      if (entry.until <= performance.now()) {
        entries.delete(key);
        return null;
      }
      return entry.page;
    },
    set(key, page) {
      // Bounded: any address renders (query strings too), so the oldest go first when full.
      if (entries.size >= options.maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(key, { page, until: performance.now() + options.ttlMs });
    },
    clear() {
      entries.clear();
    },
  };
}

/**
 * Clears `cache` on every payload on `channel`, for as long as the process lives. If the
 * listening connection is lost, the cache is cleared and listening starts again a second later;
 * meanwhile entries still expire on their own.
 */
export function clearOnChanges(
  cache: PageCache,
  live: Pick<LiveBus, "subscribe">,
  channel: string,
  logger: Pick<Logger, "warn">,
): void {
  const listen = () => {
    live
      .subscribe(channel, () => cache.clear(), lost)
      .catch((error) => {
        logger.warn({ err: error }, "page cache: could not listen for changes; retrying");
        lost();
      });
  };
  const lost = () => {
    cache.clear();
    setTimeout(listen, 1_000).unref();
  };
  listen();
}
