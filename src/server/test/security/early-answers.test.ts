// An answer made before the request's body has arrived (413 over the size limit, 429 over a
// rate limit, 415 for a body of the wrong type) says `Connection: close`, and the server closes
// as it says: a keep-alive client (node's pooled agent, nginx's upstream pool) opens a new
// connection for its next request instead of sending it down one the server is about to drop
// (docs/decisions/050). A real server on a loopback port, built as main.ts builds it
// (site-server.ts), the anonymous cache included.
import { Agent, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REQUEST_BODY_MAX_BYTES } from "@/server/lib/body-limit";
import { type SiteServer, startSiteServer } from "@/server/site-server";
import { createMember } from "@/server/test/factories";
import { createTestApp, TEST_SITE_URL, type TestApp } from "@/server/test/test-app";
import { cookieHeader } from "./test-support";

let t: TestApp;
let site: SiteServer;
let server: Server;
let port: number;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = cookieHeader((await createMember(t)).client);
  site = await startSiteServer(t.deps, {
    port: 0,
    hostname: "127.0.0.1",
    clientIp: () => "127.0.0.1",
    anonymousCache: true,
  });
  server = site.server;
  port = site.address.port;
});
afterAll(async () => {
  server?.closeAllConnections();
  server?.close();
  await t.close();
});

type Answer = { status: number; headers: IncomingHttpHeaders; body: string; socket: number };

/** Each socket the agent opened, numbered in order, so that a test sees which one carried what. */
function keepAliveAgent() {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const sockets = new WeakMap<object, number>();
  let opened = 0;
  const numberOf = (socket: object) => {
    let n = sockets.get(socket);
    if (n === undefined) {
      opened += 1;
      n = opened;
      sockets.set(socket, n);
    }
    return n;
  };
  return { agent, numberOf };
}

function send(
  { agent, numberOf }: ReturnType<typeof keepAliveAgent>,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: Buffer | (() => AsyncIterable<Buffer>),
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        agent,
        host: "127.0.0.1",
        port,
        method,
        path,
        headers: { origin: TEST_SITE_URL, ...headers },
      },
      (res) => {
        const socket = numberOf(res.socket);
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
            socket,
          }),
        );
      },
    );
    // Writing on after the server answered and closed is the client's own business.
    req.on("error", (error) => (req.writableEnded ? reject(error) : undefined));
    if (typeof body === "function") {
      (async () => {
        for await (const chunk of body()) {
          if (req.destroyed) return;
          if (!req.write(chunk)) await new Promise((r) => req.once("drain", r));
        }
        req.end();
      })().catch(() => {});
    } else {
      req.end(body);
    }
  });
}

/** `bytes` of chunked body, 16 KB at a time, with no Content-Length. */
function chunked(bytes: number) {
  return async function* () {
    for (let sent = 0; sent < bytes; sent += 16 * 1024) yield Buffer.alloc(16 * 1024, "x");
  };
}

const json = { "content-type": "application/json" };

/** The next request on the same agent: it must be answered, on a connection still open. */
async function nextRequestSucceeds(client: ReturnType<typeof keepAliveAgent>) {
  const next = await send(client, "GET", "/api/health");
  expect(next.status).toBe(200);
  return next;
}

describe("an answer before the body arrived", () => {
  it("413 for a declared length over the limit says Connection: close, and the next request on the agent succeeds", async () => {
    const client = keepAliveAgent();
    const body = Buffer.alloc(REQUEST_BODY_MAX_BYTES * 16, "x");
    const refused = await send(client, "POST", "/api/contact", json, body);
    expect(refused.status).toBe(413);
    expect(refused.headers.connection).toBe("close");
    const next = await nextRequestSucceeds(client);
    expect(next.socket).not.toBe(refused.socket);
    client.agent.destroy();
  });

  it("413 for a chunked body over the limit says Connection: close, and the next request succeeds", async () => {
    const client = keepAliveAgent();
    const refused = await send(
      client,
      "POST",
      "/api/contact",
      json,
      chunked(REQUEST_BODY_MAX_BYTES * 16),
    );
    expect(refused.status).toBe(413);
    expect(refused.headers.connection).toBe("close");
    await nextRequestSucceeds(client);
    client.agent.destroy();
  });

  it("429 before an upload is read says Connection: close, and the next request succeeds", async () => {
    const client = keepAliveAgent();
    const member = cookieHeader((await createMember(t)).client);
    const upload = {
      cookie: member,
      "content-type": "multipart/form-data; boundary=x",
    };
    const body = Buffer.alloc(1024 * 1024, "x");
    let refused: Answer | undefined;
    // The avatar limit is 10 uploads in 10 minutes; the 11th is refused before its body is read.
    for (let i = 0; i < 12 && refused?.status !== 429; i++) {
      refused = await send(client, "PUT", "/api/profiles/me/avatar", upload, body);
    }
    expect(refused?.status).toBe(429);
    expect(refused?.headers.connection).toBe("close");
    await nextRequestSucceeds(client);
    client.agent.destroy();
  });

  it("415 for an upload that is not a form says Connection: close, and the next request succeeds", async () => {
    const client = keepAliveAgent();
    const refused = await send(
      client,
      "PUT",
      "/api/profiles/me/avatar",
      { cookie, "content-type": "application/octet-stream" },
      Buffer.alloc(1024 * 1024, "x"),
    );
    expect(refused.status).toBe(415);
    expect(refused.headers.connection).toBe("close");
    await nextRequestSucceeds(client);
    client.agent.destroy();
  });

  it("a read with a body goes past the anonymous cache to the app, and closes", async () => {
    const client = keepAliveAgent();
    const stored = await send(client, "GET", "/api/discussions");
    expect(stored.status).toBe(200);
    expect(
      [...(site.cache?.entries() ?? [])].some(([key]) => key.endsWith("\n/api/discussions")),
    ).toBe(true);
    // node's client sends a GET's body chunked only when told to.
    const read = await send(
      client,
      "GET",
      "/api/discussions",
      { "transfer-encoding": "chunked" },
      chunked(REQUEST_BODY_MAX_BYTES * 16),
    );
    expect(read.headers.connection).toBe("close");
    const next = await send(client, "GET", "/api/discussions");
    expect(next.status).toBe(200);
    expect(next.body).toBe(stored.body);
    expect(next.socket).not.toBe(read.socket);
    client.agent.destroy();
  });

  it("the close lingers: a client still sending after the 413 reads it whole and is not reset", async () => {
    // Half-open: a client that keeps sending after the server's FIN, as one mid-upload does.
    const socket = connect({ port, host: "127.0.0.1", allowHalfOpen: true });
    const received: Buffer[] = [];
    let failure: Error | undefined;
    socket.on("data", (chunk: Buffer) => received.push(chunk));
    socket.on("error", (error) => {
      failure = error;
    });
    const answered = new Promise<void>((resolve) => socket.once("end", resolve));
    const closed = new Promise<boolean>((resolve) => socket.once("close", resolve));
    const piece = Buffer.alloc(64 * 1024, "x");
    const write = (bytes: number) =>
      new Promise<void>((resolve) => {
        let left = bytes;
        const more = () => {
          while (left > 0) {
            left -= piece.length;
            if (socket.destroyed) break;
            if (!socket.write(piece)) {
              socket.once("drain", more);
              return void socket.once("close", resolve);
            }
          }
          resolve();
        };
        more();
      });
    socket.write(
      "POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
        `Origin: ${TEST_SITE_URL}\r\nContent-Length: ${REQUEST_BODY_MAX_BYTES * 16}\r\n\r\n`,
    );
    await write(REQUEST_BODY_MAX_BYTES * 2);
    // The server has answered and half-closed; the client, not yet aware, sends on.
    await Promise.race([answered, closed]);
    await write(REQUEST_BODY_MAX_BYTES);
    socket.end();
    const hadError = await closed;
    expect(Buffer.concat(received).toString("latin1")).toMatch(
      /^HTTP\/1\.1 413 .*connection: close/is,
    );
    expect(failure).toBeUndefined();
    expect(hadError).toBe(false);
  });

  it("an answer after the whole body was read keeps the connection", async () => {
    const client = keepAliveAgent();
    const first = await send(client, "POST", "/api/contact", json, Buffer.from("{}"));
    expect(first.status).toBe(400);
    expect(first.headers.connection).toBe("keep-alive");
    const next = await nextRequestSucceeds(client);
    expect(next.socket).toBe(first.socket);
    client.agent.destroy();
  });

  it("an idle connection stays open longer than a reverse proxy keeps its own (Caddy's 2 minutes), and says so", async () => {
    const client = keepAliveAgent();
    const first = await send(client, "GET", "/api/health");
    expect(first.headers.connection).toBe("keep-alive");
    const advertised = Number(/timeout=(\d+)/.exec(String(first.headers["keep-alive"] ?? ""))?.[1]);
    expect(advertised).toBeGreaterThan(120);
    expect(server.keepAliveTimeout).toBeGreaterThan(120_000);
    client.agent.destroy();
  });
});
