// A real HTTP server and raw sockets in one process: busy-waiting stands in for an event loop
// kept busy by PGlite, so connections and requests sit unread in the kernel while the server
// is told to stop.
import type { Server } from "node:http";
import { connect, type Socket } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import { connectionDrain } from "./connection-drain";

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

/** Answers GET /slow once `finishSlow` is called. */
let finishSlow = () => {};
let slowStarted = () => {};

async function start({ graceMs = 1_000 } = {}) {
  const drain = connectionDrain({ quietMs: 100, graceMs, sweepMs: 50 });
  const app = new Hono()
    .get("/", (c) => c.text("hello"))
    .get("/slow", async (c) => {
      slowStarted();
      await new Promise<void>((resolve) => (finishSlow = resolve));
      return c.text("late");
    });
  server = serve({ fetch: drain.wrap(app.fetch), port: 0, hostname: "127.0.0.1" }) as Server;
  await new Promise((resolve) => server?.once("listening", resolve));
  const { port } = server.address() as { port: number };
  return { drain, port, http: server };
}

/** Everything the server sends on `socket` until it closes the connection. */
function readAll(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    socket.on("data", (chunk) => {
      text += chunk.toString("utf8");
    });
    socket.on("error", () => resolve(`${text}[reset]`));
    socket.on("close", () => resolve(text));
  });
}

const REQUEST = "GET / HTTP/1.1\r\nHost: x\r\n\r\n";

/** Resolves once the first answer on `socket` has arrived in full (its body, "hello"). */
function firstAnswer(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    let text = "";
    const onData = (chunk: Buffer) => {
      text += chunk.toString("utf8");
      if (text.endsWith("hello")) {
        socket.off("data", onData);
        resolve();
      }
    };
    socket.on("data", onData);
  });
}

function busyWait(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // The event loop can neither accept nor read meanwhile.
  }
}

function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.on("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
  });
}

describe("connectionDrain", () => {
  it("answers connections still in the accept queue when the stop comes", async () => {
    const { drain, port, http } = await start();
    const sockets = Array.from({ length: 5 }, () => connect(port, "127.0.0.1"));
    const answers = sockets.map(readAll);
    for (const socket of sockets) socket.write(REQUEST);
    busyWait(100); // connected and sent, but not accepted by the server
    const closed = drain.close(http);
    const texts = await Promise.all(answers);
    for (const text of texts) {
      expect(text).toMatch(/^HTTP\/1.1 200/);
      expect(text).toMatch(/connection: close/i);
    }
    await closed;
  });

  it("answers a request that arrived on an idle keep-alive connection just before the stop", async () => {
    const { drain, port, http } = await start();
    const socket = connect(port, "127.0.0.1");
    const received = readAll(socket);
    const answered = firstAnswer(socket);
    socket.write(REQUEST);
    await answered; // now idle
    socket.write(REQUEST);
    busyWait(50); // the second request sits unread in the socket
    const closed = drain.close(http);
    const text = await received;
    expect(text.match(/HTTP\/1.1 200/g)).toHaveLength(2);
    expect(text).toMatch(/connection: close/i);
    expect(text).not.toContain("[reset]");
    await closed;
  });

  it("stops listening once connections stop arriving, and closes idle ones", async () => {
    // A grace longer than the test's timeout: a drain that waited it out would fail the test.
    const { drain, port, http } = await start({ graceMs: 60_000 });
    const idle = connect(port, "127.0.0.1");
    const idleText = readAll(idle);
    const answered = firstAnswer(idle);
    idle.write(REQUEST);
    await answered;
    const started = performance.now();
    await drain.close(http);
    expect(await idleText).toMatch(/^HTTP\/1.1 200/);
    // Not before a quiet period (100 ms) without new connections.
    expect(performance.now() - started).toBeGreaterThanOrEqual(90);
    expect(await tryConnect(port)).toBe("ECONNREFUSED");
  });

  it("waits for a request still being answered after its client hung up", async () => {
    const { drain, port, http } = await start();
    const started = new Promise<void>((resolve) => (slowStarted = resolve));
    const client = connect(port, "127.0.0.1");
    client.write("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n");
    await started;
    client.destroy();
    let drained = false;
    const closed = drain.close(http).then(() => {
      drained = true;
    });
    // Polled without connecting: each attempt would be a new connection, delaying the stop.
    await vi.waitFor(() => expect(http.listening).toBe(false), { timeout: 5_000 });
    expect(await tryConnect(port)).toBe("ECONNREFUSED");
    expect(drained).toBe(false);
    finishSlow();
    await closed;
    expect(drained).toBe(true);
  });
});
