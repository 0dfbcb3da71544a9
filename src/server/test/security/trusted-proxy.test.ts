// TRUST_PROXY (decision 026): whose address the rate limits, the live-stream cap and the logs
// see. Unit cases through proxy-addr, then the real app behind a real socket: the contact form's
// limit (5 in 10 minutes per address) counted per forwarded address only through trusted hops.
import type { IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/server/app";
import { EnvError, loadEnv } from "@/server/env";
import { CONTACT_LIMIT } from "@/server/features/contact/routes";
import { clientAddressOf, type TrustProxy, trustOf } from "@/server/lib/client-address";
import { uniqueEmail } from "@/server/test/factories";
import { createTestApp, TEST_SITE_URL, type TestApp } from "@/server/test/test-app";

/** A request as node:http hands it over: the socket's peer and the headers. */
function incoming(peer: string, forwardedFor?: string): IncomingMessage {
  return {
    socket: { remoteAddress: peer },
    headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor },
  } as unknown as IncomingMessage;
}

const addressOf = (setting: TrustProxy | undefined, peer: string, forwardedFor?: string) =>
  clientAddressOf(incoming(peer, forwardedFor), trustOf(setting));

describe("TRUST_PROXY", () => {
  it("is off by default: X-Forwarded-For from a direct client changes nothing", () => {
    expect(loadEnv({}).trustProxy).toBeUndefined();
    expect(addressOf(undefined, "198.51.100.9", "1.2.3.4")).toBe("198.51.100.9");
    expect(addressOf(undefined, "127.0.0.1", "1.2.3.4")).toBe("127.0.0.1");
  });

  it("reads a hop count, a list of addresses, CIDRs and names, and 0 as off", () => {
    expect(loadEnv({ TRUST_PROXY: "1" }).trustProxy).toEqual({ hops: 1 });
    expect(loadEnv({ TRUST_PROXY: "0" }).trustProxy).toBeUndefined();
    expect(loadEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8 ,2001:db8::1" }).trustProxy).toEqual({
      addresses: ["loopback", "10.0.0.0/8", "2001:db8::1"],
    });
  });

  it("refuses 'true', unknown names, bad addresses and huge hop counts at start", () => {
    for (const value of ["true", "yes", "10.0.0.300", "10.0.0.0/33", "99", ","]) {
      expect(() => loadEnv({ TRUST_PROXY: value }), value).toThrow(EnvError);
      expect(() => loadEnv({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY: must be a hop/);
    }
    // An empty entry is dropped; the rest stands.
    expect(loadEnv({ TRUST_PROXY: "loopback," }).trustProxy).toEqual({ addresses: ["loopback"] });
  });

  it("takes the address from the right of X-Forwarded-For, through trusted hops only", () => {
    const loopback = { addresses: ["loopback"] };
    // The proxy on this machine added the client it saw.
    expect(addressOf(loopback, "127.0.0.1", "203.0.113.7")).toBe("203.0.113.7");
    // A client's own X-Forwarded-For entries sit to the left: never reached.
    expect(addressOf(loopback, "127.0.0.1", "6.6.6.6, 203.0.113.7")).toBe("203.0.113.7");
    // A direct client (not a trusted peer) cannot forward anything.
    expect(addressOf(loopback, "198.51.100.9", "203.0.113.7")).toBe("198.51.100.9");
    // Two proxies: a CDN range and this machine.
    const chain = { addresses: ["loopback", "192.0.2.0/24"] };
    expect(addressOf(chain, "127.0.0.1", "6.6.6.6, 203.0.113.7, 192.0.2.10")).toBe("203.0.113.7");
    // By count: one hop is trusted whatever its address, and no more.
    expect(addressOf({ hops: 1 }, "10.1.2.3", "6.6.6.6, 203.0.113.7")).toBe("203.0.113.7");
    expect(addressOf({ hops: 2 }, "10.1.2.3", "6.6.6.6, 203.0.113.7")).toBe("6.6.6.6");
    // A trusted proxy that forwarded nothing: the proxy is the client.
    expect(addressOf(loopback, "127.0.0.1")).toBe("127.0.0.1");
    expect(clientAddressOf(undefined, trustOf(loopback))).toBe("unknown");
  });
});

describe("the rate limits behind a trusted proxy (a real socket)", () => {
  let t: TestApp;
  const servers: ReturnType<typeof serve>[] = [];

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "1" } });
  });
  afterAll(async () => {
    for (const server of servers) server.close();
    await t.close();
  });

  /** The app on a free port, its client address found as main.ts finds it. */
  async function listen(setting: TrustProxy | undefined): Promise<string> {
    const trust = trustOf(setting);
    const app = createApp({
      ...t.deps,
      clientIp: (_request, bindings) =>
        clientAddressOf((bindings as { incoming?: IncomingMessage }).incoming, trust),
    });
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const started = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () =>
        resolve(started),
      );
    });
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  const contact = (base: string, forwardedFor: string) =>
    fetch(`${base}/api/contact`, {
      method: "POST",
      headers: {
        origin: new URL(TEST_SITE_URL).origin,
        "content-type": "application/json",
        "x-forwarded-for": forwardedFor,
      },
      body: JSON.stringify({
        name: "Sam",
        email: uniqueEmail("proxy"),
        subject: "Hi",
        message: "Hello",
      }),
    });

  it("counts each forwarded client on its own, and a spoofed entry buys nothing", async () => {
    const base = await listen({ addresses: ["loopback"] });
    for (let n = 0; n < CONTACT_LIMIT.max; n++) {
      // A new entry on the left each time: what a client writes itself.
      expect((await contact(base, `10.9.9.${n}, 203.0.113.7`)).status).toBe(201);
    }
    expect((await contact(base, "10.9.9.99, 203.0.113.7")).status).toBe(429);
    // Another visitor behind the same proxy is not blocked by the first.
    expect((await contact(base, "203.0.113.8")).status).toBe(201);
  });

  it("without TRUST_PROXY, every request from one socket address shares one budget", async () => {
    const base = await listen(undefined);
    const answers: number[] = [];
    for (let n = 0; n <= CONTACT_LIMIT.max; n++) {
      // Each claims another address; none is believed. (127.0.0.1 has its budget from here.)
      answers.push((await contact(base, `198.51.100.${n}`)).status);
    }
    expect(answers).toEqual([...Array(CONTACT_LIMIT.max).fill(201), 429]);
  });
});
