// The database unreachable, in-process: every Drizzle query and the LISTEN connection fail as
// pg fails when PostgreSQL is down (ECONNREFUSED). Every API route that needs the database,
// better-auth's included, must answer 503 with Retry-After in the API\'s error shape (docs/architecture.md "API"), never 500;
// record pages still load their shell (503); routes that need no database still answer.
// scripts/faults/postgres-restart.ts does the same against a real PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/server/app";
import { createAuth } from "@/server/auth/auth";
import type { Database, Db } from "@/server/db/client";
import { createLiveBus } from "@/server/lib/live-bus";
import { createRateLimiter } from "@/server/lib/rate-limit";
import type { StaticFile } from "@/server/lib/static-files";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";
import {
  buildCatalogue,
  type Catalogue,
  expectErrorShape,
  ID_ROUTE_BODIES,
  send,
} from "./input-catalogue";
import { type Callers, createCallers } from "./test-support";

function refused(): Error {
  const cause = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
    code: "ECONNREFUSED",
    errno: -111,
  });
  return Object.assign(new Error("Failed query"), { cause });
}

/** A Drizzle database whose every query, however it is built, fails to connect. */
function downDb(): Db {
  const handler: ProxyHandler<() => void> = {
    get(_target, property) {
      if (property === "then") {
        return (_resolve: unknown, reject: (error: Error) => void) => reject(refused());
      }
      if (property === "transaction") return () => Promise.reject(refused());
      return proxy;
    },
    apply: () => proxy,
  };
  const proxy: unknown = new Proxy(() => {}, handler);
  return proxy as Db;
}

const shell =
  '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>';
const files = new Map<string, StaticFile>([
  [
    "/index.html",
    {
      body: Buffer.from(shell),
      contentType: "text/html; charset=utf-8",
      etag: '"s"',
      immutable: false,
    },
  ],
]);

let t: TestApp;
let callers: Callers;
let catalogue: Catalogue;
let down: ReturnType<typeof createApp>;

beforeAll(async () => {
  // Members and records are made while the database is up; then the app sees it go away.
  t = await createTestApp();
  callers = await createCallers(t);
  catalogue = await buildCatalogue(t, callers, "outage-control-token-0123456789");
  const db = downDb();
  const database: Database = {
    db,
    backgroundDb: db,
    engine: "postgres",
    migrate: () => Promise.reject(refused()),
    listen: () => Promise.reject(refused()),
    close: () => Promise.resolve(),
  };
  down = createApp(
    {
      ...t.deps,
      db,
      auth: createAuth({
        db,
        secret: "test-secret-test-secret-test-secret!",
        siteUrl: t.env.siteUrl,
        siteName: t.env.siteName,
        adminEmails: [],
        mailer: t.deps.mailer,
        logger: t.logger,
        rateLimits: { signIn: 1000, signUp: 1000 },
        rateLimiter: createRateLimiter(db, 1000),
      }),
      rateLimiter: createRateLimiter(db, 1000),
      live: createLiveBus(database, { logger: t.logger }),
      controlToken: "outage-control-token-0123456789",
    },
    { staticFiles: files },
  );
});
afterAll(async () => {
  await t.close();
});

/** A client of the app with the database down, holding the caller's session cookie. */
function clientOf(caller: keyof Callers["members"] | "anonymous") {
  const client = createClient(down);
  if (caller !== "anonymous") {
    for (const [name, value] of callers.members[caller].client.cookies)
      client.cookies.set(name, value);
  }
  return client;
}

async function expectUnavailable(response: Response, what: string) {
  expect(response.status, `${what}: ${await response.clone().text()}`).toBe(503);
  expect(Number(response.headers.get("retry-after")), what).toBeGreaterThan(0);
  await expectErrorShape(response, what);
}

describe("with the database unreachable", () => {
  it("every endpoint that takes a body answers 503 with Retry-After", async () => {
    for (const endpoint of catalogue.bodies) {
      const client = clientOf(endpoint.caller);
      const response = await send(
        client,
        endpoint.method,
        endpoint.path,
        endpoint.valid(),
        endpoint.headers,
      );
      if (endpoint.refusedWithoutDatabase) {
        expect(response.status, endpoint.name).toBe(endpoint.answers);
      } else {
        await expectUnavailable(response, endpoint.name);
      }
    }
  });

  it("every list and every id route answers 503 with Retry-After", async () => {
    for (const endpoint of catalogue.queries) {
      const url = `${endpoint.path}?${new URLSearchParams(endpoint.valid)}`;
      const client = clientOf(endpoint.caller);
      const response = endpoint.method === "POST" ? await client.post(url) : await client.get(url);
      await expectUnavailable(response, url);
    }
    for (const route of catalogue.ids) {
      const key = `${route.method} ${route.path}`;
      const path = route.path.replace(
        ":id",
        route.knownId ?? "00000000-0000-4000-8000-000000000000",
      );
      const response = await send(clientOf(route.caller), route.method, path, ID_ROUTE_BODIES[key]);
      await expectUnavailable(response, key);
    }
  });

  it("the feeds and the sitemap answer 503 with Retry-After", async () => {
    for (const path of [
      "/blog/rss.xml",
      "/discussion/rss.xml",
      "/sitemap.xml",
      "/sitemap/discussions-1.xml",
    ]) {
      await expectUnavailable(await clientOf("anonymous").get(path), path);
    }
  });

  it("session lookups, sign-in, sign-out and the live stream answer 503", async () => {
    const member = callers.members.user;
    await expectUnavailable(await clientOf("user").get("/api/session"), "session");
    await expectUnavailable(await clientOf("user").get("/api/profiles/me"), "own profile");
    await expectUnavailable(await clientOf("user").get("/api/auth/get-session"), "get-session");
    await expectUnavailable(
      await clientOf("anonymous").post("/api/auth/sign-in/email", {
        email: member.email,
        password: member.password,
      }),
      "sign-in",
    );
    await expectUnavailable(
      await clientOf("anonymous").post("/api/auth/sign-up/email", {
        name: "New Person",
        email: "new-person@example.com",
        password: "a long password",
      }),
      "sign-up",
    );
    await expectUnavailable(await clientOf("user").post("/api/auth/sign-out", {}), "sign-out");
    await expectUnavailable(
      await clientOf("anonymous").get("/api/discussions/events"),
      "live stream",
    );
    await expectUnavailable(await clientOf("anonymous").get("/api/members/stats"), "member stats");
    await expectUnavailable(await clientOf("anonymous").get("/api/hero-words"), "hero words");
  });

  it("/api/health says the database is down", async () => {
    const response = await clientOf("anonymous").get("/api/health");
    expect(response.status).toBe(503);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await response.json()).toEqual({
      status: "unavailable",
      database: { state: "down", latencyMs: null },
    });
  });

  it("pages still load: record pages as their shell with status 503, others as usual", async () => {
    const home = await down.request("/");
    expect(home.status).toBe(200);
    for (const page of [
      "/discussion/00000000-0000-4000-8000-000000000000",
      `/profile/${callers.other.id}`,
    ]) {
      const response = await down.request(page);
      expect(response.status, page).toBe(503);
      expect(response.headers.get("retry-after"), page).toBe("5");
      expect(await response.text(), page).toContain('<div id="root">');
    }
  });

  it("validation still comes first: a bad body is a 400, not a 503", async () => {
    const response = await clientOf("anonymous").post("/api/contact", { name: "" });
    expect(response.status).toBe(400);
  });
});
