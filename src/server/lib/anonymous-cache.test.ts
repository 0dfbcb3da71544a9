// The anonymous cache (lib/anonymous-cache.ts, decision 059) on servers built as main.ts builds
// them (site-server.ts), one with the cache and one without: a replayed response is the app's,
// byte for byte, for every route that opts in, in every encoding and theme; each replay has its
// own request id, log line and metrics count, as the app gives them; nothing made for a session,
// setting a cookie or marked private is ever stored; live events, writes and time clear it.
import {
  Agent,
  createServer,
  get as httpGet,
  request as httpRequest,
  type IncomingHttpHeaders,
  type Server,
} from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { getRequestListener } from "@hono/node-server";
import fc from "fast-check";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type SiteServer, startSiteServer } from "@/server/site-server";
import { builtClient } from "@/server/test/built-client";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createMember } from "@/server/test/factories";
import { insertReplyRow } from "@/server/test/replies";
import {
  CLIENT_IP_TEST_HEADER,
  createTestApp,
  TEST_SITE_URL,
  type TestApp,
} from "@/server/test/test-app";
import { allowAnonymousCache, createAnonymousCache, storable } from "./anonymous-cache";
import { connectionDrain } from "./connection-drain";
import { publishDiscussionChange } from "./live-discussions";
import { createLogger } from "./logger";
import { cookiesHaveSession } from "./session-cookie";

const SHELL =
  '<!doctype html><html lang="en"><head><title>Rant Community</title>' +
  '<meta name="description" content="x"></head><body><div id="root"></div>' +
  "<script>window.started=1</script>" +
  '<script type="module" src="/assets/main.js"></script></body></html>';
const SITE_HOST = new URL(TEST_SITE_URL).host;
const UUID = /^[0-9a-f-]{36}$/;

type Sent = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/**
 * A GET with exactly these headers (Host: the site's unless given), over a new connection
 * (which asks for Connection: close) unless an agent keeps them.
 */
function send(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  agent: Agent | false = false,
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: "127.0.0.1", port, path, agent, headers: { host: SITE_HOST, ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    request.on("error", reject);
    request.end();
  });
}

/** Headers that differ per response, whoever makes it. */
function comparable(headers: IncomingHttpHeaders) {
  const { date: _date, "x-request-id": _id, ...rest } = headers;
  return rest;
}

function decoded(body: Buffer, encoding: unknown): string {
  if (encoding === "gzip") return gunzipSync(body).toString("utf8");
  if (encoding === "br") return brotliDecompressSync(body).toString("utf8");
  return body.toString("utf8");
}

describe("the anonymous cache in the server main.ts runs", () => {
  let t: TestApp;
  let cached: SiteServer;
  let fresh: SiteServer;
  let member: Awaited<ReturnType<typeof createMember>>;
  let discussionId: string;
  const lines: Record<string, unknown>[] = [];

  const entries = () => [...(cached.cache?.entries() ?? [])];
  const viaCache = (path: string, headers?: Record<string, string>) =>
    send(cached.address.port, path, headers);
  const viaApp = (path: string, headers?: Record<string, string>) =>
    send(fresh.address.port, path, headers);

  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: "metrics-token-0123456789" } });
    const logger = createLogger("info", {
      write: (line: string) => {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      },
    });
    const deps = { ...t.deps, logger };
    const common = {
      port: 0,
      hostname: "127.0.0.1",
      staticFiles: builtClient(SHELL),
      clientIp: (request: { headers: IncomingHttpHeaders }) =>
        String(request.headers[CLIENT_IP_TEST_HEADER] ?? "127.0.0.1"),
    };
    cached = await startSiteServer(deps, {
      ...common,
      anonymousCache: true,
      anonymousCacheTtlMs: 60_000,
    });
    fresh = await startSiteServer(deps, { ...common, anonymousCache: false });
    member = await createMember(t, { name: "Cache Reader" });
    // Long enough to be compressed, in JSON and in its page.
    discussionId = await insertDiscussionRow(t.db, {
      authorId: member.id,
      title: "A cached thread",
      content: "Words worth caching. ".repeat(100),
    });
    await insertReplyRow(t.db, discussionId, {
      authorId: member.id,
      content: "A reply worth caching. ".repeat(60),
    });
  });
  afterAll(async () => {
    for (const site of [cached, fresh]) {
      site?.server.closeAllConnections();
      site?.server.close();
    }
    await t?.close();
  });

  /** Every read and page that opts in (app.ts's ANONYMOUS_CACHE_READS, lib/spa.ts's pages). */
  const cacheable = () => [
    "/api/discussions",
    "/api/discussions?sort=newest",
    `/api/discussions/${discussionId}`,
    `/api/discussions/${discussionId}/replies`,
    "/api/members",
    `/api/profiles/${member.id}`,
    "/",
    "/discussion",
    "/discussion?q=cached",
    `/discussion/${discussionId}`,
    "/members",
    `/profile/${member.id}`,
    "/blog",
  ];

  it("replays the app's own response, byte for byte, for every route, encoding and theme", async () => {
    // A page's first render loads its modules, which can take the render past its deadline on
    // a busy machine: each page once first.
    for (const path of cacheable()) {
      await expect.poll(async () => (await viaApp(path)).status, { timeout: 60_000 }).toBe(200);
    }
    // Pages carry the time they were rendered: one clock for the stored and the fresh render.
    const now = vi.spyOn(Date, "now").mockReturnValue(Date.UTC(2026, 10, 28, 12));
    const encodingsSent = new Set<unknown>();
    try {
      for (const path of cacheable()) {
        for (const encoding of [undefined, "gzip, deflate, br", "br", "gzip;q=0, br;q=0"]) {
          for (const theme of [undefined, "dark", "light"]) {
            const label = `${path} ${encoding ?? "identity"} ${theme ?? "system theme"}`;
            const headers = {
              ...(encoding ? { "accept-encoding": encoding } : {}),
              ...(theme ? { cookie: `theme=${theme}; other=1` } : {}),
            };
            cached.cache?.clear();
            const first = await viaCache(path, headers);
            expect(first.status, label).toBe(200);
            expect(entries().length, label).toBe(1);
            const replayed = await viaCache(path, headers);
            const own = await viaApp(path, headers);
            expect(own.status, label).toBe(200);
            expect(replayed.status, label).toBe(own.status);
            expect(comparable(replayed.headers), label).toEqual(comparable(own.headers));
            expect(replayed.body.equals(own.body), label).toBe(true);
            expect(first.body.equals(own.body), label).toBe(true);
            expect(replayed.headers["x-request-id"]).toMatch(UUID);
            expect(replayed.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);
            encodingsSent.add(own.headers["content-encoding"]);
          }
        }
      }
    } finally {
      now.mockRestore();
    }
    expect([...encodingsSent].sort()).toEqual(["br", "gzip", undefined]);
  }, 180_000);

  it("replays without running the app: a row written quietly shows only once the entry goes", async () => {
    cached.cache?.clear();
    await viaCache("/api/discussions");
    await insertDiscussionRow(t.db, { title: "Written without a live event" });
    expect((await viaCache("/api/discussions")).body.toString()).not.toContain("without a live");
    expect((await viaApp("/api/discussions")).body.toString()).toContain("without a live");
    cached.cache?.clear();
    expect((await viaCache("/api/discussions")).body.toString()).toContain("without a live");
  });

  it("gives a replay its own request id, log line and metrics count, as the app does", async () => {
    const path = `/api/discussions/${discussionId}`;
    const count = async () => {
      const text = await t.deps.metrics.registry.metrics();
      const line = text
        .split("\n")
        .find((entry) =>
          entry.startsWith(
            `http_requests_total{method="GET",route="/api/discussions/:id",status="200"}`,
          ),
        );
      return Number(line?.split(" ").at(-1) ?? 0);
    };
    cached.cache?.clear();
    await viaCache(path);
    const before = await count();
    const address = { [CLIENT_IP_TEST_HEADER]: "203.0.113.9" };
    const replayed = await viaCache(path, { "x-request-id": "proxy-id-1", ...address });
    expect(replayed.headers["x-request-id"]).toBe("proxy-id-1");
    const unsafe = await viaCache(path, { "x-request-id": "not a safe id!" });
    expect(unsafe.headers["x-request-id"]).toMatch(UUID);
    await viaApp(path, { "x-request-id": "proxy-id-2", ...address });
    expect(await count()).toBe(before + 3);
    const lineOf = (id: string) => {
      const {
        time: _time,
        ms,
        reqId: _id,
        ...rest
      } = lines.find((line) => line.reqId === id) ?? {};
      expect(typeof ms).toBe("number");
      return rest;
    };
    expect(lineOf("proxy-id-1")).toEqual(lineOf("proxy-id-2"));
    expect(lineOf("proxy-id-1")).toMatchObject({ path, status: 200, ip: "203.0.113.9" });
  });

  it("leaves another host to the app (421) and keeps each host's responses apart", async () => {
    cached.cache?.clear();
    await viaCache("/api/discussions");
    const other = await viaCache("/api/discussions", { host: "rebound.example" });
    expect(other.status).toBe(421);
    expect(entries().length).toBe(1);
    const loopback = await viaCache("/api/discussions", {
      host: `127.0.0.1:${cached.address.port}`,
    });
    expect(loopback.status).toBe(200);
    expect(entries().length).toBe(2);
  });

  it("never stores what was made for a session, sets a cookie or is private (random cookies and headers)", async () => {
    const session = [...member.client.cookies].map(([name, value]) => `${name}=${value}`);
    const paths = [
      ...cacheable(),
      "/settings",
      "/notifications",
      "/newsletter/unsubscribe?token=abc",
      "/api/session",
      "/api/notifications",
      "/api/members/stats",
    ];
    const cookie = fc.oneof(
      fc.constantFrom(...session, "theme=dark", "theme=purple", "rc.session_token=forged"),
      fc.constantFrom("__Secure-rc.session_token=forged.sig", "rc.session_data=x", "other=1"),
      fc
        .tuple(
          fc.stringMatching(/^[A-Za-z0-9_.-]{1,12}$/),
          fc.stringMatching(/^[A-Za-z0-9]{0,12}$/),
        )
        .map(([name, value]) => `${name}=${value}`),
    );
    const header = fc.tuple(
      fc.constantFrom(
        "accept-encoding",
        "accept-language",
        "authorization",
        "origin",
        "x-forwarded-for",
        "x-forwarded-host",
        "x-request-id",
        "user-agent",
        "accept",
        "sec-fetch-site",
        "x-anything",
      ),
      fc.stringMatching(/^[ -~]{0,30}$/).map((value) => value.trim()),
    );
    // Every cacheable response stored first: a session's request finds one under its address.
    cached.cache?.clear();
    for (const path of cacheable()) await viaCache(path);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.array(cookie, { maxLength: 4 }),
        fc.array(header, { maxLength: 4 }),
        async (path, cookies, pairs) => {
          const headers = Object.fromEntries(pairs);
          const cookieHeader = cookies.join("; ");
          if (cookieHeader) headers.cookie = cookieHeader;
          const label = `${path} ${JSON.stringify(headers)}`;
          const before = new Map(entries());
          const response = await viaCache(path, headers);
          if (cookiesHaveSession(cookieHeader)) {
            // The app's own response, made for the session: never a visitor's replayed to it,
            // never stored.
            expect(response.headers["cache-control"], label).toBe("private, no-store");
            expect(new Map(entries()), label).toEqual(before);
          }
          for (const [key, entry] of entries()) {
            expect(entry.status, key).toBe(200);
            expect(entry.headers["set-cookie"], key).toBeUndefined();
            expect(String(entry.headers["cache-control"] ?? ""), key).not.toMatch(
              /private|no-store/,
            );
            const text = decoded(entry.body, entry.headers["content-encoding"]);
            expect(text, key).not.toContain(member.email);
            expect(text, key).not.toContain("token=abc");
          }
        },
      ),
      { numRuns: 80 },
    );
  });

  it("clears on a discussion's live event, as from another instance", async () => {
    cached.cache?.clear();
    await viaCache(`/discussion/${discussionId}`);
    expect(entries().length).toBe(1);
    await publishDiscussionChange(t.db, { type: "updated", id: discussionId }, t.logger);
    await expect.poll(() => entries().length).toBe(0);
  });

  it("clears on a write this instance answers, not on a refused one", async () => {
    // A block publishes no live event: only the write itself can clear the cache.
    const other = await createMember(t, { name: "Blocked Writer" });
    const session = [...member.client.cookies].map(([name, value]) => `${name}=${value}`);
    const write = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const request = httpRequest(
          {
            host: "127.0.0.1",
            port: cached.address.port,
            path,
            method: "PUT",
            agent: false,
            headers: { host: SITE_HOST, origin: TEST_SITE_URL, cookie: session.join("; ") },
          },
          (response) => {
            response.resume();
            response.on("end", () => resolve(response.statusCode ?? 0));
          },
        );
        request.on("error", reject);
        request.end();
      });
    cached.cache?.clear();
    await viaCache("/api/discussions");
    expect(await write("/api/blocks/00000000-0000-4000-8000-000000000000")).toBe(404);
    expect(entries().length).toBe(1);
    expect(await write(`/api/blocks/${other.id}`)).toBe(200);
    await expect.poll(() => entries().length).toBe(0);
  });

  it("keeps a page through reactions, this instance's and another's: it goes with its time (decision 075)", async () => {
    const reactor = await createMember(t, { name: "Cache Reactor" });
    const session = [...reactor.client.cookies].map(([name, value]) => `${name}=${value}`);
    const react = () =>
      new Promise<number>((resolve, reject) => {
        const request = httpRequest(
          {
            host: "127.0.0.1",
            port: cached.address.port,
            path: `/api/reactions/discussions/${discussionId}/hugs`,
            method: "PUT",
            agent: false,
            headers: { host: SITE_HOST, origin: TEST_SITE_URL, cookie: session.join("; ") },
          },
          (response) => {
            response.resume();
            response.on("end", () => resolve(response.statusCode ?? 0));
          },
        );
        request.on("error", reject);
        request.end();
      });
    cached.cache?.clear();
    const before = await viaCache(`/api/discussions/${discussionId}`);
    expect(entries().length).toBe(1);
    expect(await react()).toBe(201);
    await publishDiscussionChange(
      t.db,
      { type: "reacted", id: discussionId, reaction: { replyId: null, counts: { hugs: 1 } } },
      t.logger,
    );
    // Both live events (the reaction's own and the one above) have had time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(entries().length).toBe(1);
    expect((await viaCache(`/api/discussions/${discussionId}`)).body).toEqual(before.body);
    // The app itself has the new count.
    expect((await viaApp(`/api/discussions/${discussionId}`)).body.toString()).toContain(
      '"reactions":{"hugs":1}',
    );
  });

  it("opens every visitor's live stream while another's stays open", async () => {
    // The stream's path matches a cacheable route (/api/discussions/:id); the second visitor
    // once waited for the first's stream to end, which it never does.
    const first = await openStream(cached.address.port);
    const second = await openStream(cached.address.port);
    first.close();
    second.close();
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(entries().some(([key]) => key.endsWith("/api/discussions/events"))).toBe(false);
  });

  it("lets a response go after its time", async () => {
    const short = await startSiteServer(t.deps, {
      port: 0,
      hostname: "127.0.0.1",
      clientIp: () => "127.0.0.1",
      anonymousCache: true,
      anonymousCacheTtlMs: 100,
    });
    try {
      await send(short.address.port, "/api/discussions");
      await insertDiscussionRow(t.db, { title: "Seen after the time" });
      await expect
        .poll(async () => (await send(short.address.port, "/api/discussions")).body.toString())
        .toContain("Seen after the time");
    } finally {
      short.server.closeAllConnections();
      short.server.close();
    }
  });
});

describe("the anonymous cache's listener", () => {
  let server: Server;
  let port: number;
  let runs = 0;
  let arrived = 0;
  let gate: Promise<void> = Promise.resolve();
  const drain = connectionDrain();
  const cache = createAnonymousCache({
    siteUrl: TEST_SITE_URL,
    ttlMs: 60_000,
    maxBytes: 1024 * 1024,
    maxEntries: 100,
    logger: createLogger("silent"),
    clientIp: () => "127.0.0.1",
    drain,
  });
  const app = new Hono()
    .get("/page", async (c) => {
      runs += 1;
      await gate;
      allowAnonymousCache(c);
      return c.text(`page ${runs}`);
    })
    .get("/cookie", (c) => {
      runs += 1;
      allowAnonymousCache(c);
      c.header("set-cookie", "seen=1; Path=/");
      return c.text("with a cookie");
    })
    .get("/private", (c) => {
      runs += 1;
      allowAnonymousCache(c);
      c.header("cache-control", "private, no-store");
      return c.text("for one");
    })
    .get("/not-found", (c) => {
      runs += 1;
      allowAnonymousCache(c);
      return c.text("missing", 404);
    })
    .get("/unlisted", (c) => {
      runs += 1;
      return c.text("not opted in");
    });

  beforeAll(async () => {
    server = createServer(cache.listener(getRequestListener(drain.wrap(app.fetch))));
    server.on("request", () => {
      arrived += 1;
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it("stores only a 200 the route allowed, without a cookie set and not private", async () => {
    expect(storable(200, {})).toBe(true);
    for (const path of ["/cookie", "/private", "/not-found", "/unlisted"]) {
      runs = 0;
      const first = await send(port, path);
      const second = await send(port, path);
      expect(second.body.equals(first.body), path).toBe(true);
      expect(runs, path).toBe(2);
    }
    expect([...cache.entries()]).toEqual([]);
  });

  it("runs the app once for visitors arriving together", async () => {
    runs = 0;
    arrived = 0;
    let open = () => {};
    gate = new Promise((resolve) => (open = resolve));
    const together = Array.from({ length: 5 }, () => send(port, "/page"));
    await vi.waitFor(() => expect(arrived).toBe(5));
    open();
    const bodies = (await Promise.all(together)).map((sent) => sent.body.toString());
    expect(runs).toBe(1);
    expect(new Set(bodies)).toEqual(new Set(["page 1"]));
  });

  it("holds at most its number of responses, the least recently used going first", async () => {
    const small = createAnonymousCache({
      siteUrl: TEST_SITE_URL,
      ttlMs: 60_000,
      maxBytes: 1024 * 1024,
      maxEntries: 2,
      logger: createLogger("silent"),
      clientIp: () => "127.0.0.1",
      drain,
    });
    const other = createServer(small.listener(getRequestListener(app.fetch)));
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    try {
      const otherPort = (other.address() as AddressInfo).port;
      for (const query of ["a", "b", "a", "c"]) await send(otherPort, `/page?${query}`);
      expect([...small.entries()].map(([key]) => key.split("\n").at(-1))).toEqual([
        "/page?a",
        "/page?c",
      ]);
    } finally {
      other.close();
    }
  });

  it("says Connection: close on a replay once the server drains, as the app does", async () => {
    await send(port, "/page");
    runs = 0;
    // A keep-alive client: only the drain can make the response say close.
    const agent = new Agent({ keepAlive: true });
    expect((await send(port, "/page", {}, agent)).headers.connection).toBe("keep-alive");
    const closing = drain.close(server);
    const replayed = await send(port, "/page", {}, agent);
    expect(runs).toBe(0);
    expect(replayed.headers.connection).toBe("close");
    agent.destroy();
    await closing;
  });
});

/**
 * Opens GET /api/discussions/events as a visitor on `port`: the status once its head comes (0 if
 * none within 5 s), and the stream left open until `close` is called.
 */
function openStream(port: number): Promise<{ status: number; close: () => void }> {
  return new Promise((resolve) => {
    const request = httpGet(
      {
        host: "127.0.0.1",
        port,
        path: "/api/discussions/events",
        headers: { host: SITE_HOST, accept: "text/event-stream" },
      },
      (response) => resolve({ status: response.statusCode ?? 0, close: () => request.destroy() }),
    );
    request.on("error", () => {});
    setTimeout(() => resolve({ status: 0, close: () => request.destroy() }), 5_000);
  });
}
