// Caps on the live-update streams held open at once: per client network (an IPv6 /64 or IPv4
// /24, lib/client-prefix.ts, decision 051) and per instance in total. Each stream holds a
// socket, a subscription and a small queue for as long as the browser keeps it, so without a
// cap one client could open streams until the server runs out of memory or file descriptors.
// A browser refused a stream polls instead (client/lib/discussion-events.ts).

import { clientPrefix } from "./client-prefix";
import { HttpError } from "./http-error";
import type { LiveBus } from "./live-bus";

/**
 * Open streams allowed per network, before RATE_LIMIT_MULTIPLIER. Only a visible tab of the
 * forum or a discussion holds a stream, one per page (client/lib/discussion-events.ts), so one
 * person rarely needs more than a few; 20 leaves room for a household or a small office behind
 * one NAT address. Counted per /64, not per address: one IPv6 client holds billions of addresses.
 *
 * Scaled by RATE_LIMIT_MULTIPLIER like the rate limits (decision 004): the multiplier is the
 * operator's one knob for "many people share one address" (an office NAT, or every client
 * behind a reverse proxy, decision 003), and that is exactly when this cap would bite.
 */
export const MAX_STREAMS_PER_NETWORK = 20;

/**
 * Seconds a refused client is told to wait. Streams last minutes to hours, so there is no
 * window to wait out; this is simply a pause long enough not to hammer the server.
 */
export const STREAM_CAP_RETRY_AFTER_SECONDS = 30;

export const TOO_MANY_STREAMS_MESSAGE =
  "Too many live update connections from your network. Close some tabs and try again later.";

export const SERVER_STREAMS_FULL_MESSAGE =
  "Live updates are busy right now. The page refreshes itself until they are back.";

// Counted in memory, per process: a stream lives in the process that serves it, so the count is
// exact there and needs no database. With several instances a network may hold up to the cap
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

export function maxStreamsPerNetwork(multiplier: number): number {
  return Math.max(1, Math.round(MAX_STREAMS_PER_NETWORK * multiplier));
}

/** How many streams are open on `live` right now, from every client. */
export function openStreamTotal(live: LiveBus): number {
  let total = 0;
  for (const count of countsByBus.get(live)?.values() ?? []) total += count;
  return total;
}

/** How many streams the network of `address` holds open on `live` right now. */
export function openStreamCount(live: LiveBus, address: string): number {
  return countsByBus.get(live)?.get(clientPrefix(address)) ?? 0;
}

function refused(message: string): HttpError {
  return new HttpError(429, message, {
    headers: { "retry-after": String(STREAM_CAP_RETRY_AFTER_SECONDS) },
  });
}

/**
 * Counts one more open stream for the network of `address`, or throws 429 when that network
 * already holds `limits.perNetwork` or the instance `limits.total`. Returns the release
 * function, to be called exactly when the stream is over (whatever the reason); calling it
 * again does nothing. Check and count happen synchronously, so streams opened at the same
 * moment cannot all slip under the caps.
 */
export function admitStream(
  live: LiveBus,
  address: string,
  limits: { perNetwork: number; total: number },
): () => void {
  const counts = countsOf(live);
  const network = clientPrefix(address);
  const open = counts.get(network) ?? 0;
  if (open >= limits.perNetwork) throw refused(TOO_MANY_STREAMS_MESSAGE);
  if (openStreamTotal(live) >= limits.total) throw refused(SERVER_STREAMS_FULL_MESSAGE);
  counts.set(network, open + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (counts.get(network) ?? 1) - 1;
    // Networks come and go: drop the entry at zero so the map does not grow without end.
    if (left > 0) counts.set(network, left);
    else counts.delete(network);
  };
}
