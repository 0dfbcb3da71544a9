import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiErrorBody } from "@/shared/api-types";
import { createApp } from "./app";
import { scaledAuthRateLimits } from "./auth/auth";
import { EnvError, loadEnv } from "./env";
import { createRateLimiter } from "./lib/rate-limit";
import type { StaticFile } from "./lib/static-files";
import { createClient, createTestApp, type TestApp } from "./test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: { signIn: 3, signUp: 2 } });
});
afterAll(async () => {
  await t.close();
});

describe("configuration", () => {
  it("names the variable with a bad value", () => {
    expect(() => loadEnv({ PORT: "eighty" })).toThrow(EnvError);
    expect(() => loadEnv({ PORT: "eighty" })).toThrow(/PORT: must be a port number/);
    expect(() => loadEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadEnv({ ADMIN_EMAILS: "a@b.co, nope" })).toThrow(/ADMIN_EMAILS/);
    expect(() => loadEnv({ SITE_URL: "ftp://x" })).toThrow(/SITE_URL/);
    expect(() => loadEnv({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
    expect(() => loadEnv({ AUTH_SECRET: "short" })).toThrow(/AUTH_SECRET/);
    expect(() => loadEnv({ RATE_LIMIT_MULTIPLIER: "0" })).toThrow(/RATE_LIMIT_MULTIPLIER/);
    expect(() => loadEnv({ PGLITE_SHARED_BUFFERS_MB: "32MB" })).toThrow(
      /PGLITE_SHARED_BUFFERS_MB: must be a whole number of megabytes \(1 to 4096\)/,
    );
    expect(() => loadEnv({ PGLITE_SHARED_BUFFERS_MB: "0" })).toThrow(/PGLITE_SHARED_BUFFERS_MB/);
  });

  it("scales the sign-in, sign-up and other account limits by RATE_LIMIT_MULTIPLIER", () => {
    expect(scaledAuthRateLimits(loadEnv({}).rateLimitMultiplier)).toEqual({
      signIn: 10,
      signUp: 5,
      other: 100,
    });
    expect(scaledAuthRateLimits(3)).toEqual({ signIn: 30, signUp: 15, other: 300 });
    expect(scaledAuthRateLimits(0.01)).toEqual({ signIn: 1, signUp: 1, other: 1 });
  });

  it("has defaults for everything", () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ port: 3000, siteUrl: "http://localhost:3000", adminEmails: [] });
    expect(env.dataDir).toMatch(/data$/);
  });

  it("lower-cases ADMIN_EMAILS and treats an empty variable as unset", () => {
    expect(loadEnv({ ADMIN_EMAILS: " A@B.co ,c@d.org", PORT: "" })).toMatchObject({
      adminEmails: ["a@b.co", "c@d.org"],
      port: 3000,
    });
  });
});

describe("the API edge", () => {
  it("answers an unknown /api path with a JSON 404", async () => {
    const response = await t.app.request("/api/nothing/here");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "NOT_FOUND", message: "Not found" } });
  });

  it("refuses a write from another origin", async () => {
    const response = await t.app.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      body: JSON.stringify({ email: "a@b.co", password: "whatever1" }),
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as ApiErrorBody).error.code).toBe("CROSS_ORIGIN");
  });

  it("refuses a cross-site write that carries only Fetch Metadata", async () => {
    const response = await t.app.request("/api/auth/sign-out", {
      method: "POST",
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(response.status).toBe(403);
  });

  it("sends the security headers", async () => {
    const response = await t.app.request("/api/session");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("adds HSTS when the site is served over https", async () => {
    const env = loadEnv({ SITE_URL: "https://rants.example" });
    const app = createApp({ ...deps(), env });
    const response = await app.request("/api/nothing");
    expect(response.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
  });

  it("never sends internals when a handler fails", async () => {
    const app = createApp({
      ...deps(),
      auth: {
        ...t.auth,
        api: { getSession: () => Promise.reject(new Error("SELECT secret FROM pg_catalog")) },
      } as never,
    });
    const response = await app.request("/api/session", {
      headers: { cookie: "rc.session_token=x" },
    });
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(body).not.toContain("SELECT");
    expect(JSON.parse(body)).toEqual({
      error: { code: "INTERNAL_ERROR", message: "Something went wrong. Please try again." },
    });
  });
});

describe("rate limits", () => {
  it("limits sign-in attempts per client with 429 and Retry-After", async () => {
    const client = createClient(t.app, "203.0.113.9");
    const attempt = () =>
      client.post("/api/auth/sign-in/email", {
        email: "nobody@example.com",
        password: "wrong password",
      });
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await limited.json()) as ApiErrorBody).error.code).toBe("RATE_LIMITED");
    // Another client is not affected.
    expect(
      (
        await createClient(t.app, "203.0.113.10").post("/api/auth/sign-in/email", {
          email: "nobody@example.com",
          password: "wrong password",
        })
      ).status,
    ).toBe(401);
  });

  it("limits sign-ups per client", async () => {
    const client = createClient(t.app, "198.51.100.4");
    const attempt = (n: number) =>
      client.post("/api/auth/sign-up/email", {
        name: "Spam Bot",
        email: `bot${n}@example.com`,
        password: "password123",
      });
    expect((await attempt(1)).status).toBe(200);
    expect((await attempt(2)).status).toBe(200);
    expect((await attempt(3)).status).toBe(429);
  });

  it("limits the other account endpoints (sign-out) per client at the scaled figure", async () => {
    const limited = await createTestApp({ rateLimits: { signIn: 3, signUp: 2, other: 2 } });
    try {
      const client = createClient(limited.app, "198.51.100.9");
      const signOut = () => client.post("/api/auth/sign-out", {});
      expect((await signOut()).status).not.toBe(429);
      expect((await signOut()).status).not.toBe(429);
      expect((await signOut()).status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it("does not trust a client-sent address header", async () => {
    const client = createClient(t.app, "192.0.2.77");
    const attempt = (ip: string) =>
      client.post(
        "/api/auth/sign-in/email",
        { email: "x@example.com", password: "wrong password" },
        { "x-client-ip": ip, "x-forwarded-for": ip },
      );
    for (let i = 0; i < 3; i++) await attempt(`192.0.2.${i}`);
    expect((await attempt("192.0.2.200")).status).toBe(429);
  });
});

describe("serving the client", () => {
  const shell =
    '<!doctype html><html><head><title>x</title><meta name="description" content="x"></head><body><div id="root"></div></body></html>';
  const file = (body: string, contentType: string, immutable = false): StaticFile => ({
    body: Buffer.from(body),
    contentType,
    etag: '"e"',
    immutable,
  });
  const files = new Map<string, StaticFile>([
    ["/index.html", file(shell, "text/html; charset=utf-8")],
    ["/assets/app-abc123.js", file("console.log(1)", "text/javascript; charset=utf-8", true)],
    ["/favicon.svg", file("<svg></svg>", "image/svg+xml")],
  ]);
  const app = () => createApp(deps(), { staticFiles: files });

  it("serves a route as the shell with its metadata", async () => {
    const response = await app().request("/members");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>Community Members · Rant Community</title>");
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/members">');
    expect(html).toContain('<meta property="og:title"');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it("serves an unknown page as the shell with status 404", async () => {
    const response = await app().request("/no/such/page");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<div id="root">');
  });

  it("serves real files as themselves, hashed assets cached for a year", async () => {
    const icon = await app().request("/favicon.svg");
    expect(await icon.text()).toBe("<svg></svg>");
    const asset = await app().request("/assets/app-abc123.js");
    expect(asset.headers.get("cache-control")).toContain("immutable");
  });

  it("never answers a missing file with the shell", async () => {
    const response = await app().request("/favicon.ico");
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("root");
  });
});

function deps() {
  return {
    env: t.env,
    db: t.db,
    backgroundDb: t.db,
    auth: t.auth,
    mailer: { send: async () => {} },
    bulkMailTransport: { deliver: async () => {} },
    jobs: t.deps.jobs,
    secret: t.deps.secret,
    logger: t.logger,
    rateLimiter: createRateLimiter(t.db, 1),
    live: t.deps.live,
    metrics: t.deps.metrics,
    storage: t.deps.storage,
    readPositions: t.deps.readPositions,
    clientIp: () => "127.0.0.1",
  };
}
