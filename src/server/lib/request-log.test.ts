// Each request's id: in the X-Request-Id header and on its log lines; a sender's id is kept
// only when it is short and plain.
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/server/app";
import type { Db } from "@/server/db/client";
import { CLIENT_IP_TEST_HEADER, createTestApp, type TestApp } from "@/server/test/test-app";
import { createLogger } from "./logger";
import { requestIdFrom } from "./request-log";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The app with a logger at `info` whose records the test reads. */
function loggedApp(overrides: Partial<TestApp["deps"]> = {}) {
  const records: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) records.push(JSON.parse(line));
      done();
    },
  });
  const app = createApp({ ...t.deps, logger: createLogger("info", stream), ...overrides });
  return { app, records };
}

const get = (
  app: ReturnType<typeof createApp>,
  path: string,
  headers: Record<string, string> = {},
) => app.request(`http://localhost:3000${path}`, { headers });

describe("X-Request-Id", () => {
  it("is on every answer, a new UUID for each request", async () => {
    const { app } = loggedApp();
    const answers = [
      await get(app, "/api/health"),
      await get(app, "/api/discussions"),
      await get(app, "/api/no-such-thing"),
      await get(app, "/api/discussions/not-a-uuid"),
      // Another Host: refused before any route (lib/security.ts), still with an id.
      await app.request("http://evil.example/api/discussions"),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 404, 404, 421]);
    const ids = answers.map((answer) => answer.headers.get("x-request-id"));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("keeps a short, plain id that the proxy sent", async () => {
    const { app } = loggedApp();
    for (const sent of [
      "abc",
      "req-123_x.y",
      "A".repeat(64),
      "0f8fad5b-d9cb-469f-a165-70867728950e",
    ]) {
      const answer = await get(app, "/api/health", { "x-request-id": sent });
      expect(answer.headers.get("x-request-id")).toBe(sent);
    }
  });

  it("replaces a long, empty or unusual one with its own", async () => {
    const { app, records } = loggedApp();
    const hostile = [
      "A".repeat(65),
      "",
      "has space",
      "<script>alert(1)</script>",
      "a,b",
      "id\tx",
      '"quoted"',
      "jndi:ldap://x",
      "../../etc/passwd",
      "%0d%0aSet-Cookie:x=1",
    ];
    for (const sent of hostile) {
      const answer = await get(app, "/api/health", { "x-request-id": sent });
      expect(answer.headers.get("x-request-id"), sent).toMatch(UUID);
    }
    for (const record of records) expect(String(record.reqId)).toMatch(UUID);
    // Non-ASCII cannot reach the header through fetch; the check itself refuses it.
    expect(requestIdFrom("é")).toMatch(UUID);
    expect(requestIdFrom("ａbc")).toMatch(UUID);
    expect(requestIdFrom(undefined)).toMatch(UUID);
  });
});

describe("the log", () => {
  it("writes one line per request with its id, method, path (no query), status and address", async () => {
    const { app, records } = loggedApp();
    const answer = await get(app, "/api/discussions?q=private-search&limit=5", {
      [CLIENT_IP_TEST_HEADER]: "203.0.113.9",
      "x-request-id": "trace-42",
    });
    expect(answer.status).toBe(200);
    const lines = records.filter((record) => record.reqId === "trace-42");
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        msg: "request",
        reqId: "trace-42",
        method: "GET",
        path: "/api/discussions",
        status: 200,
        ip: "203.0.113.9",
        ms: expect.any(Number),
      }),
    ]);
    expect(JSON.stringify(records)).not.toContain("private-search");
  });

  it("puts the request's id on the lines logged while it runs", async () => {
    // A database that does not answer: the health check logs a warning, then the request's line.
    const down = {
      execute: () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:5432")),
    } as unknown as Db;
    const { app, records } = loggedApp({ db: down });
    const answer = await get(app, "/api/health", { "x-request-id": "down-1" });
    expect(answer.status).toBe(503);
    expect(answer.headers.get("x-request-id")).toBe("down-1");
    expect(records).toEqual([
      expect.objectContaining({ level: 40, msg: "health check: database down", reqId: "down-1" }),
      expect.objectContaining({ msg: "request", reqId: "down-1", status: 503 }),
    ]);
  });
});
