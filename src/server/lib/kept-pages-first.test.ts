// Kept pages answered before the app (lib/kept-pages-first.ts) must be the app's own answer:
// the same status, bytes and headers as the app gives from its kept pages, for each theme and
// encoding; and every request it cannot answer exactly so goes to the app.
import { request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/server/app";
import { builtClient } from "@/server/test/built-client";
import { createMember } from "@/server/test/factories";
import { createTestApp, type TestApp } from "@/server/test/test-app";
import { serverWithAnswersFirst } from "./answers-first";
import { keptPagesFirst } from "./kept-pages-first";
import { createPageCache } from "./page-cache";
import { inlineScriptHashes, securityHeaderList } from "./security";
import { shellOf } from "./static-files";

const SHELL =
  '<!doctype html><html lang="en"><head><title>Rant Community</title>' +
  '<meta name="description" content="x"></head><body><div id="root"></div>' +
  "<script>window.started=1</script>" +
  '<script type="module" src="/assets/main.js"></script></body></html>';

const files = builtClient(SHELL);

let t: TestApp;
let server: Server;
let port: number;
let siteHost: string;
/** Whether each request was answered before the app, in order. */
const answeredFirst: boolean[] = [];
/** While true, everything goes to the app (as while the server drains). */
let appOnly = false;
let sessionCookie: string;
let cache: ReturnType<typeof createPageCache>;

beforeAll(async () => {
  t = await createTestApp();
  const member = await createMember(t, { name: "Kept Reader" });
  sessionCookie = [...member.client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  siteHost = new URL(t.deps.env.siteUrl).host;
  cache = createPageCache({ ttlMs: 60_000, maxEntries: 100 });
  const app = createApp(t.deps, { staticFiles: files, pageCache: cache });
  const keptPages = keptPagesFirst({
    cache,
    siteUrl: t.deps.env.siteUrl,
    securityHeaders: await securityHeaderList(
      t.deps.env.siteUrl,
      inlineScriptHashes(shellOf(files)),
    ),
    logger: t.logger,
    clientIp: () => "127.0.0.1",
    metrics: t.deps.metrics,
    draining: () => appOnly,
  });
  await new Promise<void>((resolve) => {
    server = serve(
      {
        fetch: app.fetch,
        port: 0,
        hostname: "127.0.0.1",
        createServer: serverWithAnswersFirst([
          (request, response) => {
            const answered = keptPages(request, response);
            answeredFirst.push(answered);
            return answered;
          },
        ]),
      },
      () => resolve(),
    ) as Server;
  });
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer; first: boolean };

/** A request over HTTP with these headers (Host: the site's own unless given). */
function get(
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: "127.0.0.1", port, path, method, headers: { host: siteHost, ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
            first: answeredFirst.at(-1) ?? false,
          }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** Headers that differ per answer, whoever makes it. */
function comparable(headers: IncomingHttpHeaders) {
  const { date, "x-request-id": _id, ...rest } = headers;
  return rest;
}

describe("pages that are one visitor's (decision 061)", () => {
  it("a kept page that says no-store is never answered from the cache", async () => {
    cache.set("/no-store-page", {
      status: 200,
      body: "<p>one visitor's</p>",
      headers: { "cache-control": "private, no-store" },
    });
    const answer = await get("/no-store-page");
    expect(answer.first).toBe(false);
    expect(answer.body.toString()).not.toContain("one visitor's");
  });

  it("a form sent without scripts is answered with its page under node, gzip asked or not", async () => {
    // The newsletter's outcome is read from its JSON route's answer, called inside the app.
    for (const encoding of ["identity", "gzip"]) {
      const body = new URLSearchParams({
        intent: "newsletter",
        email: `node-${encoding}@example.com`,
      }).toString();
      const answer = await get(
        "/",
        {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": String(Buffer.byteLength(body)),
          origin: t.deps.env.siteUrl,
          "accept-encoding": encoding,
        },
        "POST",
        body,
      );
      expect(answer.status, encoding).toBe(200);
      expect(answer.headers["cache-control"]).toBe("private, no-store");
      const html =
        answer.headers["content-encoding"] === "gzip" ? gunzipSync(answer.body) : answer.body;
      expect(html.toString(), encoding).toContain(
        "Please check your email to confirm your subscription.",
      );
    }
  });
});

describe("kept pages answered before the app", () => {
  it("answer as the app answers from its kept pages, for every theme and encoding", async () => {
    const variants: Record<string, string>[] = [
      {},
      { "accept-encoding": "gzip, deflate" },
      { cookie: "theme=dark" },
      { cookie: "theme=light; other=1", "accept-encoding": "gzip" },
    ];
    for (const headers of variants) {
      await get("/discussion", headers);
      const first = await get("/discussion", headers);
      expect(first.first, JSON.stringify(headers)).toBe(true);
      // The app answers the same request from the same kept page.
      appOnly = true;
      const app = await get("/discussion", headers);
      appOnly = false;
      expect(app.first).toBe(false);
      expect(first.status).toBe(app.status);
      expect(comparable(first.headers)).toEqual(comparable(app.headers));
      expect(first.body.equals(app.body), JSON.stringify(headers)).toBe(true);
      expect(first.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("counts each answer in the metrics under the pages' route, as the app does", async () => {
    const count = async () => {
      const text = await t.deps.metrics.registry.metrics();
      const line = text
        .split("\n")
        .find((entry) =>
          entry.startsWith('http_requests_total{method="GET",route="*",status="200"}'),
        );
      return Number(line?.split(" ").at(-1) ?? 0);
    };
    await get("/blog");
    const before = await count();
    expect((await get("/blog")).first).toBe(true);
    expect(await count()).toBe(before + 1);
  });

  it("keeps a 404 a 404 and a caller's request id", async () => {
    await get("/no/such/page");
    const first = await get("/no/such/page", { "x-request-id": "trace-7" });
    expect(first.first).toBe(true);
    expect(first.status).toBe(404);
    expect(first.headers["x-request-id"]).toBe("trace-7");
  });

  it("answers the site's host and loopback names, as the app does", async () => {
    await get("/members");
    expect((await get("/members", { host: `127.0.0.1:${port}` })).first).toBe(true);
    expect((await get("/members", { host: "LOCALHOST" })).first).toBe(true);
  });

  it("leaves to the app members, other methods, other hosts and pages not kept", async () => {
    await get("/members");
    const member = await get("/members", { cookie: sessionCookie });
    expect(member.first).toBe(false);
    expect(member.headers["cache-control"]).toBe("private, no-store");
    expect((await get("/members", {}, "HEAD")).first).toBe(false);
    const stranger = await get("/members", { host: "evil.example" });
    expect(stranger.first).toBe(false);
    expect(stranger.status).toBe(421);
    expect((await get("/members?page=not-kept-yet")).first).toBe(false);
    expect((await get("/api/session")).first).toBe(false);
  });
});
