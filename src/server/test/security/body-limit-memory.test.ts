// Large bodies against the real server process (src/server/main.ts, embedded database): a
// 10 MB body answers 413 and the server's resident memory stays flat, with and without a
// Content-Length, one at a time and eight at once. Before the limit, a 300 MB body to
// /api/contact took the server from 366 MB to 1.15 GB.
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Server, startServer } from "../../../../scripts/faults/lib/server";

const TEN_MB = 10 * 1024 * 1024;
const MAX_GROWTH_MB = 50;

let server: Server;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "rc-body-limit-"));
  server = await startServer({ port: await freePort(), dataDir });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
  return kb / 1024;
}

/**
 * POSTs `bytes` of a JSON string to `path` in 64 KB writes, declaring the length or sending it
 * chunked; resolves with the status. The server may answer (and stop reading) before the
 * whole body is sent: the rest of the writes then fail, which is not an error here.
 */
function post(urlPath: string, bytes: number, chunked: boolean): Promise<number> {
  const url = new URL(urlPath, server.url);
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: server.url,
        ...(chunked ? { "transfer-encoding": "chunked" } : { "content-length": String(bytes) }),
      },
    });
    let answered = false;
    let failure: Error | undefined;
    request.once("response", (response) => {
      answered = true;
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    // The server answers and closes before the body is all sent (Connection: close, decision
    // 050): writing the rest then fails, which is expected as long as the answer arrived.
    request.on("error", (error) => {
      failure = error;
    });
    request.once("close", () => {
      if (!answered) reject(failure ?? new Error("closed without an answer"));
    });
    const piece = Buffer.alloc(64 * 1024, "x");
    let sent = 0;
    const write = () => {
      while (sent < bytes) {
        const size = Math.min(piece.length, bytes - sent);
        const first = sent === 0;
        sent += size;
        const chunk = first ? Buffer.concat([Buffer.from('{"message":"'), piece]) : piece;
        if (!request.write(chunk.subarray(0, size))) return void request.once("drain", write);
      }
      request.end('"}');
    };
    write();
  });
}

it("answers a 10 MB body with 413 and stays within 50 MB of its memory", async () => {
  // Warm up the paths the big requests take, so that their first use is not counted.
  for (let i = 0; i < 5; i++) expect(await post("/api/contact", 100, false)).toBe(400);
  const before = rssMb(server.pid);

  expect(await post("/api/contact", TEN_MB, false)).toBe(413);
  expect(await post("/api/contact", TEN_MB, true)).toBe(413);
  expect(await post("/api/auth/sign-up/email", TEN_MB, true)).toBe(413);
  const parallel = await Promise.all(
    Array.from({ length: 8 }, (_, i) => post("/api/contact", TEN_MB, i % 2 === 0)),
  );
  expect(parallel).toEqual(Array(8).fill(413));

  const growth = rssMb(server.pid) - before;
  console.info(`RSS ${before.toFixed(0)} MB before, grew by ${growth.toFixed(1)} MB`);
  expect(growth).toBeLessThan(MAX_GROWTH_MB);
  // Still serving.
  const health = await fetch(`${server.url}/api/health`);
  expect(health.status).toBe(200);
}, 120_000);
