// How long the live stream (discussion-events.ts) waits before opening a new EventSource after
// the browser gave up on one. The browser gives up on any HTTP error: a proxy's 502 during a
// deploy, the server's 503 while the database is away, or its 429 when this address holds too
// many streams. EventSource cannot read the status or Retry-After, so every failure waits the
// same growing delay.

const BASE_MS = 1_000;
export const MAX_RECONNECT_DELAY_MS = 30_000;

/**
 * The wait after the `failures`-th failure in a row (1, 2, ...): doubling from 2 s up to 30 s,
 * of which a random part (up to half) is taken off, so that the tabs refused together (all the
 * tabs behind one office address when it hits the stream cap, every browser when the server
 * restarts) do not all come back in the same second. Never below 1 s: no tight loop.
 */
export function reconnectDelayMs(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_RECONNECT_DELAY_MS, BASE_MS * 2 ** Math.max(1, failures));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
