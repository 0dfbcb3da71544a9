// Host and origin (decision 013): the server answers only for SITE_URL's host and for
// loopback names and addresses; /api/health answers whatever the Host. Writes are same-origin
// with SITE_URL, never with the request's own URL. Through a real socket, so that the Host
// header is what the request's URL is built from, as in production.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/server/app";
import { loadEnv } from "@/server/env";
import type { StaticFile } from "@/server/lib/static-files";
import { createTestApp, type TestApp } from "@/server/test/test-app";

const SITE_URL = "https://rants.example";

const shell = '<!doctype html><html><head><title>x</title></head><body><div id="root"></div>';
const files = new Map<string, StaticFile>([
  [
    "/index.html",
    {
      body: Buffer.from(`${shell}</body></html>`),
      contentType: "text/html; charset=utf-8",
      etag: '"s"',
      immutable: false,
    },
  ],
]);

let t: TestApp;
let server: ServerType;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  const env = loadEnv({ DATA_DIR: t.dataDir, SITE_URL, LOG_LEVEL: "silent" });
  const app = createApp({ ...t.deps, env }, { staticFiles: files });
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => {
      port = info.port;
      resolve();
    });
  });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

type Answer = { status: number; contentType: string; body: string };

/** A request to our socket with the Host header (and others) as given. */
function send(
  host: string,
  urlPath: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: "127.0.0.1",
      port,
      path: urlPath,
      method: options.method ?? "GET",
      headers: { host, ...options.headers },
      setHost: false,
    });
    request.once("error", reject);
    request.once("response", (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        body += chunk;
      });
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          contentType: String(response.headers["content-type"] ?? ""),
          body,
        }),
      );
    });
    request.end(options.body);
  });
}

describe("the Host header", () => {
  it.each([
    "rants.example",
    "RANTS.example",
    "localhost",
    "localhost:3000",
    "localhost:65535",
    "127.0.0.1",
    "127.0.0.1:8080",
    "127.1.2.3:80",
    "[::1]",
    "[::1]:3000",
  ])("%s is answered", async (host) => {
    expect((await send(host, "/api/session")).status).toBe(200);
    expect((await send(host, "/members")).status).toBe(200);
  });

  it.each([
    "evil.example",
    "rants.example:8443",
    "rants.example.evil.example",
    "sub.rants.example",
    "localhost.evil.example",
    "127.0.0.1.nip.io",
    "10.0.0.5",
    "192.168.1.20:3000",
    "[::2]",
    "[fe80::1]:3000",
    "0.0.0.0",
  ])("%s is refused with 421", async (host) => {
    const api = await send(host, "/api/session");
    expect(api.status).toBe(421);
    expect(api.contentType).toMatch(/application\/json/);
    expect(JSON.parse(api.body)).toEqual({
      error: {
        code: "MISDIRECTED_REQUEST",
        message: "This server does not answer for that host name",
      },
    });
    const page = await send(host, "/members");
    expect(page.status).toBe(421);
    expect(page.body).not.toContain("<html");
    // Writes too, before anything else looks at them.
    const write = await send(host, "/api/contact", {
      method: "POST",
      headers: { "content-type": "application/json", origin: `http://${host}` },
      body: "{}",
    });
    expect(write.status).toBe(421);
  });

  it("does not matter to /api/health, which load balancers call by address", async () => {
    for (const host of ["10.0.0.5:3000", "evil.example", "rants.example"]) {
      const health = await send(host, "/api/health");
      expect(health.status, host).toBe(200);
      expect(JSON.parse(health.body)).toMatchObject({ status: "ok" });
    }
  });
});

describe("writes", () => {
  const contact = JSON.stringify({
    name: "Sam",
    email: "s@example.com",
    subject: "S",
    message: "M",
  });

  it("are same-origin with SITE_URL, not with the request's own URL", async () => {
    // Reached through loopback (allowed), but from a page on that loopback origin: not the site.
    const refused = await send("127.0.0.1:3000", "/api/contact", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://127.0.0.1:3000" },
      body: contact,
    });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({ error: { code: "CROSS_ORIGIN" } });
    // Behind a proxy that ends TLS the request itself is http; the browser's Origin is the site.
    const allowed = await send("rants.example", "/api/contact", {
      method: "POST",
      headers: { "content-type": "application/json", origin: SITE_URL },
      body: contact,
    });
    expect(allowed.status).toBe(201);
  });
});

describe("canonical links", () => {
  it("are SITE_URL and the normalised path, whatever the request's path", async () => {
    const page = await send("rants.example", "//evil.example/phish");
    expect(page.body).toContain(
      '<link rel="canonical" href="https://rants.example/evil.example/phish">',
    );
    expect(page.body).toContain(
      '<meta property="og:url" content="https://rants.example/evil.example/phish">',
    );
    const local = await send("localhost:3000", "/members/");
    expect(local.body).toContain('<link rel="canonical" href="https://rants.example/members">');
  });
});
