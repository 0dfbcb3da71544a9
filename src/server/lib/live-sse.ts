// Relays one live channel to a browser as Server-Sent Events. EventSource reconnects by itself
// (after `retry` ms) when the stream ends, e.g. when the server restarts.
import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import type { AppEnv } from "../context";
import { HttpError } from "./http-error";

export type LiveStreamOptions = {
  channel: string;
  /** The SSE event name the browser listens for. */
  event: string;
  /** Turns a NOTIFY payload into the event's data; null drops it. */
  toData: (payload: string) => string | null;
};

/** How long a browser waits before reconnecting after the stream ends. */
export const RECONNECT_MS = 3_000;

export function liveEventStream(c: Context<AppEnv>, options: LiveStreamOptions) {
  const { live } = c.var.deps;
  if (live.closed) throw new HttpError(503, "The server is restarting. Please try again.");
  c.header("x-accel-buffering", "no"); // nginx: pass events through as they come
  return streamSSE(c, async (stream) => {
    const queue: string[] = [];
    let wake: (() => void) | undefined;
    let ended = false;
    const end = () => {
      ended = true;
      wake?.();
    };
    stream.onAbort(end);
    const stopOnClose = live.onClose(end);
    const unsubscribe = await live.subscribe(options.channel, (payload) => {
      const data = options.toData(payload);
      if (data === null) return;
      queue.push(data);
      wake?.();
    });
    const heartbeat = setInterval(() => {
      queue.push("");
      wake?.();
    }, live.heartbeatMs);
    try {
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
    }
  });
}
