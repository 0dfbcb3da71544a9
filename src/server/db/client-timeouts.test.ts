// A PostgreSQL that does not answer: the pool gives up after its timeouts, with an error the
// app turns into 503, instead of leaving the request waiting forever.
import { createServer, type Server } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "@/server/lib/database-errors";
import { openDatabase } from "./client";

let server: Server | undefined;
afterEach(() => {
  server?.close();
});

/** A TCP server on a free port; `onData` sees what a client sends. */
async function fakePostgres(onConnection: (socket: import("node:net").Socket) => void) {
  server = createServer(onConnection);
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return `postgres://app@127.0.0.1:${port}/app`;
}

/** AuthenticationOk then ReadyForQuery: the start of a session, after which it goes silent. */
const HANDSHAKE = Buffer.from([
  0x52,
  0,
  0,
  0,
  8,
  0,
  0,
  0,
  0, // 'R' AuthenticationOk
  0x5a,
  0,
  0,
  0,
  5,
  0x49, // 'Z' ReadyForQuery, idle
]);

describe("PostgreSQL pool timeouts", () => {
  it("gives up connecting to a server that accepts but never answers", async () => {
    const url = await fakePostgres(() => {});
    const database = await openDatabase({
      engine: "postgres",
      url,
      timeouts: { connectMs: 300, queryMs: 10_000 },
    });
    const started = Date.now();
    const error = await database.db.execute("select 1" as never).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(isDatabaseUnavailable(error)).toBe(true);
    await database.close().catch(() => {});
  });

  it("gives up on a query the server never answers", async () => {
    const url = await fakePostgres((socket) => {
      socket.once("data", () => socket.write(HANDSHAKE));
    });
    const database = await openDatabase({
      engine: "postgres",
      url,
      timeouts: { connectMs: 5_000, queryMs: 300 },
    });
    const started = Date.now();
    const error = await database.db.execute("select 1" as never).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(isDatabaseUnavailable(error)).toBe(true);
    await database.close().catch(() => {});
  });

  it("lets a background statement run past the requests' bound, on connections of its own", async () => {
    // Answers each query 800 ms after it comes, with an empty result: a slow statement.
    const url = await fakePostgres((socket) => {
      socket.once("data", () => {
        socket.write(HANDSHAKE);
        socket.on("data", (message) => {
          if (message[0] !== 0x51) return; // 'Q': a simple query
          setTimeout(() => socket.write(Buffer.concat([commandComplete("SELECT 0"), READY])), 800);
        });
      });
    });
    const database = await openDatabase({
      engine: "postgres",
      url,
      timeouts: { connectMs: 5_000, queryMs: 300 },
    });
    const request = await database.db.execute("select 1" as never).catch((e: unknown) => e);
    expect(isDatabaseUnavailable(request)).toBe(true);
    const background = (await database.backgroundDb.execute("select 1" as never)) as {
      rows: unknown[];
    };
    expect(background.rows).toEqual([]);
    await database.close().catch(() => {});
  });
});

const READY = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]);

/** CommandComplete ('C') with its tag. */
function commandComplete(tag: string): Buffer {
  const text = Buffer.from(`${tag}\0`);
  const length = Buffer.alloc(4);
  length.writeInt32BE(4 + text.length);
  return Buffer.concat([Buffer.from([0x43]), length, text]);
}
