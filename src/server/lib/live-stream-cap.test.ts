// The cap on open live-update streams per client address (GET /api/discussions/events).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "@/server/app";
import { sseReader } from "@/server/test/discussions";
import { CLIENT_IP_TEST_HEADER, createTestApp, type TestApp } from "@/server/test/test-app";
import type { ApiErrorBody } from "@/shared/api-types";
import { createLiveBus, type LiveBus } from "./live-bus";
import {
  MAX_STREAMS_PER_ADDRESS,
  maxStreamsPerAddress,
  openStreamCount,
  STREAM_CAP_RETRY_AFTER_SECONDS,
  TOO_MANY_STREAMS_MESSAGE,
} from "./live-stream-cap";

const EVENTS_URL = "/api/discussions/events";

let t: TestApp;
beforeAll(async () => {
  // The default multiplier (1): the cap is MAX_STREAMS_PER_ADDRESS itself.
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

async function expectRefused(response: Response) {
  expect(response.status).toBe(429);
  expect(response.headers.get("retry-after")).toBe(String(STREAM_CAP_RETRY_AFTER_SECONDS));
  expect(response.headers.get("content-type")).toMatch(/json/);
  expect((await response.json()) as ApiErrorBody).toEqual({
    error: { code: "RATE_LIMITED", message: TOO_MANY_STREAMS_MESSAGE },
  });
}

/** A stream's slot is given back once its handler has finished, a moment after it ends. */
async function waitForCount(live: LiveBus, address: string, count: number) {
  await vi.waitFor(() => expect(openStreamCount(live, address)).toBe(count), { timeout: 5_000 });
}

describe("open live streams per client address", () => {
  it("refuses the stream over the cap with 429 and Retry-After, and admits one again after a stream closes", async () => {
    const address = "203.0.113.1";
    const streams = await Promise.all(
      Array.from({ length: MAX_STREAMS_PER_ADDRESS }, () => openStream(address)),
    );
    expect(openStreamCount(t.deps.live, address)).toBe(MAX_STREAMS_PER_ADDRESS);

    await expectRefused(await requestStream(address));
    // The refusal took no slot.
    expect(openStreamCount(t.deps.live, address)).toBe(MAX_STREAMS_PER_ADDRESS);

    // Another address is not affected.
    const other = await openStream("198.51.100.7");

    // The browser goes away (tab closed): its slot is free again.
    await streams.pop()?.close();
    await waitForCount(t.deps.live, address, MAX_STREAMS_PER_ADDRESS - 1);
    streams.push(await openStream(address));
    await expectRefused(await requestStream(address));

    for (const stream of [...streams, other]) await stream.close();
    await waitForCount(t.deps.live, address, 0);
    await waitForCount(t.deps.live, "198.51.100.7", 0);
  });

  it("admits exactly the cap when many streams are requested at the same moment", async () => {
    const address = "203.0.113.2";
    const responses = await Promise.all(
      Array.from({ length: MAX_STREAMS_PER_ADDRESS + 5 }, () => requestStream(address)),
    );
    const accepted = responses.filter((response) => response.status === 200);
    const refused = responses.filter((response) => response.status !== 200);
    expect(accepted).toHaveLength(MAX_STREAMS_PER_ADDRESS);
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
    for (let attempt = 0; attempt < MAX_STREAMS_PER_ADDRESS + 5; attempt += 1) {
      expect((await requestStream(address, app)).status).toBe(503);
    }
    expect(openStreamCount(live, address)).toBe(0);
    await live.close();
  });

  it("scales the cap by RATE_LIMIT_MULTIPLIER, never below one stream", async () => {
    expect(maxStreamsPerAddress(1)).toBe(20);
    expect(maxStreamsPerAddress(100)).toBe(2_000);
    expect(maxStreamsPerAddress(0.1)).toBe(2);
    expect(maxStreamsPerAddress(0.001)).toBe(1);

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
