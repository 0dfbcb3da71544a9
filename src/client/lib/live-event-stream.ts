// One live stream per server channel and page, shared by every listener (decision 006): a
// browser opens at most six connections to a site over HTTP/1.1 and the server caps streams
// per network, so listeners share the one EventSource rather than opening their own. While the
// server refuses it, listeners are polled instead (decision 051).
import { reconnectDelayMs } from "./reconnect-delay";

export type LiveEventListener<Change> = {
  /** One change as the server announced it. */
  onChange?: (change: Change) => void;
  /**
   * The stream is in place again after a time when changes may have been missed (a reconnect,
   * a tab shown again, a page loaded in a hidden tab), or an event could not be read: refetch.
   */
  onResync?: () => void;
};

/** The part of EventSource the stream uses (tests pass a fake). */
export type EventSourceLike = {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
};

/** What the stream needs from the browser; tests pass fakes. */
export type StreamHost = {
  openSource: (url: string) => EventSourceLike;
  isHidden: () => boolean;
  /** Calls `listener` whenever the page is hidden or shown; returns the unsubscribe. */
  watchVisibility: (listener: () => void) => () => void;
  setTimer: (callback: () => void, ms: number) => unknown;
  /** Calls `callback` every `ms` until cleared with clearTimer. */
  setRepeatingTimer: (callback: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
};

/**
 * While the server refuses the stream (a 429 when this network or the whole server holds all
 * the streams it may, decision 051; a 503 while the database is away), listeners refetch on
 * this beat instead, so a flood of streams from elsewhere costs nobody their updates.
 */
export const POLL_WHILE_REFUSED_MS = 30_000;

/** EventSource.CLOSED, spelled out so that the module loads where EventSource does not exist. */
const CLOSED = 2;

export type LiveEventStream<Change> = {
  /** Starts listening (the first listener opens the stream); returns the unsubscribe. */
  subscribe(listener: LiveEventListener<Change>): () => void;
};

/** One server stream: where it is, the event that carries changes and how to read one. */
export type LiveChannel<Change> = {
  url: string;
  event: string;
  /** The change an event's data describes; null when it cannot be read (listeners resync). */
  parse: (data: unknown) => Change | null;
  /**
   * Resync on the first `ready` too: for data loaded before the stream was opened and not
   * covered by it otherwise (the notification count).
   */
  resyncOnFirstReady?: boolean;
};

/**
 * The stream is open while anyone listens and the page is visible. Only visible tabs hold a
 * stream: six hidden forum tabs would otherwise leave no connection for anything else. A tab
 * shown again reconnects, and the reconnect resyncs.
 */
export function createLiveEventStream<Change>(
  host: StreamHost,
  channel: LiveChannel<Change>,
): LiveEventStream<Change> {
  const listeners = new Set<LiveEventListener<Change>>();
  let source: EventSourceLike | undefined;
  let retryTimer: unknown;
  let pollTimer: unknown;
  let stopWatchingVisibility: (() => void) | undefined;
  // Whether changes may have been missed before the stream is (again) in place: on every
  // reconnect, and on the first connect when the data was loaded in a hidden tab.
  let resyncOnReady = false;
  let failures = 0;

  const each = (call: (listener: LiveEventListener<Change>) => void) => {
    for (const listener of [...listeners]) call(listener);
  };

  const startPolling = () => {
    if (pollTimer !== undefined) return;
    pollTimer = host.setRepeatingTimer(
      () => each((listener) => listener.onResync?.()),
      POLL_WHILE_REFUSED_MS,
    );
  };

  const stopPolling = () => {
    host.clearTimer(pollTimer);
    pollTimer = undefined;
  };

  const connect = () => {
    const current = host.openSource(channel.url);
    source = current;
    current.addEventListener("ready", () => {
      failures = 0;
      stopPolling();
      if (resyncOnReady) each((listener) => listener.onResync?.());
      resyncOnReady = true;
    });
    current.addEventListener(channel.event, (event) => {
      const change = channel.parse(event.data);
      // Something changed even if its description cannot be read: refetch what is shown.
      if (change) each((listener) => listener.onChange?.(change));
      else each((listener) => listener.onResync?.());
    });
    current.addEventListener("error", () => {
      // A dropped connection (server restart) is retried by the browser itself. An HTTP error
      // instead (a proxy's 502 while the app restarts, a 503, or a 429 when this address
      // holds too many streams) closes the source for good, so start a new one, waiting
      // longer after each failure in a row (at least 1 s, at most 30 s), and poll meanwhile.
      if (current.readyState !== CLOSED || source !== current) return;
      failures += 1;
      // Changes may be missed until a stream is in place, even one the page never had.
      resyncOnReady = true;
      startPolling();
      retryTimer = host.setTimer(connect, reconnectDelayMs(failures));
    });
  };

  const disconnect = () => {
    host.clearTimer(retryTimer);
    retryTimer = undefined;
    stopPolling();
    source?.close();
    source = undefined;
  };

  const onVisibilityChange = () => {
    if (host.isHidden()) disconnect();
    else if (!source) connect();
  };

  const start = () => {
    resyncOnReady = host.isHidden() || channel.resyncOnFirstReady === true;
    failures = 0;
    stopWatchingVisibility = host.watchVisibility(onVisibilityChange);
    if (!host.isHidden()) connect();
  };

  const stop = () => {
    stopWatchingVisibility?.();
    stopWatchingVisibility = undefined;
    disconnect();
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) start();
      return () => {
        if (!listeners.delete(listener)) return;
        if (listeners.size === 0) stop();
      };
    },
  };
}

const browserHost: StreamHost = {
  openSource: (url) => new EventSource(url),
  isHidden: () => document.visibilityState === "hidden",
  watchVisibility: (listener) => {
    document.addEventListener("visibilitychange", listener);
    return () => document.removeEventListener("visibilitychange", listener);
  },
  setTimer: (callback, ms) => setTimeout(callback, ms),
  setRepeatingTimer: (callback, ms) => setInterval(callback, ms),
  // One pool of ids for both kinds (HTML's timers): clearTimeout ends an interval too.
  clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout> | undefined),
};

const streams = new Map<string, LiveEventStream<unknown>>();

/**
 * Listens to the page's one stream of `channel`; returns the unsubscribe. Does nothing where
 * the browser has no EventSource.
 */
export function subscribeToLiveEvents<Change>(
  channel: LiveChannel<Change>,
  listener: LiveEventListener<Change>,
): () => void {
  if (typeof EventSource === "undefined") return () => {};
  let stream = streams.get(channel.url) as LiveEventStream<Change> | undefined;
  if (!stream) {
    stream = createLiveEventStream(browserHost, channel);
    streams.set(channel.url, stream as LiveEventStream<unknown>);
  }
  return stream.subscribe(listener);
}
