// The caps on open live-update streams (GET /api/discussions/events): per client network (an
// IPv6 /64, an IPv4 /24) and per instance in total (decision 051).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "@/server/app";
import { loadEnv } from "@/server/env";
import { sseReader } from "@/server/test/discussions";
import { CLIENT_IP_TEST_HEADER, createTestApp, type TestApp } from "@/server/test/test-app";
import type { ApiErrorBody } from "@/shared/api-types";
import { createLiveBus, type LiveBus } from "./live-bus";
import {
  MAX_STREAMS_PER_NETWORK,
  maxStreamsPerNetwork,
  openStreamCount,
  openStreamTotal,
  SERVER_STREAMS_FULL_MESSAGE,
  STREAM_CAP_RETRY_AFTER_SECONDS,
  TOO_MANY_STREAMS_MESSAGE,
} from "./live-stream-cap";

const EVENTS_URL = "/api/discussions/events";

let t: TestApp;
beforeAll(async () => {
  // The default multiplier (1): the cap is MAX_STREAMS_PER_NETWORK itself.
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "1" } });
});
afterAll(async () => {
  await t.close();
});

type App = { request: TestApp["app"]["request"] };

function requestStream(address: string, app: App = t.app) {
  return app.request(EVENTS_URL, { headers: { [CLIENT_IP_TEST_HEADER]: address } });
}

/** Opens a stream from `address` and waits for its `ready` event. */
async function openStream(address: string, app: App = t.app) {
  const response = await requestStream(address, app);
  expect(response.status).toBe(200);
  const stream = sseReader(response);
  expect(await stream.nextEvent()).toEqual({ event: "ready", data: "" });
  return stream;
}

async function expectRefused(response: Response, message = TOO_MANY_STREAMS_MESSAGE) {
  expect(response.status).toBe(429);
  expect(response.headers.get("retry-after")).toBe(String(STREAM_CAP_RETRY_AFTER_SECONDS));
  expect(response.headers.get("content-type")).toMatch(/json/);
  expect((await response.json()) as ApiErrorBody).toEqual({
    error: { code: "RATE_LIMITED", message },
  });
}

/** A stream's slot is given back once its handler has finished, a moment after it ends. */
async function waitForCount(live: LiveBus, address: string, count: number) {
  await vi.waitFor(() => expect(openStreamCount(live, address)).toBe(count), { timeout: 5_000 });
}

describe("open live streams per client network", () => {
  it("refuses the stream over the cap with 429 and Retry-After, and admits one again after a stream closes", async () => {
    const address = "203.0.113.1";
    const streams = await Promise.all(
      Array.from({ length: MAX_STREAMS_PER_NETWORK }, () => openStream(address)),
    );
    expect(openStreamCount(t.deps.live, address)).toBe(MAX_STREAMS_PER_NETWORK);

    await expectRefused(await requestStream(address));
    // The refusal took no slot.
    expect(openStreamCount(t.deps.live, address)).toBe(MAX_STREAMS_PER_NETWORK);

    // Another address is not affected.
    const other = await openStream("198.51.100.7");

    // The browser goes away (tab closed): its slot is free again.
    await streams.pop()?.close();
    await waitForCount(t.deps.live, address, MAX_STREAMS_PER_NETWORK - 1);
    streams.push(await openStream(address));
    await expectRefused(await requestStream(address));

    for (const stream of [...streams, other]) await stream.close();
    await waitForCount(t.deps.live, address, 0);
    await waitForCount(t.deps.live, "198.51.100.7", 0);
  });

  it("counts every address of one IPv6 /64 together, and another /64 on its own", async () => {
    const streams = await Promise.all(
      Array.from({ length: MAX_STREAMS_PER_NETWORK }, (_, n) =>
        openStream(`2001:db8:5:1:${n.toString(16)}::1`),
      ),
    );
    // The 21st, from yet another address of the same /64.
    await expectRefused(await requestStream("2001:db8:5:1:ffff:ffff:ffff:ffff"));
    const other = await openStream("2001:db8:5:2::1");
    for (const stream of [...streams, other]) await stream.close();
    await waitForCount(t.deps.live, "2001:db8:5:1::1", 0);
  });

  it("counts every address of one IPv4 /24 together", async () => {
    const streams = await Promise.all(
      Array.from({ length: MAX_STREAMS_PER_NETWORK }, (_, n) => openStream(`192.0.2.${n + 1}`)),
    );
    await expectRefused(await requestStream("192.0.2.200"));
    const other = await openStream("192.0.3.1");
    for (const stream of [...streams, other]) await stream.close();
    await waitForCount(t.deps.live, "192.0.2.1", 0);
  });

  it("admits exactly the cap when many streams are requested at the same moment", async () => {
    const address = "203.0.113.2";
    const responses = await Promise.all(
      Array.from({ length: MAX_STREAMS_PER_NETWORK + 5 }, () => requestStream(address)),
    );
    const accepted = responses.filter((response) => response.status === 200);
    const refused = responses.filter((response) => response.status !== 200);
    expect(accepted).toHaveLength(MAX_STREAMS_PER_NETWORK);
    expect(refused).toHaveLength(5);
    for (const response of refused) await expectRefused(response);

    for (const response of accepted) await sseReader(response).close();
    await waitForCount(t.deps.live, address, 0);
  });

  it("gives every slot back when the server stops and ends the streams", async () => {
    const live = createLiveBus(t.database, { logger: t.logger });
    const app = createApp({ ...t.deps, live });
    const address = "203.0.113.3";
    const streams = await Promise.all(Array.from({ length: 3 }, () => openStream(address, app)));
    expect(openStreamCount(live, address)).toBe(3);

    await live.close();
    for (const stream of streams) {
      let message = await stream.next(2_000);
      while (message && "comment" in message) message = await stream.next(2_000);
      expect(message).toBeNull();
    }
    await waitForCount(live, address, 0);
  });

  it("gives the slot back when the stream cannot start (the database cannot listen)", async () => {
    const live = createLiveBus(
      {
        listen: async () => {
          throw new Error("connection refused");
        },
      },
      { logger: t.logger },
    );
    const app = createApp({ ...t.deps, live });
    const address = "203.0.113.4";
    // More failed attempts than the cap: had any kept its slot, the last ones would be 429s.
    for (let attempt = 0; attempt < MAX_STREAMS_PER_NETWORK + 5; attempt += 1) {
      expect((await requestStream(address, app)).status).toBe(503);
    }
    expect(openStreamCount(live, address)).toBe(0);
    await live.close();
  });

  it("scales the cap by RATE_LIMIT_MULTIPLIER, never below one stream", async () => {
    expect(maxStreamsPerNetwork(1)).toBe(20);
    expect(maxStreamsPerNetwork(100)).toBe(2_000);
    expect(maxStreamsPerNetwork(0.1)).toBe(2);
    expect(maxStreamsPerNetwork(0.001)).toBe(1);

    const live = createLiveBus(t.database, { logger: t.logger });
    const app = createApp({ ...t.deps, env: { ...t.env, rateLimitMultiplier: 0.1 }, live });
    const address = "203.0.113.5";
    const streams = [await openStream(address, app), await openStream(address, app)];
    await expectRefused(await requestStream(address, app));
    for (const stream of streams) await stream.close();
    await waitForCount(live, address, 0);
    await live.close();
  });
});

describe("open live streams per instance", () => {
  it("refuses any network once the instance holds LIVE_STREAMS_MAX, and admits again after one closes", async () => {
    const live = createLiveBus(t.database, { logger: t.logger });
    const app = createApp({ ...t.deps, env: { ...t.env, liveStreamsMax: 3 }, live });
    const streams = [
      await openStream("2001:db8:6:1::1", app),
      await openStream("2001:db8:6:2::1", app),
      await openStream("198.51.100.1", app),
    ];
    expect(openStreamTotal(live)).toBe(3);
    await expectRefused(await requestStream("2001:db8:6:3::1", app), SERVER_STREAMS_FULL_MESSAGE);
    expect(openStreamTotal(live)).toBe(3);

    await streams.pop()?.close();
    await vi.waitFor(() => expect(openStreamTotal(live)).toBe(2), { timeout: 5_000 });
    streams.push(await openStream("2001:db8:6:3::1", app));

    for (const stream of streams) await stream.close();
    await vi.waitFor(() => expect(openStreamTotal(live)).toBe(0), { timeout: 5_000 });
    await live.close();
  });

  it("reads LIVE_STREAMS_MAX, 1000 by default", () => {
    expect(t.env.liveStreamsMax).toBe(1000);
    expect(loadEnv({ LIVE_STREAMS_MAX: "50" }).liveStreamsMax).toBe(50);
    expect(() => loadEnv({ LIVE_STREAMS_MAX: "0" })).toThrow(/LIVE_STREAMS_MAX/);
  });
});
