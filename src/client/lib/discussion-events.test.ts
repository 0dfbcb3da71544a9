import { describe, expect, it, vi } from "vitest";
import {
  createDiscussionEventStream,
  DISCUSSION_EVENTS_URL,
  parseDiscussionChange,
} from "./discussion-events";
import {
  createLiveEventStream,
  type EventSourceLike,
  POLL_WHILE_REFUSED_MS,
  type StreamHost,
} from "./live-event-stream";

class FakeSource implements EventSourceLike {
  readyState = 0;
  closed = false;
  private readonly handlers = new Map<string, Array<(event: MessageEvent) => void>>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, data = "") {
    for (const handler of this.handlers.get(type) ?? []) handler({ data } as MessageEvent);
  }
  /** The browser gave up on it (an HTTP error): closed, then an error event. */
  refuse() {
    this.readyState = 2;
    this.emit("error");
  }
}

function fakeHost({ hidden = false } = {}) {
  const sources: FakeSource[] = [];
  const timers: Array<{ callback: () => void; ms: number; cleared: boolean }> = [];
  const repeating: Array<{ callback: () => void; ms: number; cleared: boolean }> = [];
  let visibilityListener: (() => void) | undefined;
  const state = { hidden };
  const host: StreamHost = {
    openSource: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    isHidden: () => state.hidden,
    watchVisibility: (listener) => {
      visibilityListener = listener;
      return () => {
        visibilityListener = undefined;
      };
    },
    setTimer: (callback, ms) => {
      const timer = { callback, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    setRepeatingTimer: (callback, ms) => {
      const timer = { callback, ms, cleared: false };
      repeating.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      if (timer) (timer as { cleared: boolean }).cleared = true;
    },
  };
  const setHidden = (value: boolean) => {
    state.hidden = value;
    visibilityListener?.();
  };
  /** The polls running now (not cleared). */
  const polls = () => repeating.filter((timer) => !timer.cleared);
  return {
    host,
    sources,
    timers,
    polls,
    setHidden,
    watching: () => visibilityListener !== undefined,
  };
}

const change = { type: "updated", id: "d1", reply: { type: "created", id: "r1" } } as const;

describe("the page's discussion event stream", () => {
  it("opens one EventSource for every listener and closes it after the last leaves", () => {
    const { host, sources, watching } = fakeHost();
    const stream = createDiscussionEventStream(host);
    const first = { onChange: vi.fn() };
    const second = { onChange: vi.fn() };
    const stopFirst = stream.subscribe(first);
    const stopSecond = stream.subscribe(second);
    expect(sources.map((source) => source.url)).toEqual([DISCUSSION_EVENTS_URL]);

    sources[0]?.emit("ready");
    sources[0]?.emit("discussion", JSON.stringify(change));
    expect(first.onChange).toHaveBeenCalledWith(change);
    expect(second.onChange).toHaveBeenCalledWith(change);

    stopFirst();
    expect(sources[0]?.closed).toBe(false);
    stopSecond();
    expect(sources[0]?.closed).toBe(true);
    expect(watching()).toBe(false);
    // Unsubscribing twice does not close a stream someone else opened since.
    stream.subscribe({});
    stopSecond();
    expect(sources[1]?.closed).toBe(false);
  });

  it("resyncs after a reconnect, not on the first ready of a visible page", () => {
    const { host, sources, timers } = fakeHost();
    const listener = { onChange: vi.fn(), onResync: vi.fn() };
    createDiscussionEventStream(host).subscribe(listener);
    sources[0]?.emit("ready");
    expect(listener.onResync).not.toHaveBeenCalled();

    sources[0]?.refuse();
    expect(timers).toHaveLength(1);
    timers[0]?.callback();
    expect(sources).toHaveLength(2);
    sources[1]?.emit("ready");
    expect(listener.onResync).toHaveBeenCalledTimes(1);
  });

  it("waits longer after each refusal in a row, and starts over once a stream is ready", () => {
    const { host, sources, timers } = fakeHost();
    createDiscussionEventStream(host).subscribe({});
    for (let attempt = 0; attempt < 4; attempt += 1) {
      sources.at(-1)?.refuse();
      timers.at(-1)?.callback();
    }
    const delays = timers.map((timer) => timer.ms);
    // Each wait's ceiling doubles (2, 4, 8, 16 s) and at most half is taken off at random.
    expect(delays[0]).toBeGreaterThanOrEqual(1_000);
    expect(delays[0]).toBeLessThanOrEqual(2_000);
    expect(delays[3]).toBeGreaterThanOrEqual(8_000);
    sources.at(-1)?.emit("ready");
    sources.at(-1)?.refuse();
    expect(timers.at(-1)?.ms).toBeLessThanOrEqual(2_000);
  });

  it("polls every 30 s while the stream is refused, and stops once a stream is ready", () => {
    const { host, sources, timers, polls } = fakeHost();
    const listener = { onResync: vi.fn() };
    createDiscussionEventStream(host).subscribe(listener);
    sources[0]?.emit("ready");
    expect(polls()).toEqual([]);

    // Refused (429) twice in a row: one poll runs, and the stream is tried again meanwhile.
    sources[0]?.refuse();
    timers.at(-1)?.callback();
    sources[1]?.refuse();
    expect(polls()).toHaveLength(1);
    expect(polls()[0]?.ms).toBe(POLL_WHILE_REFUSED_MS);
    expect(sources).toHaveLength(2);
    polls()[0]?.callback();
    polls()[0]?.callback();
    expect(listener.onResync).toHaveBeenCalledTimes(2);

    timers.at(-1)?.callback();
    sources[2]?.emit("ready");
    expect(polls()).toEqual([]);
    // The ready itself refetches what the polls may have missed since the last one.
    expect(listener.onResync).toHaveBeenCalledTimes(3);
  });

  it("resyncs when a page refused from the start gets its first stream", () => {
    const { host, sources, timers } = fakeHost();
    const listener = { onResync: vi.fn() };
    createDiscussionEventStream(host).subscribe(listener);
    sources[0]?.refuse();
    timers.at(-1)?.callback();
    sources[1]?.emit("ready");
    expect(listener.onResync).toHaveBeenCalledTimes(1);
  });

  it("stops polling when the tab is hidden or the last listener leaves", () => {
    const { host, sources, polls, setHidden } = fakeHost();
    const stop = createDiscussionEventStream(host).subscribe({});
    sources[0]?.refuse();
    expect(polls()).toHaveLength(1);
    setHidden(true);
    expect(polls()).toEqual([]);
    setHidden(false);
    sources[1]?.refuse();
    expect(polls()).toHaveLength(1);
    stop();
    expect(polls()).toEqual([]);
  });

  it("serves another channel the same way: the notification count resyncs on its first ready", () => {
    const { host, sources, timers, polls } = fakeHost();
    const listener = { onChange: vi.fn(), onResync: vi.fn() };
    const channel = {
      url: "/api/notifications/events",
      event: "notifications",
      parse: () => true as const,
      resyncOnFirstReady: true,
    };
    createLiveEventStream(host, channel).subscribe(listener);
    expect(sources.map((source) => source.url)).toEqual([channel.url]);
    sources[0]?.emit("ready");
    expect(listener.onResync).toHaveBeenCalledTimes(1);
    sources[0]?.emit("notifications");
    expect(listener.onChange).toHaveBeenCalledWith(true);

    sources[0]?.refuse();
    expect(polls()).toHaveLength(1);
    polls()[0]?.callback();
    expect(listener.onResync).toHaveBeenCalledTimes(2);
    timers.at(-1)?.callback();
    sources[1]?.emit("ready");
    expect(polls()).toEqual([]);
  });

  it("ignores a dropped connection the browser retries itself", () => {
    const { host, sources, timers } = fakeHost();
    createDiscussionEventStream(host).subscribe({});
    sources[0]?.emit("error"); // readyState CONNECTING: the browser reconnects
    expect(timers).toHaveLength(0);
  });

  it("holds no stream while the tab is hidden and resyncs when it is shown", () => {
    const { host, sources, timers, setHidden } = fakeHost();
    const listener = { onResync: vi.fn() };
    createDiscussionEventStream(host).subscribe(listener);
    sources[0]?.emit("ready");
    sources[0]?.refuse();
    setHidden(true);
    expect(sources[0]?.closed).toBe(true);
    expect(timers[0]?.cleared).toBe(true);

    setHidden(false);
    expect(sources).toHaveLength(2);
    sources[1]?.emit("ready");
    expect(listener.onResync).toHaveBeenCalledTimes(1);
  });

  it("resyncs on the first ready when the page was loaded in a hidden tab", () => {
    const { host, sources, setHidden } = fakeHost({ hidden: true });
    const listener = { onResync: vi.fn() };
    createDiscussionEventStream(host).subscribe(listener);
    expect(sources).toHaveLength(0);
    setHidden(false);
    sources[0]?.emit("ready");
    expect(listener.onResync).toHaveBeenCalledTimes(1);
  });

  it("treats an event it cannot read as a reason to refetch", () => {
    const { host, sources } = fakeHost();
    const listener = { onChange: vi.fn(), onResync: vi.fn() };
    createDiscussionEventStream(host).subscribe(listener);
    sources[0]?.emit("discussion", "not json");
    expect(listener.onChange).not.toHaveBeenCalled();
    expect(listener.onResync).toHaveBeenCalledTimes(1);
  });
});

describe("parseDiscussionChange", () => {
  it("reads the server's shapes", () => {
    expect(parseDiscussionChange('{"type":"created","id":"a"}')).toEqual({
      type: "created",
      id: "a",
    });
    expect(parseDiscussionChange(JSON.stringify(change))).toEqual(change);
  });

  it("refuses anything else", () => {
    for (const data of [
      undefined,
      "",
      "null",
      "[]",
      '{"type":"moved","id":"a"}',
      '{"type":"updated","id":1}',
      '{"type":"updated","id":"a","reply":{"type":"posted","id":"r"}}',
      '{"type":"updated","id":"a","reply":{"type":"created"}}',
      '{"type":"updated","id":"a","reply":"r"}',
    ]) {
      expect(parseDiscussionChange(data), String(data)).toBeNull();
    }
  });
});
