// A cap on the live-update streams one client address may hold open at once. Each stream holds
// a socket, a subscription and a small queue for as long as the browser keeps it, so without a
// cap one address could open streams until the server runs out of memory or file descriptors.

import { HttpError } from "./http-error";
import type { LiveBus } from "./live-bus";

/**
 * Open streams allowed per address, before RATE_LIMIT_MULTIPLIER. Only a visible tab of the
 * forum or a discussion holds a stream, one per page (client/lib/discussion-events.ts), so one
 * person rarely needs more than a few; 20 leaves room for a household or a small office behind
 * one NAT address.
 *
 * Scaled by RATE_LIMIT_MULTIPLIER like the rate limits (decision 004): the multiplier is the
 * operator's one knob for "many people share one address" (an office NAT, or every client
 * behind a reverse proxy, decision 003), and that is exactly when this cap would bite.
 */
export const MAX_STREAMS_PER_ADDRESS = 20;

/**
 * Seconds a refused client is told to wait. Streams last minutes to hours, so there is no
 * window to wait out; this is simply a pause long enough not to hammer the server.
 */
export const STREAM_CAP_RETRY_AFTER_SECONDS = 30;

export const TOO_MANY_STREAMS_MESSAGE =
  "Too many live update connections from your address. Close some tabs and try again later.";

// Counted in memory, per process: a stream lives in the process that serves it, so the count is
// exact there and needs no database. With several instances an address may hold up to the cap
// on each of them, which still bounds what it can cost any one process.
// Kept per live bus (a process has one) rather than in a module-wide map, so that test apps,
// each with their own bus, do not share counts.
const countsByBus = new WeakMap<LiveBus, Map<string, number>>();

function countsOf(live: LiveBus): Map<string, number> {
  let counts = countsByBus.get(live);
  if (!counts) {
    counts = new Map();
    countsByBus.set(live, counts);
  }
  return counts;
}

export function maxStreamsPerAddress(multiplier: number): number {
  return Math.max(1, Math.round(MAX_STREAMS_PER_ADDRESS * multiplier));
}

/** How many streams are open on `live` right now, from every address. */
export function openStreamTotal(live: LiveBus): number {
  let total = 0;
  for (const count of countsByBus.get(live)?.values() ?? []) total += count;
  return total;
}

/** How many streams `address` holds open on `live` right now. */
export function openStreamCount(live: LiveBus, address: string): number {
  return countsByBus.get(live)?.get(address) ?? 0;
}

/**
 * Counts one more open stream for `address`, or throws 429 when it already holds `max`.
 * Returns the release function, to be called exactly when the stream is over (whatever the
 * reason); calling it again does nothing. Check and count happen synchronously, so streams
 * opened at the same moment cannot all slip under the cap.
 */
export function admitStream(live: LiveBus, address: string, max: number): () => void {
  const counts = countsOf(live);
  const open = counts.get(address) ?? 0;
  if (open >= max) {
    throw new HttpError(429, TOO_MANY_STREAMS_MESSAGE, {
      headers: { "retry-after": String(STREAM_CAP_RETRY_AFTER_SECONDS) },
    });
  }
  counts.set(address, open + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (counts.get(address) ?? 1) - 1;
    // Addresses come and go: drop the entry at zero so the map does not grow without end.
    if (left > 0) counts.set(address, left);
    else counts.delete(address);
  };
}
