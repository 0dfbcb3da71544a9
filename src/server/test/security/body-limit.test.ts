// Every route that takes a body, the app's own and better-auth's, refuses one over 64 KB with
// 413 in the API\'s error shape (docs/architecture.md "API") before reading it: declared lengths from the headers, chunked
// bodies (no Content-Length) after 64 KB of reading. The avatar upload keeps its own larger
// limit. The memory side, against a real server process: body-limit-memory.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/server/app";
import { REQUEST_BODY_MAX_BYTES } from "@/server/lib/body-limit";
import { createMember } from "@/server/test/factories";
import { createTestApp, TEST_SITE_URL, type TestApp } from "@/server/test/test-app";
import { expectErrorShape } from "./input-catalogue";
import { MUTATING_METHODS } from "./permission-matrix";
import { cookieHeader } from "./test-support";

const AVATAR_ROUTE = "PUT /api/profiles/me/avatar";
/** A post image's upload (decision 065): 5 MB, like the avatar. */
const IMAGE_ROUTE = "POST /api/images";

let t: TestApp;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  t = await createTestApp();
  app = createApp({ ...t.deps, controlToken: "body-limit-control-token-0123456789" });
});
afterAll(async () => {
  await t.close();
});

/** "METHOD /path" for every mutating route of the app and of better-auth, ids filled in. */
function routesWithBodies(): string[] {
  const own = app.routes
    .filter((route) => MUTATING_METHODS.includes(route.method))
    .map((route) => `${route.method} ${route.path}`);
  const betterAuth = Object.values(t.auth.api as Record<string, unknown>).flatMap((endpoint) => {
    const { path, options } = endpoint as { path?: string; options?: { method?: unknown } };
    const methods = [options?.method].flat();
    return path && methods.includes("POST") ? [`POST /api/auth${path}`] : [];
  });
  return [...new Set([...own, ...betterAuth])].map((route) =>
    route.replace(/:\w+/g, "00000000-0000-4000-8000-000000000000").replace(/\/\*$/, "/x"),
  );
}

/** A JSON document of `bytes` bytes: what a form would send, only bigger. */
function jsonOf(bytes: number): string {
  const padding = bytes - '{"message":""}'.length;
  return `{"message":"${"x".repeat(padding)}"}`;
}

/** 8 MB in 16 KB chunks, counting what the server read; no Content-Length is sent. */
function chunkedBody() {
  const chunk = new TextEncoder().encode("x".repeat(16 * 1024));
  const state = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= 8 * 1024 * 1024) return controller.close();
      state.pulled += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { stream, state };
}

function send(route: string, body: BodyInit, headers: Record<string, string> = {}) {
  const [method = "POST", path = "/"] = route.split(" ");
  return app.request(new URL(path, TEST_SITE_URL).href, {
    method,
    body,
    headers: { origin: TEST_SITE_URL, "content-type": "application/json", ...headers },
    duplex: "half",
  } as RequestInit);
}

describe("a body over 64 KB", () => {
  it("is refused with 413 on every route that takes one, better-auth's included", async () => {
    const routes = routesWithBodies().filter(
      (route) => route !== AVATAR_ROUTE && route !== IMAGE_ROUTE,
    );
    expect(routes.length).toBeGreaterThan(40);
    expect(routes).toContain("POST /api/contact");
    expect(routes).toContain("POST /api/auth/sign-up/email");
    const body = jsonOf(REQUEST_BODY_MAX_BYTES + 1);
    for (const route of routes) {
      const response = await send(route, body);
      expect(response.status, route).toBe(413);
      await expectErrorShape(response, route);
    }
  });

  it("is refused when chunked without a length, after reading no more than the limit", async () => {
    for (const route of ["POST /api/contact", "POST /api/auth/sign-in/email", "PATCH /api/x"]) {
      const { stream, state } = chunkedBody();
      const response = await send(route, stream);
      expect(response.status, route).toBe(413);
      expect(await response.json(), route).toEqual({
        error: { code: "PAYLOAD_TOO_LARGE", message: "The request is too large (at most 64 KB)" },
      });
      // The stream reads ahead by a chunk or two; it never gets far past the limit.
      expect(state.pulled, route).toBeLessThan(REQUEST_BODY_MAX_BYTES + 64 * 1024);
    }
  });

  it("is refused on a declared length alone, before the body is read", async () => {
    const { stream, state } = chunkedBody();
    const response = await send("POST /api/contact", stream, { "content-length": "10485760" });
    expect(response.status).toBe(413);
    expect(state.pulled).toBeLessThanOrEqual(16 * 1024);
  });
});

describe("a body within the limit", () => {
  it("gets through to validation, chunked or not", async () => {
    const body = jsonOf(REQUEST_BODY_MAX_BYTES);
    const plain = await send("POST /api/contact", body);
    expect(plain.status).toBe(400);
    const chunked = await send("POST /api/contact", new Blob([body]).stream());
    expect(chunked.status).toBe(400);
    expect(await chunked.json()).toMatchObject({ error: { code: "INVALID_INPUT" } });
  });

  it("is read whole by better-auth when chunked", async () => {
    const member = await createMember(t);
    const body = JSON.stringify({ email: member.email, password: "a wrong password" });
    const response = await send("POST /api/auth/sign-in/email", new Blob([body]).stream());
    expect(response.status).toBe(401);
  });
});

describe("the post image upload", () => {
  it("keeps its own larger limit", async () => {
    const member = await createMember(t);
    const form = new FormData();
    form.set("image", new Blob([new Uint8Array(1024 * 1024)], { type: "image/png" }), "a.png");
    const response = await app.request(`${TEST_SITE_URL}/api/images`, {
      method: "POST",
      body: form,
      headers: { origin: TEST_SITE_URL, cookie: cookieHeader(member.client) },
    });
    // Read whole and refused as no image, not as too large.
    expect(response.status).toBe(415);
  });
});

describe("the avatar upload", () => {
  it("keeps its own larger limit", async () => {
    const member = await createMember(t);
    const form = new FormData();
    form.set("avatar", new Blob([new Uint8Array(1024 * 1024)], { type: "image/png" }), "a.png");
    const response = await app.request(`${TEST_SITE_URL}/api/profiles/me/avatar`, {
      method: "PUT",
      body: form,
      headers: { origin: TEST_SITE_URL, cookie: cookieHeader(member.client) },
    });
    // Read whole and refused as no image, not as too large.
    expect(response.status).toBe(415);
  });
});
