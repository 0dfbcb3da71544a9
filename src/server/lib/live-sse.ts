// Relays one live channel to a browser as Server-Sent Events. EventSource reconnects by itself
// (after `retry` ms) when the stream ends, e.g. when the server restarts.
import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import type { AppEnv } from "@/server/context";
import { RETRY_AFTER_SECONDS } from "./database-errors";
import { HttpError } from "./http-error";
import { admitStream, maxStreamsPerNetwork } from "./live-stream-cap";

export type LiveStreamOptions = {
  channel: string;
  /** The SSE event name the browser listens for. */
  event: string;
  /** Turns a NOTIFY payload into the event's data; null drops it. */
  toData: (payload: string) => string | null;
};

/** How long a browser waits before reconnecting after the stream ends. */
export const RECONNECT_MS = 3_000;

const UNAVAILABLE = "Live updates are unavailable right now. Please try again.";

function unavailable(): HttpError {
  return new HttpError(503, UNAVAILABLE, {
    headers: { "retry-after": String(RETRY_AFTER_SECONDS) },
  });
}

export async function liveEventStream(c: Context<AppEnv>, options: LiveStreamOptions) {
  const { live, env } = c.var.deps;
  if (live.closed) throw unavailable();
  // 429 when this network already holds its share of streams, or the instance all it may
  // (live-stream-cap.ts). From here on every way out must release the slot: a refused
  // subscription below, or the end of the stream (client gone, server stop, lost LISTEN, an
  // error) in the stream's finally.
  const release = admitStream(live, c.var.clientIp, {
    perNetwork: maxStreamsPerNetwork(env.rateLimitMultiplier),
    total: env.liveStreamsMax,
  });
  try {
    return await openStream(c, options, release);
  } catch (error) {
    release();
    throw error;
  }
}

async function openStream(
  c: Context<AppEnv>,
  options: LiveStreamOptions,
  release: () => void,
): Promise<Response> {
  const { live, logger } = c.var.deps;

  const queue: string[] = [];
  let wake: (() => void) | undefined;
  let ended = false;
  const end = () => {
    ended = true;
    wake?.();
  };
  // Subscribing before the response starts turns a database that cannot listen into a 503,
  // after which the browser waits and tries again (see client/lib/discussion-events.ts).
  const unsubscribe = await live
    .subscribe(
      options.channel,
      (payload) => {
        const data = options.toData(payload);
        if (data === null) return;
        queue.push(data);
        wake?.();
      },
      // Changes may be missed until the server listens again: end the stream, and the
      // browser reconnects (which listens afresh) and refetches.
      end,
    )
    .catch((error: unknown) => {
      logger.warn({ err: error, channel: options.channel }, "live updates: cannot listen");
      throw unavailable();
    });

  c.header("x-accel-buffering", "no"); // nginx: pass events through as they come
  return streamSSE(c, async (stream) => {
    stream.onAbort(end);
    const stopOnClose = live.onClose(end);
    const heartbeat = setInterval(() => {
      queue.push("");
      wake?.();
    }, live.heartbeatMs);
    try {
      if (ended) return;
      // `ready` tells the client the subscription is in place: anything written from now on
      // reaches it. On a reconnect the client refetches to cover what it missed meanwhile.
      await stream.writeSSE({ event: "ready", data: "", retry: RECONNECT_MS });
      while (!ended) {
        const data = queue.shift();
        if (data === undefined) {
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          wake = undefined;
        } else if (data === "") {
          await stream.write(": keep-alive\n\n");
        } else {
          await stream.writeSSE({ event: options.event, data });
        }
      }
    } finally {
      clearInterval(heartbeat);
      unsubscribe();
      stopOnClose();
      release();
    }
  });
}
